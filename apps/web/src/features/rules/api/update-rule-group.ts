import { RULE_TEXTS, type RuleGroup, ruleGroupSchema, type UpdateRuleGroupRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { http } from '@/lib/http';

/** PUT /v2/rulegroups: every rule of the recon with its new sequence and enabled flag. */
export async function updateRuleGroup(body: UpdateRuleGroupRequest): Promise<RuleGroup> {
  const { data } = await http.put('/v2/rulegroups', body);
  return ruleGroupSchema.parse(data);
}

export function useUpdateRuleGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRuleGroup,
    meta: { successMessage: RULE_TEXTS.orderSaved },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesQueryRoot }),
  });
}
