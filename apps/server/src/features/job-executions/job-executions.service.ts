import {
  type FileApprovalDecision,
  JOB_EXECUTION_TEXTS,
  type JobExecutionDetail,
  type MakerCheckerRequest,
  type MakerCheckerResponse,
  unknownExecutionActivities,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { approveExecution, makerCheckerBlocker, rejectExecution } from '@/jobs/approval.ts';
import { getExecutionDetail } from '@/jobs/execution-view.ts';
import { resumeFailedExecution } from '@/jobs/executions.ts';
import { readStoredSettings, userPipelinePrivileges } from '@/jobs/job-settings-store.ts';
import { tellFilesRejected } from '@/jobs/notices.ts';
import { wakeLocalWorkers } from '@/jobs/queue.ts';
import { type Actor, actorOf, auditBy } from '@/lib/actor.ts';
import { AppError, notFound, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { fileApprovalLink } from '@/lib/notifications/links.ts';
import { settleAlerts } from '@/lib/notifications/notify.ts';
import * as q from './job-executions.queries.ts';

const auditOf = (actor: Actor, moduleId: number, executionId: number) => ({
  outcome: 'SUCCESS' as const,
  ...auditBy(actor),
  moduleId,
  entityType: 'job_execution',
  entityId: executionId,
});

export async function getDetail(db: Db, moduleId: number, id: number): Promise<JobExecutionDetail> {
  const detail = await getExecutionDetail(db, moduleId, id);
  if (!detail) throw notFound('Job execution');
  return detail;
}

export async function lastByJob(db: Db, moduleId: number, jobId: number | undefined) {
  if (!jobId || !(await q.isJobOfModule(db, moduleId, jobId))) throw notFound('Job');
  const id = await q.lastExecutionOfJob(db, moduleId, jobId);
  return id === undefined ? null : getDetail(db, moduleId, id);
}

export async function lastByDataSource(db: Db, moduleId: number, dataSourceId: number | undefined) {
  const source = dataSourceId ? await q.dataSourcePipeline(db, moduleId, dataSourceId) : undefined;
  if (!source) throw new AppError('NOT_FOUND', JOB_EXECUTION_TEXTS.dataSourceNotFound);
  const id = await q.lastExecutionOfPipeline(db, moduleId, source.pipeline_id);
  return id === undefined ? null : getDetail(db, moduleId, id);
}

/** PUT /v2/jobexecutions/executeFailedJob/{id}: a FAILED run continues from its failed activity. */
export async function retryFailed(ctx: FeatureContext, moduleId: number, id: number, actor: Actor) {
  const detail = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await getExecutionDetail(tx, moduleId, id);
    if (!before) throw notFound('Job execution');
    await resumeFailedExecution(tx, id, ctx.now());
    const failed = before.activities.find((a) => a.status === 'FAILED');
    await writeAudit(tx, {
      ...auditOf(actor, moduleId, id),
      event: 'JOB_EXECUTION_RETRIED',
      details: { jobId: before.jobId, fromSequence: failed?.sequence ?? null, error: before.errorMessage },
    });
    return getExecutionDetail(tx, moduleId, id);
  });
  wakeLocalWorkers();
  return detail as JobExecutionDetail;
}

/** Why the user may not decide on the run's files, or null. */
async function approvalBlocker(db: Db, e: q.ExecutionForApproval, userId: number): Promise<string | null> {
  if (e.status !== 'FILE_APPROVAL_PENDING') return JOB_EXECUTION_TEXTS.notPendingApproval;
  const maker = await makerCheckerBlocker(db, e, userId);
  if (maker) return maker;
  const settings = readStoredSettings(e.additional_settings);
  const granted = userPipelinePrivileges(settings, e.pipelineIds, userId);
  if ([...granted.values()].some((g) => !g.FILE_APPROVAL)) return JOB_EXECUTION_TEXTS.noApprovalPrivilege;
  return null;
}

/** POST …/file-approval-validate-maker-checker: whether the caller may approve, and why not. */
export async function validateMakerChecker(
  db: Db,
  moduleId: number,
  id: number,
  body: MakerCheckerRequest,
  userId: number,
): Promise<MakerCheckerResponse> {
  if (body.jobExecutionId && body.jobExecutionId !== id) {
    throw validation('jobExecutionId must be the execution of the path', 'jobExecutionId');
  }
  const e = await q.getExecutionForApproval(db, moduleId, id);
  if (!e) throw notFound('Job execution');
  const selected = (body.selectedExecutionActivities ?? []).map((s) => (typeof s === 'number' ? s : s.id));
  const unknown = selected.filter((a) => !e.activityIds.has(a));
  if (unknown.length > 0) throw validation(unknownExecutionActivities(unknown), 'selectedExecutionActivities');
  const message = await approvalBlocker(db, e, userId);
  return { canApprove: message === null, message };
}

/**
 * PUT …/update_data_ingestion_status?approvalStatus=: a checker (never the maker) approves — the run goes on
 * — or rejects — the rows its files loaded are removed and the run ends REJECTED.
 */
export async function decideFileApproval(
  ctx: FeatureContext,
  moduleId: number,
  id: number,
  decision: FileApprovalDecision,
  actor: Actor,
): Promise<JobExecutionDetail> {
  const userId = actor.principal.userId;
  const detail = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const e = await q.getExecutionForApproval(tx, moduleId, id);
    if (!e) throw notFound('Job execution');
    const blocker = await approvalBlocker(tx, e, userId);
    if (blocker === JOB_EXECUTION_TEXTS.noApprovalPrivilege) throw new AppError('FORBIDDEN', blocker);
    if (blocker) throw validation(blocker, 'approvalStatus');
    const now = ctx.now();
    if (decision === 'APPROVED') await approveExecution(tx, id, userId, now);
    else {
      await rejectExecution(tx, id, userId, now);
      await tellFilesRejected(tx, ctx.notifier, id, { userId, userName: actor.principal.userName }, now);
    }
    await settleAlerts(tx, moduleId, fileApprovalLink(id), now);
    await writeAudit(tx, {
      ...auditOf(actor, moduleId, id),
      event: 'FILE_APPROVAL_DECIDED',
      details: { decision, jobId: e.job_id, startedBy: e.created_by },
    });
    return getExecutionDetail(tx, moduleId, id);
  });
  wakeLocalWorkers();
  return detail as JobExecutionDetail;
}

export { actorOf };
