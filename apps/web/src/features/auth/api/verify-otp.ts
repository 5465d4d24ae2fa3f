import { type SignedInUser, signedInUserSchema, type VerifyOtpRequest, verifyOtpRequestSchema } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST v2/verifyotp: completes a sign-in that needed a one-time code. */
export async function verifyOtp(body: VerifyOtpRequest): Promise<SignedInUser> {
  const request = verifyOtpRequestSchema.parse(body);
  const { data } = await http.post('/v2/verifyotp', request, { isPublic: true });
  return signedInUserSchema.parse(data);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
