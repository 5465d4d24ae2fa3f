import { authEndpoints, type MessageBody } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** GET v2/resendotp/{userId}: sends a new one-time code. */
export async function resendOtp(userId: number): Promise<MessageBody> {
  if (!Number.isInteger(userId) || userId <= 0) throw new Error('userId is required');
  return call(authEndpoints.resendOtp, { params: { userId } }, { isPublic: true });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
