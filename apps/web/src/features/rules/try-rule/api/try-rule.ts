import { type TryRuleRequest, type TryRuleResponse, tryRuleResponseSchema } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /v2/rules/try: the rule as edited, on the picked rows. Read-only on the server. */
export async function tryRule(body: TryRuleRequest): Promise<TryRuleResponse> {
  const { data } = await http.post('/v2/rules/try', body);
  return tryRuleResponseSchema.parse(data);
}

/** The panel says what went wrong in place (a refusal names the condition), not as a toast. */
export function useTryRule() {
  return useMutation({ mutationFn: tryRule, meta: { isGlobalErrorSkipped: true } });
}
