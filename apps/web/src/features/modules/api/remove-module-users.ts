import { type ModuleDetail, moduleEndpoints, moduleUsersRequestSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModuleUsersParams } from '@/features/modules/api/add-module-users';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { call } from '@/lib/call';

/** PUT /v2/modules/{id}/removeUsers with the user ids as the body. */
export async function removeModuleUsers({ id, userIds }: ModuleUsersParams): Promise<ModuleDetail> {
  const body = moduleUsersRequestSchema.parse(userIds);
  return call(moduleEndpoints.removeUsers, { params: { id }, body });
}

export function useRemoveModuleUsers(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeModuleUsers,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesQueryRoot }),
  });
}
