import { authEndpoints, type SignedInUser, type VerifyOtpRequest, verifyOtpRequestSchema } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST v2/verifyotp: completes a sign-in that needed a one-time code. */
export async function verifyOtp(body: VerifyOtpRequest): Promise<SignedInUser> {
  const request = verifyOtpRequestSchema.parse(body);
  return call(authEndpoints.verifyOtp, { body: request }, { isPublic: true });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
