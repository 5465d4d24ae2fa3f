import {
  type ModuleDetail,
  moduleDetailSchema,
  type UpdateModuleRequest,
  updateModuleRequestSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { http } from '@/lib/http';

export type UpdateModuleParams = { id: number; body: UpdateModuleRequest };

/** PUT /v2/modules/{id} {name, status?}. */
export async function updateModule({ id, body }: UpdateModuleParams): Promise<ModuleDetail> {
  const request = updateModuleRequestSchema.parse(body);
  const { data } = await http.put(`/v2/modules/${id}`, request);
  return moduleDetailSchema.parse(data);
}

export function useUpdateModule(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModule,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesQueryRoot }),
  });
}
