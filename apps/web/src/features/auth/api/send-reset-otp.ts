import { authEndpoints, type CodeSentResponse, tempTokenQuerySchema } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST v2/send-otp-reset-password: sends the reset code; 400 CONTACT_NUMBER_REQUIRED when the user has no number. */
export async function sendResetOtp(tempToken: string): Promise<CodeSentResponse> {
  const params = tempTokenQuerySchema.parse({ tempToken });
  return call(authEndpoints.sendResetOtp, { query: params }, { isPublic: true });
}

/** The page reacts to CONTACT_NUMBER_REQUIRED itself, so it reports other failures on its own too. */
export function useSendResetOtp() {
  return useMutation({ mutationFn: sendResetOtp, meta: { isGlobalErrorSkipped: true } });
}
