import {
  authEndpoints,
  type ForgotPasswordRequest,
  forgotPasswordRequestSchema,
  type MessageBody,
} from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST v2/forgotPassword: always answers the same generic message, whether the user exists or not. */
export async function forgotPassword(body: ForgotPasswordRequest): Promise<MessageBody> {
  const request = forgotPasswordRequestSchema.parse(body);
  return call(authEndpoints.forgotPassword, { body: request }, { isPublic: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
