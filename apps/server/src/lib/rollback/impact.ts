import {
  blockedByExecutions,
  jobStatusLabel,
  notRollbackable,
  ROLLBACK_ALLOWED_EXECUTION_STATUSES,
  ROLLBACK_DEPENDENCY_REASON_TEXTS,
  ROLLBACK_RETRYABLE_STATUSES,
  ROLLBACK_STEP_STATUS_LABELS,
  ROLLBACK_TEXTS,
  type RollbackDependency,
  type RollbackImpact,
  type RollbackImpactRun,
} from '@recon/contract';
import type { PlannedDependency, RollbackPlan, RunInfo } from './plan.ts';

export const toImpactRun = (r: RunInfo): RollbackImpactRun => ({
  runId: r.id,
  reconId: r.reconId,
  reconName: r.reconName,
  kind: r.kind,
  kindLabel: r.kindLabel,
  startedAt: r.startedAt.toISOString(),
  startedBy: r.startedBy,
  rowsClosed: r.rowsClosed,
  statesRestored: r.statesRestored,
});

export const toDependency = (
  d: PlannedDependency,
  status: RollbackDependency['status'] = 'DEPENDENCY_EXPLORED',
): RollbackDependency => ({
  ...toImpactRun(d),
  reason: d.reason,
  reasonText: ROLLBACK_DEPENDENCY_REASON_TEXTS[d.reason],
  dependsOnRunId: d.dependsOnRunId,
  jobExecutionId: d.jobExecutionId,
  jobName: d.jobName,
  isBlocking: d.isBlocking,
  status,
  statusLabel: ROLLBACK_STEP_STATUS_LABELS[status],
});

/** Why a rollback of the execution cannot be requested now, or null. `liveStatus`: its live request's status. */
export function blockedReasonOf(plan: RollbackPlan, liveStatus: string | null): string | null {
  if ((ROLLBACK_RETRYABLE_STATUSES as readonly (string | null)[]).includes(liveStatus)) {
    return ROLLBACK_TEXTS.failedUseRetry;
  }
  if (liveStatus === 'APPROVAL_PENDING') return ROLLBACK_TEXTS.awaitingApproval;
  if (liveStatus !== null) return ROLLBACK_TEXTS.alreadyRequested;
  const status = plan.execution.status;
  if (!(ROLLBACK_ALLOWED_EXECUTION_STATUSES as readonly string[]).includes(status)) {
    return notRollbackable(jobStatusLabel(status));
  }
  if (plan.blocking.length > 0) {
    return blockedByExecutions(plan.blocking.map((b) => ({ id: b.jobExecutionId, jobName: b.jobName })));
  }
  return null;
}

/**
 * The rollback_impact answer: rows per pipeline (as the loads counted them: counting a million rows again would
 * cost as much as deleting them), runs, dependencies, and whether a rollback can be requested now.
 */
export function impactOf(plan: RollbackPlan, live: { id: number; status: string } | null): RollbackImpact {
  const tables = plan.pipelines.map((p) => {
    const files = p.files.filter((f) => p.pendingFileIds.includes(f.id));
    return {
      pipelineId: p.pipelineId,
      pipelineName: p.pipelineName,
      dataTableId: p.dataTableId,
      dataTableName: p.dataTableName,
      files: files.map((f) => ({ id: f.id, originalName: f.originalName, status: f.status })),
      rows: files.reduce((sum, f) => sum + (f.validRows ?? 0), 0),
      invalidRows: files.reduce((sum, f) => sum + (f.invalidRows ?? 0), 0),
    };
  });
  const blockedReason = blockedReasonOf(plan, live?.status ?? null);
  const e = plan.execution;
  return {
    jobExecutionId: e.id,
    jobId: e.jobId,
    jobName: e.jobName,
    status: e.status,
    statusLabel: jobStatusLabel(e.status),
    canRollBack: blockedReason === null,
    blockedReason,
    tables,
    reconRuns: plan.ownRuns.map(toImpactRun),
    dependencies: plan.dependencies.map((d) => toDependency(d)),
    blockingExecutions: plan.blocking,
    rollbackId: live?.id ?? null,
  };
}
