import { RULE_TEXTS, type RuleGroup, ruleEndpoints, type UpdateRuleGroupRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { call } from '@/lib/call';

/** PUT /v2/rulegroups: every rule of the recon with its new sequence and enabled flag. */
export async function updateRuleGroup(body: UpdateRuleGroupRequest): Promise<RuleGroup> {
  return call(ruleEndpoints.updateGroup, { body });
}

export function useUpdateRuleGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRuleGroup,
    meta: { successMessage: RULE_TEXTS.orderSaved },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesQueryRoot }),
  });
}
