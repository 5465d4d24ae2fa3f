import { ROLLBACK_ENTITY_LABELS, ROLLBACK_TEXTS } from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '@/lib/audit.ts';
import { reconStateChanged } from '@/lib/recon/recon-listeners.ts';
import { runStep, type StepRecord } from './steps.ts';

/**
 * Works a queued rollback request: QUEUED → ONGOING, each unfinished record in sequence (steps.ts), then
 * ROLLBACK_FINISHED — or, at the first step that fails, ROLLBACK_FAILED with the step's message (the execution
 * becomes ROLLBACK_FAILED too). What the finished steps undid stays undone; a retry plans what is left.
 */

export type RollbackDeps = { db: Db; now: () => Date; log: FastifyBaseLogger };

type Claimed = { id: number; module_id: number; job_execution_id: number; requested_by: number | null };

async function audit(
  deps: RollbackDeps,
  r: Claimed,
  event: 'ROLLBACK_FINISHED' | 'ROLLBACK_FAILED',
  details: Record<string, unknown>,
) {
  const user = r.requested_by
    ? await deps.db.selectFrom('app_user').select('user_name').where('id', '=', r.requested_by).executeTakeFirst()
    : undefined;
  await writeAudit(deps.db, {
    event,
    outcome: event === 'ROLLBACK_FINISHED' ? 'SUCCESS' : 'FAILURE',
    userId: r.requested_by,
    userName: user?.user_name ?? null,
    moduleId: r.module_id,
    entityType: 'rollback',
    entityId: r.id,
    details: { jobExecutionId: r.job_execution_id, ...details },
  });
}

/** Whether some step of the request finished (in this attempt or an earlier one). */
async function hasFinishedSteps(db: Db, rollbackId: number): Promise<boolean> {
  const done = await db
    .selectFrom('rollback_record')
    .select('id')
    .where('rollback_id', '=', rollbackId)
    .where('status', '=', 'ROLLBACK_FINISHED')
    .limit(1)
    .executeTakeFirst();
  return done !== undefined;
}

type StepRow = StepRecord & { sequence: number; entity_name: string; status: string };
type Failure = { record: StepRow; err: unknown };

const describe = (record: StepRow) =>
  `Step ${record.sequence} (${ROLLBACK_ENTITY_LABELS[record.entity_kind]} ${record.entity_name}${record.recon_run_id ? `, run #${record.recon_run_id}` : ''})`;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The failed steps are ROLLBACK_FAILED with their message, and so is the run. The request (with the first
 * failure's message) is PARTIALLY_ROLLEDBACK when some of its steps finished — what they undid stays undone —
 * and ROLLBACK_FAILED when none did; either is retried from the step that failed.
 */
async function fail(deps: RollbackDeps, r: Claimed, failures: readonly Failure[]) {
  const now = deps.now();
  const [first] = failures as [Failure];
  await withTransaction(deps.db, {}, async ({ db: tx }) => {
    for (const { record, err } of failures) {
      await tx
        .updateTable('rollback_record')
        .set({ status: 'ROLLBACK_FAILED', error_message: messageOf(err), finished_at: now })
        .where('id', '=', record.id)
        .execute();
      await tx
        .updateTable('rollback_dependency')
        .set({ status: 'ROLLBACK_FAILED' })
        .where('record_id', '=', record.id)
        .execute();
    }
    await tx
      .updateTable('rollback_request')
      .set({
        status: (await hasFinishedSteps(tx, r.id)) ? 'PARTIALLY_ROLLEDBACK' : 'ROLLBACK_FAILED',
        error_message: `${describe(first.record)}: ${messageOf(first.err)}`,
        finished_at: now,
        updated_at: now,
      })
      .where('id', '=', r.id)
      .execute();
    await tx
      .updateTable('job_execution')
      .set({ status: 'ROLLBACK_FAILED', updated_at: now })
      .where('id', '=', r.job_execution_id)
      .execute();
  });
  for (const { record, err } of failures) {
    deps.log.warn(
      { rollbackId: r.id, jobExecutionId: r.job_execution_id, recordId: record.id, err },
      'rollback step failed',
    );
  }
  await audit(deps, r, 'ROLLBACK_FAILED', {
    steps: failures.map((f) => ({ sequence: f.record.sequence, error: messageOf(f.err) })),
  });
}

/**
 * Steps in sequence; consecutive pipeline steps together, since each deletes from its own table in its own
 * transaction (under shared recon locks) and none needs another's result.
 */
function batchesOf(records: readonly StepRow[]): StepRow[][] {
  const batches: StepRow[][] = [];
  for (const record of records) {
    const last = batches.at(-1);
    if (record.entity_kind === 'pipeline' && last?.[0]?.entity_kind === 'pipeline') last.push(record);
    else batches.push([record]);
  }
  return batches;
}

/** Works one request if it is QUEUED (another worker or an earlier call may have taken it). */
export async function executeRollback(deps: RollbackDeps, rollbackId: number): Promise<void> {
  const startedAt = deps.now();
  const claimed = await deps.db
    .updateTable('rollback_request')
    .set((eb) => ({
      status: 'ONGOING',
      started_at: eb.fn.coalesce('started_at', eb.val(startedAt)),
      updated_at: startedAt,
    }))
    .where('id', '=', rollbackId)
    .where('status', '=', 'QUEUED')
    .returning(['id', 'module_id', 'job_execution_id', 'requested_by'])
    .executeTakeFirst();
  if (!claimed) return;
  await deps.db
    .updateTable('job_execution')
    .set({ status: 'ROLLBACK_IN_PROGRESS', updated_at: startedAt })
    .where('id', '=', claimed.job_execution_id)
    .execute();
  const records = await deps.db
    .selectFrom('rollback_record')
    .select(['id', 'sequence', 'entity_kind', 'entity_id', 'entity_name', 'recon_run_id', 'file_ids', 'status'])
    .where('rollback_id', '=', rollbackId)
    .orderBy('sequence')
    .execute();
  const t0 = performance.now();
  for (const batch of batchesOf(records.filter((r) => r.status !== 'ROLLBACK_FINISHED'))) {
    const ids = batch.map((r) => r.id);
    const now = deps.now();
    await deps.db
      .updateTable('rollback_record')
      .set({ status: 'ROLLBACK_STARTED', started_at: now, error_message: null })
      .where('id', 'in', ids)
      .execute();
    await deps.db
      .updateTable('rollback_dependency')
      .set({ status: 'ROLLBACK_STARTED' })
      .where('record_id', 'in', ids)
      .execute();
    const outcomes = await Promise.allSettled(
      batch.map((record) => runStep({ db: deps.db, now: deps.now, requestedBy: claimed.requested_by }, record)),
    );
    const failures = batch.flatMap((record, i) => {
      const outcome = outcomes[i];
      return outcome?.status === 'rejected' ? [{ record, err: outcome.reason as unknown }] : [];
    });
    if (failures.length > 0) {
      await fail(deps, claimed, failures);
      await reconStateChanged(deps.db, { moduleId: claimed.module_id, reconId: null, cause: 'ROLLBACK' });
      return;
    }
  }
  // Before the request reads finished: whoever waits for it sees what follows the rows' change (auto-tickets).
  await reconStateChanged(deps.db, { moduleId: claimed.module_id, reconId: null, cause: 'ROLLBACK' });
  const finishedAt = deps.now();
  await deps.db
    .updateTable('rollback_request')
    .set({ status: 'ROLLBACK_FINISHED', error_message: null, finished_at: finishedAt, updated_at: finishedAt })
    .where('id', '=', rollbackId)
    .execute();
  const ms = Math.round(performance.now() - t0);
  deps.log.info(
    { rollbackId, jobExecutionId: claimed.job_execution_id, steps: records.length, ms },
    'rollback finished',
  );
  await audit(deps, claimed, 'ROLLBACK_FINISHED', { steps: records.length, ms });
}

// Requests of this process run one at a time, in the order they were queued (rollbacks are rare and heavy).
let queueTail: Promise<void> = Promise.resolve();

/** Queues a request (after the transaction that created or re-queued it has committed); resolves when it ran. */
export function enqueueRollback(deps: RollbackDeps, rollbackId: number): Promise<void> {
  const next = queueTail.then(() =>
    executeRollback(deps, rollbackId).catch((err: unknown) => {
      // The request could not even record its failure (the database went away): start-up recovery fails it.
      deps.log.error({ rollbackId, err }, 'rollback could not be worked');
    }),
  );
  queueTail = next;
  return next;
}

/**
 * At start-up: requests a stop cut off (QUEUED in memory, or ONGOING) become ROLLBACK_FAILED — PARTIALLY_ROLLEDBACK
 * when some of their steps finished — retryable; a step that was under way left nothing (its transaction died), so
 * it is failed too. Answers the requests' ids.
 */
export async function failInterruptedRollbacks(db: Db, now: Date): Promise<number[]> {
  return withTransaction(db, {}, async ({ db: tx }) => {
    const cut = await tx
      .updateTable('rollback_request')
      .set({
        status: 'ROLLBACK_FAILED',
        error_message: ROLLBACK_TEXTS.serverStopped,
        finished_at: now,
        updated_at: now,
      })
      .where('status', 'in', ['QUEUED', 'ONGOING'])
      .returning(['id', 'job_execution_id'])
      .execute();
    if (cut.length === 0) return [];
    const ids = cut.map((r) => r.id);
    await tx
      .updateTable('rollback_request')
      .set({ status: 'PARTIALLY_ROLLEDBACK' })
      .where('id', 'in', ids)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('rollback_record as rec')
            .select('rec.id')
            .whereRef('rec.rollback_id', '=', 'rollback_request.id')
            .where('rec.status', '=', 'ROLLBACK_FINISHED'),
        ),
      )
      .execute();
    const started = await tx
      .updateTable('rollback_record')
      .set({ status: 'ROLLBACK_FAILED', error_message: ROLLBACK_TEXTS.serverStopped, finished_at: now })
      .where('rollback_id', 'in', ids)
      .where('status', '=', 'ROLLBACK_STARTED')
      .returning('id')
      .execute();
    if (started.length > 0) {
      await tx
        .updateTable('rollback_dependency')
        .set({ status: 'ROLLBACK_FAILED' })
        .where(
          'record_id',
          'in',
          started.map((r) => r.id),
        )
        .execute();
    }
    await tx
      .updateTable('job_execution')
      .set({ status: 'ROLLBACK_FAILED', updated_at: now })
      .where(
        'id',
        'in',
        cut.map((r) => r.job_execution_id),
      )
      .execute();
    return ids;
  });
}
