import { type TryRuleRequest, type TryRuleResponse, tryRuleEndpoints } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST /v2/rules/try: the rule as edited, on the picked rows. Read-only on the server. */
export async function tryRule(body: TryRuleRequest): Promise<TryRuleResponse> {
  return call(tryRuleEndpoints.tryRule, { body });
}

/** The panel says what went wrong in place (a refusal names the condition), not as a toast. */
export function useTryRule() {
  return useMutation({ mutationFn: tryRule, meta: { isGlobalErrorSkipped: true } });
}
