import { type ModuleDetail, moduleEndpoints, moduleUsersRequestSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

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
    // A user's row lists their modules, so the user lists change too.
    onSuccess: () => invalidateReads(queryClient, 'modules', 'users'),
  });
}
