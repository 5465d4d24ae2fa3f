import type { LoginRequest, LoginResponse } from '@recon/contract';
import { FIRST_LOAD_PATHS } from '@recon/contract/first-load-paths';
import { useMutation } from '@tanstack/react-query';

/** POST /v2/ldap_login: sign-in against the directory, same body and answer as the password login. */
export async function ldapLogin(body: LoginRequest): Promise<LoginResponse> {
  // The HTTP client (axios) loads with the first attempt, as the schemas do: /login's first load carries neither.
  const [{ loginRequestSchema, loginResponseSchema }, { http }] = await Promise.all([
    import('@/features/auth/api/login-schemas'),
    import('@/lib/http'),
  ]);
  const request = loginRequestSchema.parse(body);
  const { data } = await http.post(FIRST_LOAD_PATHS.ldapLogin, request, { isPublic: true });
  return loginResponseSchema.parse(data);
}

export function useLdapLogin() {
  return useMutation({ mutationFn: ldapLogin, meta: { isGlobalErrorSkipped: true } });
}
