import { type RoleDetail, roleEndpoints, type UpdateRoleRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleQuery } from '@/features/roles/api/get-role';
import { call } from '@/lib/call';
import { errorBodyOf, firstServerMessage, httpStatusOf } from '@/lib/http-errors';
import { notifyHttpError } from '@/lib/query-client';
import { invalidateReads } from '@/lib/reads/read-keys';
import { showErrorToast } from '@/lib/toast';

/** PUT v2/roles/{id}: a new name (not for built-in roles) and the maker / checker flags. */
export async function updateRole(id: number, body: UpdateRoleRequest): Promise<RoleDetail> {
  return call(roleEndpoints.update, { params: { id }, body });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRoleRequest }) => updateRole(id, body),
    onSuccess: (role) => {
      queryClient.setQueryData(roleQuery(role.name).queryKey, role);
      // Users show the role under its new name; the signed-in user may hold it.
      return invalidateReads(queryClient, 'roles', 'privileges', 'users');
    },
  });
}

/** DELETE v2/roles/{id}: a role no user holds; the server's refusal (409, naming how many do) shows word for word. */
export async function deleteRole(id: number): Promise<void> {
  await call(roleEndpoints.remove, { params: { id } });
}

export function useDeleteRole(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    meta: { successMessage, isGlobalErrorSkipped: true },
    onError: (error) => {
      const held = httpStatusOf(error) === 409 ? firstServerMessage(errorBodyOf(error)) : undefined;
      if (held) showErrorToast([held]);
      else void notifyHttpError(error);
    },
    onSuccess: () => invalidateReads(queryClient, 'roles'),
  });
}
