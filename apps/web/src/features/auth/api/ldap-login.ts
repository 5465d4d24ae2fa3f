import { FIRST_LOAD_PATHS, type LoginRequest, type LoginResponse } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /v2/ldap_login: sign-in against the directory, same body and answer as the password login. */
export async function ldapLogin(body: LoginRequest): Promise<LoginResponse> {
  const { loginRequestSchema, loginResponseSchema } = await import('@/features/auth/api/login-schemas');
  const request = loginRequestSchema.parse(body);
  const { data } = await http.post(FIRST_LOAD_PATHS.ldapLogin, request, { isPublic: true });
  return loginResponseSchema.parse(data);
}

export function useLdapLogin() {
  return useMutation({ mutationFn: ldapLogin, meta: { isGlobalErrorSkipped: true } });
}
