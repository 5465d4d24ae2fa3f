import { authEndpoints, type CodeSentResponse, updateNumberQuerySchema } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

export type UpdateNumberParams = { mobile: string; tempToken: string };

/** PUT v2/appusers/updatenumber: sets the contact number of a user who has none and sends a code to it. */
export async function updateNumber(params: UpdateNumberParams): Promise<CodeSentResponse> {
  const query = updateNumberQuerySchema.parse(params);
  return call(authEndpoints.updateNumber, { query }, { isPublic: true });
}

export function useUpdateNumber() {
  return useMutation({ mutationFn: updateNumber });
}
