import {
  blockedByExecutions,
  JOB_EXECUTION_TEXTS,
  jobStatusLabel,
  notRollbackable,
  ROLLBACK_ALLOWED_EXECUTION_STATUSES,
  ROLLBACK_RETRYABLE_STATUSES,
  ROLLBACK_TEXTS,
  type RollbackDetail,
  type RollbackImpact,
} from '@recon/contract';
import { type Db, sqlOf, withTransaction } from '@recon/db';
import type { FastifyBaseLogger } from 'fastify';
import type { FeatureContext } from '@/deps.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { approvalPolicyOf, createApprovalRequest } from '@/lib/approvals/approval-requests.ts';
import { writeAudit } from '@/lib/audit.ts';
import {
  assertFilesOutsideClosedPeriod,
  assertRunsOutsideClosedPeriod,
  ClosedPeriodError,
} from '@/lib/gl/closed-periods.ts';
import { auditByModuleActor, auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import type { Notifier } from '@/lib/notifier.ts';
import { enqueueRollback } from '@/lib/rollback/executor.ts';
import { impactOf } from '@/lib/rollback/impact.ts';
import { planRollback, type RollbackPlan } from '@/lib/rollback/plan.ts';
import { writePlan } from '@/lib/rollback/records.ts';
import * as q from './rollbacks.queries.ts';

/**
 * Rollbacks of job executions: the impact, a request (checked and planned in one transaction holding the
 * execution's row, then queued), a retry of a failed one, and the history. The work itself runs in the
 * background (lib/rollback/executor.ts); every request and retry is audited, refusals included.
 */

export async function getImpact(db: Db, moduleId: number, executionId: number): Promise<RollbackImpact> {
  const plan = await planRollback({ db, sql: sqlOf(db) }, moduleId, executionId);
  if (!plan) throw new AppError('NOT_FOUND', JOB_EXECUTION_TEXTS.notFound);
  return impactOf(plan, (await q.liveRequestOf(db, executionId)) ?? null);
}

export async function getDetail(db: Db, moduleId: number, id: number): Promise<RollbackDetail> {
  const detail = await q.getRollbackDetail(db, moduleId, id);
  if (!detail) throw new AppError('NOT_FOUND', ROLLBACK_TEXTS.notFound);
  return detail;
}

type Refusal = { code: 'VALIDATION' | 'CONFLICT'; message: string; details: Record<string, unknown> };
type Outcome = { rollbackId: number; isPendingApproval?: boolean } | { refused: Refusal };

const isRetryable = (status: string) => (ROLLBACK_RETRYABLE_STATUSES as readonly string[]).includes(status);

/** Why a live request refuses another one for the same execution. */
function liveRefusal(status: string): string {
  if (isRetryable(status)) return ROLLBACK_TEXTS.failedUseRetry;
  if (status === 'APPROVAL_PENDING') return ROLLBACK_TEXTS.awaitingApproval;
  return ROLLBACK_TEXTS.alreadyRequested;
}

const blockedBy = (plan: RollbackPlan): Refusal => ({
  code: 'CONFLICT',
  message: blockedByExecutions(plan.blocking.map((b) => ({ id: b.jobExecutionId, jobName: b.jobName }))),
  details: { blockedBy: plan.blocking },
});

/** A refused request or retry is audited as a FAILURE (outside the rolled-back transaction), then answered. */
async function refuse(
  ctx: FeatureContext,
  actor: ModuleActor,
  event: 'ROLLBACK_REQUESTED' | 'ROLLBACK_RETRIED',
  entity: { executionId: number; rollbackId: number | null },
  refusal: Refusal,
): Promise<never> {
  await writeAudit(ctx.db, {
    event,
    outcome: 'FAILURE',
    ...auditByModuleActor(actor),
    entityType: 'job_execution',
    entityId: entity.executionId,
    details: { rollbackId: entity.rollbackId, message: refusal.message, ...refusal.details },
  });
  throw refusal.code === 'VALIDATION'
    ? validation(refusal.message, event === 'ROLLBACK_RETRIED' ? 'rollbackId' : 'jobExecution')
    : new AppError('CONFLICT', refusal.message);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * A request waiting for approval: its steps are planned but not submitted (CREATED), and an approval request
 * points at it. Approving plans it again from the database and queues it; rejecting ends it REJECTED.
 */
async function sendForApproval(
  tx: Db,
  notifier: Notifier,
  actor: ModuleActor,
  r: { rollbackId: number; executionId: number; jobName: string },
  now: Date,
): Promise<number> {
  await q.holdRecords(tx, r.rollbackId);
  return createApprovalRequest(
    tx,
    notifier,
    actor,
    {
      kind: 'ROLLBACK',
      summary: `Rollback of run #${r.executionId} (${r.jobName})`,
      rollbackId: r.rollbackId,
      jobExecutionId: r.executionId,
    },
    now,
  );
}

/** The closed period a rollback would reach into (its runs' rows or its files' rows), as the refusal, or null. */
async function closedPeriodRefusalOf(db: Db, moduleId: number, plan: RollbackPlan): Promise<string | null> {
  try {
    await assertRunsOutsideClosedPeriod(
      db,
      moduleId,
      plan.runsToRollBack.map((r) => r.id),
    );
    await assertFilesOutsideClosedPeriod(
      db,
      moduleId,
      plan.pipelines.map((p) => ({ dataTableId: p.dataTableId, fileIds: p.pendingFileIds })),
    );
    return null;
  } catch (err) {
    if (err instanceof ClosedPeriodError) return err.message;
    throw err;
  }
}

/**
 * PUT /v2/executionrollbacks?Operation=RetryFailedJob&jobExecution={id}: plans the rollback of the execution and
 * queues it — or, in a module where rollbacks need approval, leaves it APPROVAL_PENDING for another user. 400 when the run is not over (or already rolled back or rejected), 409 when a rollback of it
 * exists or later executions used its data.
 */
export async function requestRollback(
  ctx: FeatureContext,
  actor: ModuleActor,
  executionId: number,
  log: FastifyBaseLogger,
  reason?: string,
): Promise<RollbackDetail> {
  // Why the run is rolled back (the web asks for it; the spec's call has none): kept in the audit entry.
  const why = reason ? { reason } : {};
  let outcome: Outcome;
  try {
    outcome = await withTransaction(ctx.db, {}, async (step): Promise<Outcome> => {
      const tx = step.db;
      // The execution's row is held: no second request, retry of the run or approval decision meanwhile.
      const execution = await q.executionForUpdate(tx, actor.moduleId, executionId);
      if (!execution) throw new AppError('NOT_FOUND', JOB_EXECUTION_TEXTS.notFound);
      const live = await q.liveRequestOf(tx, executionId);
      if (live) {
        return {
          refused: { code: 'CONFLICT', message: liveRefusal(live.status), details: { liveRollbackId: live.id } },
        };
      }
      if (!(ROLLBACK_ALLOWED_EXECUTION_STATUSES as readonly string[]).includes(execution.status)) {
        const message = notRollbackable(jobStatusLabel(execution.status));
        return { refused: { code: 'VALIDATION', message, details: { status: execution.status } } };
      }
      const plan = (await planRollback(step, actor.moduleId, executionId)) as RollbackPlan;
      if (plan.blocking.length > 0) return { refused: blockedBy(plan) };
      // Closed books (decision 0035): nothing dated inside a closed period is undone.
      const closed = await closedPeriodRefusalOf(tx, actor.moduleId, plan);
      if (closed) return { refused: { code: 'VALIDATION', message: closed, details: {} } };
      const now = ctx.now();
      const impact = impactOf(plan, null);
      // Maker-checker (decision 0010): the request is planned the same way but waits for another user's approval.
      const { rollbacksNeedApproval } = await approvalPolicyOf(tx, actor.moduleId);
      const id = await q.insertRequest(tx, {
        moduleId: actor.moduleId,
        executionId,
        executionStatus: plan.execution.status,
        impact,
        requestedBy: actor.userId,
        isPendingApproval: rollbacksNeedApproval,
        now,
      });
      await writePlan(tx, id, plan);
      await q.markExecutionRollbackCreated(tx, executionId, now);
      const approvalId = rollbacksNeedApproval
        ? await sendForApproval(
            tx,
            ctx.notifier,
            actor,
            { rollbackId: id, executionId, jobName: plan.execution.jobName },
            now,
          )
        : null;
      await auditChange(tx, actor, {
        event: 'ROLLBACK_REQUESTED',
        entityType: 'job_execution',
        entityId: executionId,
        details: {
          rollbackId: id,
          executionStatus: plan.execution.status,
          reconRuns: plan.runsToRollBack.map((r) => r.id),
          files: plan.pipelines.flatMap((p) => p.pendingFileIds),
          rows: impact.tables.reduce((sum, t) => sum + t.rows, 0),
          ...why,
          ...(approvalId === null ? {} : { approvalId }),
        },
      });
      return { rollbackId: id, isPendingApproval: rollbacksNeedApproval };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', ROLLBACK_TEXTS.alreadyRequested);
    throw err;
  }
  if ('refused' in outcome) {
    const refused = { ...outcome.refused, details: { ...outcome.refused.details, ...why } };
    return refuse(ctx, actor, 'ROLLBACK_REQUESTED', { executionId, rollbackId: null }, refused);
  }
  if (!outcome.isPendingApproval) void enqueueRollback({ db: ctx.db, now: ctx.now, log }, outcome.rollbackId);
  return getDetail(ctx.db, actor.moduleId, outcome.rollbackId);
}

/**
 * PUT /v2/executionrollbacks/executeFailedJob/{rollbackId}: a ROLLBACK_FAILED or PARTIALLY_ROLLEDBACK request is
 * planned again from what is left (finished steps stay) and queued. 409 when later executions used the data meanwhile.
 */
export async function retryRollback(
  ctx: FeatureContext,
  actor: ModuleActor,
  rollbackId: number,
  log: FastifyBaseLogger,
): Promise<RollbackDetail> {
  let executionId = 0;
  const outcome = await withTransaction(ctx.db, {}, async (step): Promise<Outcome> => {
    const tx = step.db;
    const request = await q.requestForUpdate(tx, actor.moduleId, rollbackId);
    if (!request) throw new AppError('NOT_FOUND', ROLLBACK_TEXTS.notFound);
    executionId = request.job_execution_id;
    if (!isRetryable(request.status)) {
      return {
        refused: { code: 'VALIDATION', message: ROLLBACK_TEXTS.onlyFailedRetry, details: { status: request.status } },
      };
    }
    const plan = (await planRollback(step, actor.moduleId, request.job_execution_id)) as RollbackPlan;
    if (plan.blocking.length > 0) return { refused: blockedBy(plan) };
    const now = ctx.now();
    await writePlan(tx, rollbackId, plan);
    await q.requeueRequest(tx, rollbackId, request.attempt + 1, now);
    await q.markExecutionRollbackCreated(tx, request.job_execution_id, now);
    await auditChange(tx, actor, {
      event: 'ROLLBACK_RETRIED',
      entityType: 'job_execution',
      entityId: request.job_execution_id,
      details: { rollbackId, attempt: request.attempt + 1, previousError: request.error_message },
    });
    return { rollbackId };
  });
  if ('refused' in outcome) {
    return refuse(ctx, actor, 'ROLLBACK_RETRIED', { executionId, rollbackId }, outcome.refused);
  }
  void enqueueRollback({ db: ctx.db, now: ctx.now, log }, rollbackId);
  return getDetail(ctx.db, actor.moduleId, rollbackId);
}
