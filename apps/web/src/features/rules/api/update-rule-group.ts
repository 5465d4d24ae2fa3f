import {
  RULE_TEXTS,
  type RuleGroup,
  type RuleSummary,
  ruleEndpoints,
  type UpdateRuleGroupRequest,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { call } from '@/lib/call';
import { showSuccessToast } from '@/lib/toast';

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

export type RuleSwitch = {
  groupId: number;
  /** The rules in their saved order (a reorder not saved yet is not sent). */
  saved: readonly RuleSummary[];
  ruleId: number;
  enabled: boolean;
  /** The success toast: what the next run will do. */
  successText: string;
};

/**
 * Switches one rule on or off at once (PUT /v2/rulegroups with the saved order and that one flag changed). A failure
 * shows the usual error toast; the list is read again either way, so the switch shows what the server holds.
 */
export function useSwitchRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: RuleSwitch) =>
      updateRuleGroup({
        id: s.groupId,
        rules: s.saved.map((r, i) => ({
          id: r.id,
          sequence: i + 1,
          enabled: r.id === s.ruleId ? s.enabled : r.enabled,
        })),
      }),
    onSuccess: (_, s) => showSuccessToast(s.successText),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesQueryRoot }),
  });
}
