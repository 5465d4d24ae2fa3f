import {
  type MessageBody,
  messageBodySchema,
  type ResetPasswordRequest,
  resetPasswordRequestSchema,
} from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST v2/resetPassword with the emailed tempToken; the server answers 400 "OTP is required" when a code is needed. */
export async function resetPassword(body: ResetPasswordRequest): Promise<MessageBody> {
  const request = resetPasswordRequestSchema.parse(body);
  const { data } = await http.post('/v2/resetPassword', request, { isPublic: true });
  return messageBodySchema.parse(data);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
