import { type ExplainResponse, explainEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { call } from '@/lib/call';

export type ExplainParams = { reconId: number; dataSourceId: number; rowId: number };

/** GET /v2/transactions/explain: why a row is matched (rule, counterparts) or open (nearest candidates per rule). */
export async function getExplanation(p: ExplainParams): Promise<ExplainResponse> {
  return call(explainEndpoints.explainRow, { query: p });
}

export function explanationQuery(moduleId: number, p: ExplainParams) {
  return queryOptions({
    queryKey: [...transactionsRoot(moduleId), 'explain', p],
    queryFn: () => getExplanation(p),
    // The drawer says what went wrong in place.
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useExplanation(moduleId: number, p: ExplainParams | undefined) {
  return useQuery({
    ...explanationQuery(moduleId, p ?? { reconId: 0, dataSourceId: 0, rowId: 0 }),
    enabled: p !== undefined,
  });
}
