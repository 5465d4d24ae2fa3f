import { type RulesByRecon, rulesByReconResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { http } from '@/lib/http';

/** GET /v2/rules?Find=SelectedRuleByRecon&reconId=: a recon's rules in their order, with its rule group. */
export async function getReconRules(reconId: number): Promise<RulesByRecon> {
  const { data } = await http.get('/v2/rules', { params: { Find: 'SelectedRuleByRecon', reconId } });
  return rulesByReconResponseSchema.parse(data);
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
