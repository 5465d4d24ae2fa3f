import { type LdapConfig, type LdapConfigInput, ldapConfigInputSchema, ldapEndpoints } from '@recon/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';

export const ldapConfigQuery = queryOptions({
  queryKey: ['ldap-config'],
  queryFn: () => call(ldapEndpoints.config),
});

/** GET v2/ldap/config: the installation's directory, or null before one is set up. */
export function useLdapConfig() {
  return useQuery(ldapConfigQuery);
}

/** PUT v2/ldap/config. The caller shows field errors itself (saveWithFieldErrors). */
export function useSaveLdapConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LdapConfigInput): Promise<LdapConfig> =>
      call(ldapEndpoints.save, { body: ldapConfigInputSchema.parse(body) }),
    meta: { successMessage, isGlobalErrorSkipped: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ldapConfigQuery.queryKey }),
  });
}

/** POST v2/ldap/config/test: the form's values against the directory; the answer says how it went. */
export function useTestLdapConfig() {
  return useMutation({
    mutationFn: (body: LdapConfigInput) => call(ldapEndpoints.test, { body: ldapConfigInputSchema.parse(body) }),
    meta: { isGlobalErrorSkipped: true },
  });
}
