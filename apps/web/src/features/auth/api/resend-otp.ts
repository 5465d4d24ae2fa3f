import { type MessageBody, messageBodySchema } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET v2/resendotp/{userId}: sends a new one-time code. */
export async function resendOtp(userId: number): Promise<MessageBody> {
  if (!Number.isInteger(userId) || userId <= 0) throw new Error('userId is required');
  const { data } = await http.get(`/v2/resendotp/${userId}`, { isPublic: true });
  return messageBodySchema.parse(data);
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
