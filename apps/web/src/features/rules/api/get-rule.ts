import { type RuleDetail, ruleEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { call } from '@/lib/call';

/** GET /v2/rules/{id}: one rule with its conditions. */
export async function getRule(id: number): Promise<RuleDetail> {
  return call(ruleEndpoints.detail, { params: { id } });
}

export function ruleQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: [...rulesQueryRoot, moduleId, 'rule', id],
    queryFn: () => getRule(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useRule(moduleId: number, id: number) {
  return useQuery(ruleQuery(moduleId, id));
}
