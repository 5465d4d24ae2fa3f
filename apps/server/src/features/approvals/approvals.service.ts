import {
  APPROVAL_RIGHT_TEXTS,
  APPROVAL_STATUS_LABELS,
  APPROVAL_TEXTS,
  type ApprovalDetail,
  type ApprovalOperation,
  type ApprovalRowsPage,
  alreadyDecided,
  blockedByExecutions,
  knockOffRowsNotOpen,
  ROLLBACK_STATUS_LABELS,
  type RollbackApproval,
  type RollbackImpact,
  type RollbackStatus,
  rollbackRejected,
  type TransactionColumn,
} from '@recon/contract';
import { type Db, LOCKS, sqlOf, withTransaction } from '@recon/db';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { FeatureContext } from '@/deps.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { assertRowsOutsideClosedPeriod, ClosedPeriodError, reopenBooks } from '@/lib/gl/closed-periods.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { approvalLink } from '@/lib/notifications/links.ts';
import { settleAlerts } from '@/lib/notifications/notify.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import { knockOffRows, rowsNotOpen } from '@/lib/recon/knock-off.ts';
import type { TransactionSource } from '@/lib/recon/transaction-query.ts';
import { rowsByIdSql, toTransactionRow } from '@/lib/recon/transaction-rows.ts';
import { reconSources } from '@/lib/recon/transaction-sources.ts';
import { enqueueRollback } from '@/lib/rollback/executor.ts';
import { impactOf } from '@/lib/rollback/impact.ts';
import { planRollback, type RollbackPlan } from '@/lib/rollback/plan.ts';
import { writePlan } from '@/lib/rollback/records.ts';
import { settleTicketKnockOff } from '@/lib/tickets/ticket-knock-off.ts';
import {
  type ApprovalRecord,
  approvalOf,
  holdsApprovalRight,
  setDecision,
  toApprovalRow,
} from './approvals.queries.ts';

/**
 * Maker-checker approvals (decision 0010). A request is decided once, by a user of the module holding
 * pendingApprovals who did not request it: approved (the action runs as it would have without approval),
 * rejected (nothing changes; a remark says why) or — when the approved action cannot be done — failed, with the
 * reason, and nothing of it done. Every decision and every refusal is audited.
 */

type KnockOffPayload = { rowIds: number[]; reason: string };
const knockOffPayload = (a: ApprovalRecord) => a.payload as KnockOffPayload;

/** What a knock-off request's ticket (decision 0029) needs to know of its decision. */
const ticketDecision = (a: ApprovalRecord) => ({
  approvalId: a.id,
  ticketId: a.ticket_id,
  dataSourceId: a.data_source_id as number,
  requestedBy: a.requested_by,
  requestedAt: a.requested_at,
  reason: knockOffPayload(a).reason,
});

async function requestOf(db: Db, moduleId: number, id: number): Promise<ApprovalRecord> {
  const a = await approvalOf(db, moduleId, id);
  if (!a) throw new AppError('NOT_FOUND', APPROVAL_TEXTS.notFound);
  return a;
}

/** Why the caller may not decide the request now, or null. */
function cannotDecide(a: ApprovalRecord, userId: number): string | null {
  if (a.status !== 'ACTION_PENDING') return alreadyDecided(APPROVAL_STATUS_LABELS[a.status]);
  if (a.requested_by === userId) return APPROVAL_TEXTS.ownRequest;
  return null;
}

/** The knocked-off rows' data source as it is now (null when it is no longer an active side of the recon). */
async function knockOffSource(db: Db, a: ApprovalRecord): Promise<TransactionSource | null> {
  const recon = await reconSources(db, a.module_id, a.recon_id as number);
  return recon?.sources.find((s) => s.dataSourceId === a.data_source_id) ?? null;
}

async function knockOffPart(db: Db, a: ApprovalRecord): Promise<ApprovalDetail['knockOff']> {
  const names = await sql<{ recon_name: string; data_source_name: string }>`
    SELECT r.name AS recon_name, ds.name AS data_source_name FROM recon r, data_source ds
    WHERE r.id = ${a.recon_id} AND ds.id = ${a.data_source_id}`.execute(db);
  const source = await knockOffSource(db, a);
  const shown = source
    ? new Set(
        (
          await db
            .selectFrom('data_element')
            .select('name')
            .where('data_source_id', '=', source.dataSourceId)
            .where('active', '=', true)
            .execute()
        ).map((e) => e.name),
      )
    : new Set<string>();
  const columns: TransactionColumn[] = (source?.columns ?? []).map((c) => ({
    name: c.name,
    type: c.dataType,
    isMoney: c.isMoney,
    isShown: shown.size === 0 || shown.has(c.name),
  }));
  const payload = knockOffPayload(a);
  return {
    reconId: a.recon_id as number,
    reconName: names.rows[0]?.recon_name ?? '',
    dataSourceId: a.data_source_id as number,
    dataSourceName: names.rows[0]?.data_source_name ?? '',
    reason: payload.reason,
    rowCount: payload.rowIds.length,
    columns,
    runId: a.recon_run_id,
  };
}

/** The plan as the checker should weigh it: blocked only by later executions (the run itself waits for this). */
const pendingImpact = (plan: RollbackPlan, executionStatus: string): RollbackImpact =>
  impactOf({ ...plan, execution: { ...plan.execution, status: executionStatus } }, null);

async function rollbackPart(db: Db, a: ApprovalRecord): Promise<RollbackApproval> {
  const request = await db
    .selectFrom('rollback_request')
    .select(['id', 'status', 'job_execution_id', 'execution_status', 'impact'])
    .where('id', '=', a.rollback_id as number)
    .executeTakeFirstOrThrow();
  // While it waits, the impact is worked out again from the database: what approving would roll back now.
  const plan =
    request.status === 'APPROVAL_PENDING'
      ? await planRollback({ db, sql: sqlOf(db) }, a.module_id, request.job_execution_id)
      : undefined;
  const impact = plan ? pendingImpact(plan, request.execution_status) : (request.impact as RollbackImpact);
  return {
    rollbackId: request.id,
    rollbackStatus: request.status as RollbackStatus,
    rollbackStatusLabel: ROLLBACK_STATUS_LABELS[request.status as RollbackStatus],
    impact,
  };
}

/** GET /v2/approvals/{id}: the request, what it would do, and whether the caller may decide it. */
export async function getDetail(db: Db, actor: ModuleActor, id: number): Promise<ApprovalDetail> {
  const a = await requestOf(db, actor.moduleId, id);
  const reason =
    cannotDecide(a, actor.userId) ??
    ((await holdsApprovalRight(db, a.module_id, a.kind, actor.userId)) ? null : APPROVAL_RIGHT_TEXTS.roleCannotDecide);
  return {
    ...toApprovalRow(a),
    remark: a.remark,
    failureReason: a.failure_reason,
    canDecide: reason === null,
    cannotDecideReason: reason,
    knockOff: a.kind === 'BULK_KNOCK_OFF' ? await knockOffPart(db, a) : null,
    rollback: a.kind === 'ROLLBACK' ? await rollbackPart(db, a) : null,
  };
}

/** GET /v2/approvals/{id}/rows: a page of a knock-off request's rows (in id order) as they are now. */
export async function getRows(
  db: Db,
  moduleId: number,
  id: number,
  page: { start: number; length: number; draw: number },
): Promise<ApprovalRowsPage> {
  const a = await requestOf(db, moduleId, id);
  if (a.kind !== 'BULK_KNOCK_OFF') throw validation(APPROVAL_TEXTS.notKnockOff, 'id');
  const ids = [...knockOffPayload(a).rowIds].sort((x, y) => x - y);
  const source = await knockOffSource(db, a);
  const pageIds = ids.slice(page.start, page.start + page.length);
  const rows =
    source && pageIds.length > 0
      ? (await rowsByIdSql(source, sql`r._id = ANY(${pageIds}::bigint[])`).execute(db)).rows
      : [];
  return pagedList(page, {
    total: ids.length,
    filtered: ids.length,
    rows: source ? rows.map((r) => toTransactionRow(r, source.columns)) : [],
  });
}

type Refusal = { code: 'VALIDATION' | 'CONFLICT' | 'FORBIDDEN'; message: string; field?: string };

const refusalError = (r: Refusal) =>
  r.code === 'VALIDATION' ? validation(r.message, r.field ?? 'id') : new AppError(r.code, r.message);

// The answers that refuse a decision (404, 400, 403 by approval rights, 409): each is audited. Anything else is a failure, not a refusal.
const REFUSALS: ReadonlySet<string> = new Set(['NOT_FOUND', 'VALIDATION', 'CONFLICT', 'FORBIDDEN']);

/**
 * A refused decision is audited as a FAILURE of its event, with the message the caller got. Written on the pool, after
 * the decision's transaction rolled back (a lost race, a rollback blocked by later executions), so it always stays.
 */
async function auditRefusal(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  operation: ApprovalOperation,
  kind: ApprovalRecord['kind'] | null,
  err: AppError,
): Promise<void> {
  await writeAudit(ctx.db, {
    event: operation === 'Approve' ? 'APPROVAL_APPROVED' : 'APPROVAL_REJECTED',
    outcome: 'FAILURE',
    userId: actor.userId,
    userName: actor.userName,
    moduleId: actor.moduleId,
    entityType: 'approval',
    entityId: id,
    ip: actor.ip,
    requestId: actor.requestId,
    details: { kind, code: err.code, message: err.message },
  });
}

/** Under the request's row lock: it must still be waiting (another checker may have decided it meanwhile). */
async function lockPending(tx: Db, actor: ModuleActor, id: number): Promise<ApprovalRecord> {
  const a = await approvalOf(tx, actor.moduleId, id, true);
  if (!a) throw new AppError('NOT_FOUND', APPROVAL_TEXTS.notFound);
  if (a.status !== 'ACTION_PENDING') throw new AppError('CONFLICT', alreadyDecided(APPROVAL_STATUS_LABELS[a.status]));
  return a;
}

const decisionAudit = (a: ApprovalRecord, extra: Record<string, unknown>) => ({
  kind: a.kind,
  summary: a.summary,
  requestedBy: a.requested_by,
  ...extra,
});

/**
 * Approving a rollback: it is planned again from the database (what happened since it was requested counts) and
 * queued, exactly as a request without approval. Later executions that used the data meanwhile refuse the
 * approval (409, naming them) and the request keeps waiting.
 */
async function approveRollback(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  remark: string | null,
  log: FastifyBaseLogger,
) {
  const outcome = await withTransaction(ctx.db, {}, async (step): Promise<{ rollbackId: number } | Refusal> => {
    const tx = step.db;
    const a = await lockPending(tx, actor, id);
    const request = await tx
      .selectFrom('rollback_request')
      .select(['id', 'job_execution_id', 'execution_status', 'status'])
      .where('id', '=', a.rollback_id as number)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await tx.selectFrom('job_execution').select('id').where('id', '=', request.job_execution_id).forUpdate().execute();
    const plan = (await planRollback(step, actor.moduleId, request.job_execution_id)) as RollbackPlan;
    if (plan.blocking.length > 0) {
      return {
        code: 'CONFLICT',
        message: blockedByExecutions(plan.blocking.map((b) => ({ id: b.jobExecutionId, jobName: b.jobName }))),
      };
    }
    const now = ctx.now();
    await writePlan(tx, request.id, plan);
    await tx
      .updateTable('rollback_request')
      .set({
        status: 'QUEUED',
        impact: JSON.stringify(pendingImpact(plan, request.execution_status)),
        updated_at: now,
      })
      .where('id', '=', request.id)
      .execute();
    await setDecision(tx, id, { status: 'APPROVED', decidedBy: actor.userId, decidedAt: now, remark });
    await auditChange(tx, actor, {
      event: 'APPROVAL_APPROVED',
      entityType: 'approval',
      entityId: id,
      details: decisionAudit(a, { rollbackId: request.id, jobExecutionId: request.job_execution_id, remark }),
    });
    return { rollbackId: request.id };
  });
  if (!('rollbackId' in outcome)) return outcome;
  void enqueueRollback({ db: ctx.db, now: ctx.now, log }, outcome.rollbackId);
  return null;
}

/** The refusal when some rows are dated inside a closed period of the books (decision 0035), else null. */
async function closedPeriodMessage(db: Db, source: TransactionSource, rowIds: readonly number[]) {
  try {
    await assertRowsOutsideClosedPeriod(db, source, rowIds);
    return null;
  } catch (err) {
    if (err instanceof ClosedPeriodError) return err.message;
    throw err;
  }
}

/** Approving a reopening of the books (decision 0035): the configuration's closed period ends. */
async function approveReopenBooks(
  ctx: FeatureContext,
  actor: ModuleActor,
  first: ApprovalRecord,
  remark: string | null,
) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const a = await lockPending(tx, actor, first.id);
    const now = ctx.now();
    const reopened = await reopenBooks(tx, a.gl_config_id as number, now);
    await setDecision(tx, a.id, { status: 'APPROVED', decidedBy: actor.userId, decidedAt: now, remark });
    await auditChange(tx, actor, {
      event: 'GL_BOOKS_REOPENED',
      entityType: 'gl_config',
      entityId: a.gl_config_id as number,
      details: { closedUntil: reopened, approvalId: a.id, requestedBy: a.requested_by },
    });
    await auditChange(tx, actor, {
      event: 'APPROVAL_APPROVED',
      entityType: 'approval',
      entityId: a.id,
      details: decisionAudit(a, { remark }),
    });
  });
}

/**
 * Approving a bulk knock-off: under the recon's lock, the rows must all still be open; then it is the same
 * journaled KNOCK_OFF run as the Transactions action (started by the requester, with their reason). Rows that are
 * not open any more make the request FAILED with a message naming them; nothing is knocked off.
 */
async function approveKnockOff(ctx: FeatureContext, actor: ModuleActor, first: ApprovalRecord, remark: string | null) {
  const source = await knockOffSource(ctx.db, first);
  await withTransaction(ctx.db, { lock: LOCKS.recon(first.recon_id as number) }, async (step) => {
    const { db: tx, client } = step;
    const a = await lockPending(tx, actor, first.id);
    const { rowIds, reason } = knockOffPayload(a);
    const now = ctx.now();
    const notOpen = source ? await rowsNotOpen(client, source, rowIds) : [];
    const closed = source ? await closedPeriodMessage(tx, source, rowIds) : null;
    const failure = !source
      ? `Nothing was knocked off: the data source is no longer a side of the recon`
      : notOpen.length > 0
        ? knockOffRowsNotOpen(notOpen)
        : closed;
    if (failure || !source) {
      await setDecision(tx, a.id, {
        status: 'FAILED',
        decidedBy: actor.userId,
        decidedAt: now,
        remark,
        failureReason: failure,
      });
      await auditChange(tx, actor, {
        event: 'APPROVAL_FAILED',
        entityType: 'approval',
        entityId: a.id,
        details: decisionAudit(a, { reason: failure, rowsNotOpen: notOpen.map((r) => r.id), remark }),
      });
      await settleTicketKnockOff(tx, actor, { ...ticketDecision(a), status: 'FAILED', why: failure ?? '' }, now);
      return;
    }
    const done = await knockOffRows(step, {
      moduleId: actor.moduleId,
      reconId: a.recon_id as number,
      source,
      rowIds,
      reason,
      startedBy: a.requested_by,
    });
    await auditChange(tx, actor, {
      event: 'TRANSACTIONS_KNOCKED_OFF',
      entityType: 'recon',
      entityId: a.recon_id as number,
      details: {
        runId: done.runId,
        rows: done.rows,
        matchIds: [],
        dataSourceId: source.dataSourceId,
        rowIds,
        reason,
        approvalId: a.id,
        requestedBy: a.requested_by,
      },
    });
    await setDecision(tx, a.id, {
      status: 'APPROVED',
      decidedBy: actor.userId,
      decidedAt: now,
      remark,
      reconRunId: done.runId,
    });
    await auditChange(tx, actor, {
      event: 'APPROVAL_APPROVED',
      entityType: 'approval',
      entityId: a.id,
      details: decisionAudit(a, { runId: done.runId, rows: done.rows, remark }),
    });
    await settleTicketKnockOff(
      tx,
      actor,
      { ...ticketDecision(a), status: 'APPROVED', rows: done.rows, runId: done.runId },
      now,
    );
  });
}

/** Rejecting: nothing is done; a rollback ends REJECTED ("Approval rejected") and its run is as it was. */
async function reject(ctx: FeatureContext, actor: ModuleActor, id: number, remark: string) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const a = await lockPending(tx, actor, id);
    const now = ctx.now();
    if (a.kind === 'ROLLBACK') {
      const request = await tx
        .updateTable('rollback_request')
        .set({
          status: 'REJECTED',
          error_message: rollbackRejected(actor.userName, remark),
          finished_at: now,
          updated_at: now,
        })
        .where('id', '=', a.rollback_id as number)
        .returning(['job_execution_id', 'execution_status'])
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('rollback_record')
        .set({ status: 'REJECTED' })
        .where('rollback_id', '=', a.rollback_id as number)
        .where('status', '<>', 'ROLLBACK_FINISHED')
        .execute();
      await tx
        .updateTable('job_execution')
        .set({ status: request.execution_status, updated_at: now })
        .where('id', '=', request.job_execution_id)
        .where('status', '=', 'ROLLBACK_CREATED')
        .execute();
    }
    await setDecision(tx, id, { status: 'REJECTED', decidedBy: actor.userId, decidedAt: now, remark });
    await auditChange(tx, actor, {
      event: 'APPROVAL_REJECTED',
      entityType: 'approval',
      entityId: id,
      details: decisionAudit(a, { remark, ...(a.rollback_id ? { rollbackId: a.rollback_id } : {}) }),
    });
    if (a.kind === 'BULK_KNOCK_OFF')
      await settleTicketKnockOff(tx, actor, { ...ticketDecision(a), status: 'REJECTED', why: remark }, now);
  });
}

/**
 * PUT /v2/approvals/{id}?Operation=Approve|Reject. 404 for another module's id; 400 for the requester's own
 * request and for a rejection without a remark; 409 when it was decided already (before or while this call waited for
 * the request's lock) or, approving a rollback, when later executions used its data. Every refusal is audited.
 * Answers the request as it is now.
 */
export async function decide(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  operation: ApprovalOperation,
  remark: string | null,
  log: FastifyBaseLogger,
): Promise<ApprovalDetail> {
  let kind: ApprovalRecord['kind'] | null = null;
  try {
    const a = await requestOf(ctx.db, actor.moduleId, id);
    kind = a.kind;
    await decideRequest(ctx, actor, a, operation, remark, log);
    await settleAlerts(ctx.db, actor.moduleId, approvalLink(id), ctx.now());
  } catch (err) {
    if (err instanceof AppError && REFUSALS.has(err.code)) await auditRefusal(ctx, actor, id, operation, kind, err);
    throw err;
  }
  return getDetail(ctx.db, actor, id);
}

async function decideRequest(
  ctx: FeatureContext,
  actor: ModuleActor,
  a: ApprovalRecord,
  operation: ApprovalOperation,
  remark: string | null,
  log: FastifyBaseLogger,
): Promise<void> {
  if (a.requested_by === actor.userId) throw refusalError({ code: 'VALIDATION', message: APPROVAL_TEXTS.ownRequest });
  if (a.status !== 'ACTION_PENDING') {
    throw refusalError({ code: 'CONFLICT', message: alreadyDecided(APPROVAL_STATUS_LABELS[a.status]) });
  }
  if (!(await holdsApprovalRight(ctx.db, a.module_id, a.kind, actor.userId)))
    throw refusalError({ code: 'FORBIDDEN', message: APPROVAL_RIGHT_TEXTS.roleCannotDecide });
  if (operation === 'Reject') {
    if (!remark) throw validation(APPROVAL_TEXTS.remarkRequired, 'remark');
    await reject(ctx, actor, a.id, remark);
  } else if (a.kind === 'ROLLBACK') {
    const refused = await approveRollback(ctx, actor, a.id, remark, log);
    if (refused) throw refusalError(refused);
  } else if (a.kind === 'GL_REOPEN_BOOKS') {
    await approveReopenBooks(ctx, actor, a, remark);
  } else {
    await approveKnockOff(ctx, actor, a, remark);
  }
}
