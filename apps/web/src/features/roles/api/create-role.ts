import { type CreateRoleRequest, type RoleDetail, roleEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleQuery } from '@/features/roles/api/get-role';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST v2/roles (no Operation): a new role, plain, maker or checker, with its first grants. */
export async function createRole(body: CreateRoleRequest): Promise<RoleDetail> {
  return call(roleEndpoints.create, { body });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: (role) => {
      queryClient.setQueryData(roleQuery(role.name).queryKey, role);
      return invalidateReads(queryClient, 'roles');
    },
  });
}
