import { authConfigEndpoints, DEFAULT_PASSWORD_POLICY, PASSWORD_POLICY_TEXT } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

export const passwordPolicyQuery = queryOptions({
  queryKey: ['password-policy'],
  queryFn: () => call(authConfigEndpoints.passwordPolicy, {}, { isPublic: true }),
  staleTime: 60_000,
  meta: { isGlobalErrorSkipped: true },
});

/**
 * GET v2/password-policy: the rules a new password must meet (Settings › integrations/auth-config). Until it answers
 * (or if it cannot), the default policy: the server checks again either way.
 */
export function usePasswordPolicy() {
  const query = useQuery(passwordPolicyQuery);
  return query.data ?? { ...DEFAULT_PASSWORD_POLICY, text: PASSWORD_POLICY_TEXT };
}
