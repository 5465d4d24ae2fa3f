import { type RollbackImpact, rollbackEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobExecutionsRoot } from '@/features/job-executions/api/get-job-executions';
import { call } from '@/lib/call';

/** GET /v2/jobexecutions/{id}/rollback_impact: what a rollback of the run would undo, and whether it can go. */
export async function getRollbackImpact(id: number): Promise<RollbackImpact> {
  return call(rollbackEndpoints.impact, { params: { id } });
}

export function rollbackImpactQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: [...jobExecutionsRoot(moduleId), 'rollback-impact', id],
    queryFn: () => getRollbackImpact(id),
    // Read fresh each time the dialog opens: later runs may have used the data meanwhile.
    staleTime: 0,
  });
}

export function useRollbackImpact(moduleId: number, id: number, isEnabled: boolean) {
  return useQuery({ ...rollbackImpactQuery(moduleId, id), enabled: isEnabled });
}
