import {
  authEndpoints,
  type MessageBody,
  type ResetPasswordRequest,
  resetPasswordRequestSchema,
} from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST v2/resetPassword with the emailed tempToken; the server answers 400 "OTP is required" when a code is needed. */
export async function resetPassword(body: ResetPasswordRequest): Promise<MessageBody> {
  const request = resetPasswordRequestSchema.parse(body);
  return call(authEndpoints.resetPassword, { body: request }, { isPublic: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
