import {
  type ModuleDetail,
  moduleEndpoints,
  type UpdateModuleRequest,
  updateModuleRequestSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

export type UpdateModuleParams = { id: number; body: UpdateModuleRequest };

/** PUT /v2/modules/{id} {name, status?}. */
export async function updateModule({ id, body }: UpdateModuleParams): Promise<ModuleDetail> {
  const request = updateModuleRequestSchema.parse(body);
  return call(moduleEndpoints.update, { params: { id }, body: request });
}

export function useUpdateModule(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModule,
    meta: { successMessage },
    // A user's row lists their modules, so the user lists change too.
    onSuccess: () => invalidateReads(queryClient, 'modules', 'users'),
  });
}
