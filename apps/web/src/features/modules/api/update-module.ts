import {
  type ModuleDetail,
  moduleEndpoints,
  type UpdateModuleRequest,
  updateModuleRequestSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { call } from '@/lib/call';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesQueryRoot }),
  });
}
