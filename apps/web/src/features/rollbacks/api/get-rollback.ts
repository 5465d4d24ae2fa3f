import { type RollbackDetail, rollbackEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isRollbackMoving, ROLLBACK_REFRESH_MS, rollbacksRoot } from '@/features/rollbacks/api/get-rollbacks';
import { call } from '@/lib/call';

/** GET /v2/executionrollbacks/{id}: one rollback with its records (steps) and dependencies. */
export async function getRollback(id: number): Promise<RollbackDetail> {
  return call(rollbackEndpoints.detail, { params: { id } });
}

export function rollbackQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: [...rollbacksRoot(moduleId), 'detail', id],
    queryFn: () => getRollback(id),
    refetchInterval: (query) =>
      query.state.data && isRollbackMoving(query.state.data.status) ? ROLLBACK_REFRESH_MS : false,
  });
}

export function useRollback(moduleId: number, id: number | undefined) {
  return useQuery({ ...rollbackQuery(moduleId, id ?? 0), enabled: id !== undefined });
}
