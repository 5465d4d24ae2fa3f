import {
  type RoleDetail,
  roleDetailSchema,
  type UpdatePrivilegeRequest,
  updatePrivilegeRequestSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleQuery } from '@/features/roles/api/get-role';
import { http } from '@/lib/http';

/** POST v2/roles?Operation=UpdatePrivilege: sets the role's v2 grants to exactly the listed codes. */
export async function updateRolePrivileges(body: UpdatePrivilegeRequest): Promise<RoleDetail> {
  const request = updatePrivilegeRequestSchema.parse(body);
  const { data } = await http.post('/v2/roles', request, { params: { Operation: 'UpdatePrivilege' } });
  return roleDetailSchema.parse(data);
}

export function useUpdateRolePrivileges(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRolePrivileges,
    meta: { successMessage },
    onSuccess: (role) => queryClient.setQueryData(roleQuery(role.name).queryKey, role),
  });
}
