import { type ModuleDetail, moduleEndpoints, moduleUsersRequestSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { call } from '@/lib/call';

export type ModuleUsersParams = { id: number; userIds: number[] };

/** PUT /v2/modules/{id}/addUsers with the user ids as the body. */
export async function addModuleUsers({ id, userIds }: ModuleUsersParams): Promise<ModuleDetail> {
  const body = moduleUsersRequestSchema.parse(userIds);
  return call(moduleEndpoints.addUsers, { params: { id }, body });
}

export function useAddModuleUsers(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addModuleUsers,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesQueryRoot }),
  });
}
