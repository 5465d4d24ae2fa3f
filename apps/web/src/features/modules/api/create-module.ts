import {
  type CreateModuleRequest,
  createModuleRequestSchema,
  type ModuleDetail,
  moduleEndpoints,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST /v2/modules {name, userIds}. */
export async function createModule(body: CreateModuleRequest): Promise<ModuleDetail> {
  const request = createModuleRequestSchema.parse(body);
  return call(moduleEndpoints.create, { body: request });
}

/** The form shows a name clash on the name field and hands every other failure to the common toast. */
export function useCreateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModule,
    meta: { isGlobalErrorSkipped: true },
    // A user's row lists their modules, so the user lists change too.
    onSuccess: () => invalidateReads(queryClient, 'modules', 'users'),
  });
}
