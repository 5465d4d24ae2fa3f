import { type ModuleDetail, moduleEndpoints, moduleUsersRequestSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModuleUsersParams } from '@/features/modules/api/add-module-users';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

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
    // A user's row lists their modules, so the user lists change too.
    onSuccess: () => invalidateReads(queryClient, 'modules', 'users'),
  });
}
