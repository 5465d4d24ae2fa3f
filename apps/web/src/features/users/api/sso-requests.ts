import { type UpdateSsoUserRequest, userEndpoints } from '@recon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads, readKeys } from '@/lib/reads/read-keys';

/** GET v2/appusers/ssoRequested: users who arrived by SSO or LDAP and wait for an admin. */
export function useSsoRequested() {
  return useQuery({
    queryKey: readKeys.users.ssoRequested(),
    queryFn: async () => (await call(userEndpoints.ssoRequested, {})).data,
  });
}

/** PUT v2/appusers/updateSsoUserDetails: approve with roles and modules, or reject with a remark. */
export function useDecideSsoUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSsoUserRequest) => call(userEndpoints.updateSsoUser, { body }),
    onSuccess: () => invalidateReads(queryClient, 'users', 'roles'),
  });
}
