import { type LoginRequest, type LoginResponse, loginRequestSchema, loginResponseSchema } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST v2/login: the signed-in user, or a pending one-time-code step when MFA is on. */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  const request = loginRequestSchema.parse(body);
  const { data } = await http.post('/v2/login', request, { isPublic: true });
  return loginResponseSchema.parse(data);
}

/** The login form shows its own failure text, so the global toast stays quiet. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { isGlobalErrorSkipped: true } });
}
