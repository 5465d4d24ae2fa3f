import {
  jobStatusLabel,
  ROLLBACK_ENTITY_LABELS,
  ROLLBACK_STATUS_LABELS,
  ROLLBACK_STEP_STATUS_LABELS,
  type RollbackDetail,
  type RollbackImpact,
  type RollbackRecord,
  type RollbackRow,
  type RollbackStatus,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';
import { type ListColumnMap, pagingSql } from '@/lib/paging-sql.ts';
import { toDependency } from '@/lib/rollback/impact.ts';
import { runsByIds } from '@/lib/rollback/plan.ts';

type RequestRecord = {
  id: number;
  job_execution_id: number;
  job_id: number;
  job_name: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  executed_by: string | null;
  status: RollbackStatus;
  execution_status: string;
  attempt: number;
  error_message: string | null;
};

const SELECT = sql`SELECT r.id, r.job_execution_id, e.job_id, j.name AS job_name, r.created_at, r.started_at,
  r.finished_at, u.user_name AS executed_by, r.status, r.execution_status, r.attempt, r.error_message
  FROM rollback_request r JOIN job_execution e ON e.id = r.job_execution_id JOIN job j ON j.id = e.job_id
  LEFT JOIN app_user u ON u.id = r.requested_by`;

// The spec's columns (client keys) → the SQL they search and sort by; nothing else is accepted.
const LIST_COLUMNS: ListColumnMap = {
  rollbackId: sql`r.id`,
  jobExecutionId: sql`r.job_execution_id`,
  jobName: sql`j.name`,
  startTime: sql`r.created_at`,
  endTime: sql`r.finished_at`,
  executedBy: sql`coalesce(u.user_name, '')`,
  status: sql`r.status`,
};

const toRow = (r: RequestRecord): RollbackRow => ({
  rollbackId: r.id,
  jobExecutionId: r.job_execution_id,
  jobName: r.job_name,
  startTime: r.created_at.toISOString(),
  endTime: r.finished_at?.toISOString() ?? null,
  executedBy: r.executed_by,
  status: r.status,
  statusLabel: ROLLBACK_STATUS_LABELS[r.status],
});

export type RollbackListFilters = {
  start: number;
  length: number;
  status?: RollbackStatus;
  jobExecutionId?: number;
  fromDate?: string;
  toDate?: string;
};

/** The module's rollback requests (DataTables), newest first unless ordered otherwise. */
export async function listRollbacks(
  db: Db,
  moduleId: number,
  query: Record<string, unknown> & RollbackListFilters,
): Promise<{ rows: RollbackRow[]; total: number; filtered: number }> {
  const filters = [
    ...(query.status ? [sql<boolean>`r.status = ${query.status}`] : []),
    ...(query.jobExecutionId ? [sql<boolean>`r.job_execution_id = ${query.jobExecutionId}`] : []),
    ...(query.fromDate ? [sql<boolean>`r.created_at >= ${query.fromDate}::date`] : []),
    // toDate covers its whole day.
    ...(query.toDate ? [sql<boolean>`r.created_at < ${query.toDate}::date + 1`] : []),
  ];
  const { where, orderBy } = pagingSql(query, LIST_COLUMNS, {
    tieBreaker: sql`r.id DESC`,
    globalSearch: ['jobName', 'executedBy', 'status'],
    filters,
  });
  const scope = sql`r.module_id = ${moduleId}`;
  const [page, counts] = await Promise.all([
    sql<RequestRecord>`${SELECT} WHERE ${scope} AND ${where} ORDER BY ${orderBy}
      OFFSET ${query.start} LIMIT ${query.length}`.execute(db),
    sql<{ total: number; filtered: number }>`
      SELECT (SELECT count(*)::int FROM rollback_request r WHERE ${scope}) AS total,
             (SELECT count(*)::int FROM rollback_request r JOIN job_execution e ON e.id = r.job_execution_id
                JOIN job j ON j.id = e.job_id LEFT JOIN app_user u ON u.id = r.requested_by
              WHERE ${scope} AND ${where}) AS filtered`.execute(db),
  ]);
  return { rows: page.rows.map(toRow), total: counts.rows[0]?.total ?? 0, filtered: counts.rows[0]?.filtered ?? 0 };
}

/** The live (not rejected) request of an execution, if any. */
export const liveRequestOf = (db: Db, executionId: number) =>
  db
    .selectFrom('rollback_request')
    .select(['id', 'status'])
    .where('job_execution_id', '=', executionId)
    .where('status', '<>', 'REJECTED')
    .executeTakeFirst();

/** One request of the module with its records (in sequence order) and dependencies, or undefined. */
export async function getRollbackDetail(db: Db, moduleId: number, id: number): Promise<RollbackDetail | undefined> {
  const r = (await sql<RequestRecord>`${SELECT} WHERE r.id = ${id} AND r.module_id = ${moduleId}`.execute(db)).rows[0];
  if (!r) return undefined;
  const [records, dependencyRows] = await Promise.all([
    db.selectFrom('rollback_record').selectAll().where('rollback_id', '=', id).orderBy('sequence').execute(),
    db
      .selectFrom('rollback_dependency')
      .selectAll()
      .where('rollback_id', '=', id)
      .orderBy('recon_run_id', 'desc')
      .execute(),
  ]);
  const runs = new Map(
    (
      await runsByIds(
        db,
        dependencyRows.map((d) => d.recon_run_id),
      )
    ).map((run) => [run.id, run]),
  );
  const dependencies = dependencyRows.flatMap((d) => {
    const run = runs.get(d.recon_run_id);
    if (!run) return [];
    const reason = d.reason as 'CLOSED_LOADED_ROWS' | 'USED_RUN_RESULTS';
    return [toDependency({ ...run, reason, dependsOnRunId: d.depends_on_run_id, isBlocking: false }, d.status)];
  });
  return {
    ...toRow(r),
    jobId: r.job_id,
    executionStatus: r.execution_status,
    executionStatusLabel: jobStatusLabel(r.execution_status),
    attempt: r.attempt,
    errorMessage: r.error_message,
    startedAt: r.started_at?.toISOString() ?? null,
    records: records.map(
      (rec): RollbackRecord => ({
        id: rec.id,
        sequence: rec.sequence,
        entityKind: rec.entity_kind,
        entityKindLabel: ROLLBACK_ENTITY_LABELS[rec.entity_kind],
        entityId: rec.entity_id,
        entityName: rec.entity_name,
        reconRunId: rec.recon_run_id,
        fileIds: rec.file_ids.map(Number),
        status: rec.status,
        statusLabel: ROLLBACK_STEP_STATUS_LABELS[rec.status],
        counts: rec.counts,
        errorMessage: rec.error_message,
        startedAt: rec.started_at?.toISOString() ?? null,
        finishedAt: rec.finished_at?.toISOString() ?? null,
      }),
    ),
    dependencies,
  };
}

/** The module's execution, its row held until the transaction ends: no second request or decision meanwhile. */
export const executionForUpdate = (db: Db, moduleId: number, executionId: number) =>
  db
    .selectFrom('job_execution')
    .select(['id', 'status'])
    .where('id', '=', executionId)
    .where('module_id', '=', moduleId)
    .forUpdate()
    .executeTakeFirst();

/** The module's rollback request, its row held until the transaction ends. */
export const requestForUpdate = (db: Db, moduleId: number, rollbackId: number) =>
  db
    .selectFrom('rollback_request')
    .select(['id', 'job_execution_id', 'status', 'attempt', 'error_message'])
    .where('id', '=', rollbackId)
    .where('module_id', '=', moduleId)
    .forUpdate()
    .executeTakeFirst();

/** A new request (QUEUED by the column's default, or APPROVAL_PENDING); answers its id. */
export async function insertRequest(
  db: Db,
  r: {
    moduleId: number;
    executionId: number;
    executionStatus: string;
    impact: RollbackImpact;
    requestedBy: number;
    isPendingApproval: boolean;
    now: Date;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('rollback_request')
    .values({
      ...(r.isPendingApproval ? { status: 'APPROVAL_PENDING' as const } : {}),
      module_id: r.moduleId,
      job_execution_id: r.executionId,
      execution_status: r.executionStatus,
      impact: JSON.stringify(r.impact),
      requested_by: r.requestedBy,
      created_at: r.now,
      updated_at: r.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A failed request queued again for its next attempt. */
export async function requeueRequest(db: Db, rollbackId: number, attempt: number, now: Date) {
  await db
    .updateTable('rollback_request')
    .set({ status: 'QUEUED', attempt, error_message: null, finished_at: null, updated_at: now })
    .where('id', '=', rollbackId)
    .execute();
}

export async function markExecutionRollbackCreated(db: Db, executionId: number, now: Date) {
  await db
    .updateTable('job_execution')
    .set({ status: 'ROLLBACK_CREATED', updated_at: now })
    .where('id', '=', executionId)
    .execute();
}

/** A request's planned steps left CREATED (not submitted) while it waits for approval. */
export async function holdRecords(db: Db, rollbackId: number) {
  await db.updateTable('rollback_record').set({ status: 'CREATED' }).where('rollback_id', '=', rollbackId).execute();
}
