import {
  type RoleDetail,
  roleEndpoints,
  type UpdatePrivilegeRequest,
  updatePrivilegeRequestSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleQuery } from '@/features/roles/api/get-role';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST v2/roles?Operation=UpdatePrivilege: sets the role's v2 grants to exactly the listed codes. */
export async function updateRolePrivileges(body: UpdatePrivilegeRequest): Promise<RoleDetail> {
  const request = updatePrivilegeRequestSchema.parse(body);
  return call(roleEndpoints.updatePrivileges, { body: request });
}

export function useUpdateRolePrivileges(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRolePrivileges,
    meta: { successMessage },
    onSuccess: (role) => {
      queryClient.setQueryData(roleQuery(role.name).queryKey, role);
      // The signed-in user may hold the role: their privileges (and menu) are asked for again.
      return invalidateReads(queryClient, 'privileges');
    },
  });
}
