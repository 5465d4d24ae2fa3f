import {
  type ForgotPasswordRequest,
  forgotPasswordRequestSchema,
  type MessageBody,
  messageBodySchema,
} from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST v2/forgotPassword: always answers the same generic message, whether the user exists or not. */
export async function forgotPassword(body: ForgotPasswordRequest): Promise<MessageBody> {
  const request = forgotPasswordRequestSchema.parse(body);
  const { data } = await http.post('/v2/forgotPassword', request, { isPublic: true });
  return messageBodySchema.parse(data);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
