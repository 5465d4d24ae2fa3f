import { type RuleDetail, ruleEndpoints, type SaveRuleRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { call } from '@/lib/call';

/** POST /v2/rules (create, copy) or, with an id, PUT /v2/rules (edit). */
export async function saveRule(body: SaveRuleRequest): Promise<RuleDetail> {
  return call(body.id === undefined ? ruleEndpoints.create : ruleEndpoints.update, { body });
}

/** A refusal shows the server's message as the error toast (the common handler); success shows `successMessage`. */
export function useSaveRule(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRule,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesQueryRoot }),
  });
}
