import { type RulesByRecon, ruleEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { call } from '@/lib/call';

/** GET /v2/rules?Find=SelectedRuleByRecon&reconId=: a recon's rules in their order, with its rule group. */
export async function getReconRules(reconId: number): Promise<RulesByRecon> {
  return call(ruleEndpoints.byRecon, { query: { reconId } });
}

export function reconRulesQuery(moduleId: number, reconId: number | undefined) {
  return queryOptions({
    queryKey: [...rulesQueryRoot, moduleId, 'by-recon', reconId ?? 0],
    queryFn: () => getReconRules(reconId ?? 0),
    enabled: reconId !== undefined,
  });
}

export function useReconRules(moduleId: number, reconId: number | undefined) {
  return useQuery(reconRulesQuery(moduleId, reconId));
}
