import { type RuleDetail, ruleDetailSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { http } from '@/lib/http';

/** GET /v2/rules/{id}: one rule with its conditions. */
export async function getRule(id: number): Promise<RuleDetail> {
  const { data } = await http.get(`/v2/rules/${id}`);
  return ruleDetailSchema.parse(data);
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
