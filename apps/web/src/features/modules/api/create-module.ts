import {
  type CreateModuleRequest,
  createModuleRequestSchema,
  type ModuleDetail,
  moduleEndpoints,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { call } from '@/lib/call';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesQueryRoot }),
  });
}
