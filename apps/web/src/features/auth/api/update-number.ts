import { updateNumberQuerySchema } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { type CodeSentResponse, codeSentResponseSchema } from '@/features/auth/code-sent';
import { http } from '@/lib/http';

export type UpdateNumberParams = { mobile: string; tempToken: string };

/** PUT v2/appusers/updatenumber: sets the contact number of a user who has none and sends a code to it. */
export async function updateNumber(params: UpdateNumberParams): Promise<CodeSentResponse> {
  const query = updateNumberQuerySchema.parse(params);
  const { data } = await http.put('/v2/appusers/updatenumber', undefined, { params: query, isPublic: true });
  return codeSentResponseSchema.parse(data);
}

export function useUpdateNumber() {
  return useMutation({ mutationFn: updateNumber });
}
