import {
  APPROVAL_KIND_LABELS,
  APPROVAL_STATUS_LABELS,
  type ApprovalKind,
  type ApprovalRow,
  type ApprovalStatus,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';
import { type ListColumnMap, pagingSql } from '@/lib/paging-sql.ts';

export type ApprovalRecord = {
  id: number;
  module_id: number;
  kind: ApprovalKind;
  status: ApprovalStatus;
  rollback_id: number | null;
  recon_id: number | null;
  data_source_id: number | null;
  gl_config_id: number | null;
  payload: Record<string, unknown>;
  summary: string;
  recon_run_id: number | null;
  requested_by: number;
  requested_by_name: string;
  requested_at: Date;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  remark: string | null;
  failure_reason: string | null;
  ticket_id: number | null;
};

const SELECT = sql`SELECT a.id, a.module_id, a.kind, a.status, a.rollback_id, a.recon_id, a.data_source_id, a.gl_config_id, a.payload,
  a.summary, a.recon_run_id, a.requested_by, rq.user_name AS requested_by_name, a.requested_at, a.decided_by,
  dc.user_name AS decided_by_name, a.decided_at, a.remark, a.failure_reason, a.ticket_id
  FROM approval_request a JOIN app_user rq ON rq.id = a.requested_by LEFT JOIN app_user dc ON dc.id = a.decided_by`;

// The list's columns (client keys) → the SQL they search and sort by; nothing else is accepted.
const LIST_COLUMNS: ListColumnMap = {
  approvalId: sql`a.id`,
  kind: sql`a.kind`,
  summary: sql`a.summary`,
  requestedBy: sql`rq.user_name`,
  requestedAt: sql`a.requested_at`,
  status: sql`a.status`,
  decidedBy: sql`coalesce(dc.user_name, '')`,
  decidedAt: sql`a.decided_at`,
};

export const toApprovalRow = (r: ApprovalRecord): ApprovalRow => ({
  approvalId: r.id,
  kind: r.kind,
  kindLabel: APPROVAL_KIND_LABELS[r.kind],
  summary: r.summary,
  requestedBy: r.requested_by_name,
  requestedAt: r.requested_at.toISOString(),
  status: r.status,
  statusLabel: APPROVAL_STATUS_LABELS[r.status],
  decidedBy: r.decided_by_name,
  decidedAt: r.decided_at?.toISOString() ?? null,
});

/** The module's approval requests (DataTables), newest first unless ordered otherwise. */
export async function listApprovals(
  db: Db,
  moduleId: number,
  query: Record<string, unknown> & { start: number; length: number; status?: ApprovalStatus; kind?: ApprovalKind },
): Promise<{ rows: ApprovalRow[]; total: number; filtered: number }> {
  const { where, orderBy } = pagingSql(query, LIST_COLUMNS, {
    tieBreaker: sql`a.id DESC`,
    globalSearch: ['summary', 'requestedBy', 'decidedBy'],
    filters: [
      ...(query.status ? [sql<boolean>`a.status = ${query.status}`] : []),
      ...(query.kind ? [sql<boolean>`a.kind = ${query.kind}`] : []),
    ],
  });
  const scope = sql`a.module_id = ${moduleId}`;
  const [page, counts] = await Promise.all([
    sql<ApprovalRecord>`${SELECT} WHERE ${scope} AND ${where} ORDER BY ${orderBy}
      OFFSET ${query.start} LIMIT ${query.length}`.execute(db),
    sql<{ total: number; filtered: number }>`
      SELECT (SELECT count(*)::int FROM approval_request a WHERE ${scope}) AS total,
             (SELECT count(*)::int FROM approval_request a JOIN app_user rq ON rq.id = a.requested_by
                LEFT JOIN app_user dc ON dc.id = a.decided_by WHERE ${scope} AND ${where}) AS filtered`.execute(db),
  ]);
  return {
    rows: page.rows.map(toApprovalRow),
    total: counts.rows[0]?.total ?? 0,
    filtered: counts.rows[0]?.filtered ?? 0,
  };
}

/** One request of the module, or undefined (another module's id reads as missing). `isLocked`: FOR UPDATE of it. */
export async function approvalOf(
  db: Db,
  moduleId: number,
  id: number,
  isLocked = false,
): Promise<ApprovalRecord | undefined> {
  const lock = isLocked ? sql` FOR UPDATE OF a` : sql``;
  return (await sql<ApprovalRecord>`${SELECT} WHERE a.id = ${id} AND a.module_id = ${moduleId}${lock}`.execute(db))
    .rows[0];
}

/** Records the decision on a request. */
export async function setDecision(
  db: Db,
  id: number,
  d: {
    status: ApprovalStatus;
    decidedBy: number;
    decidedAt: Date;
    remark: string | null;
    failureReason?: string | null;
    reconRunId?: number | null;
  },
): Promise<void> {
  await db
    .updateTable('approval_request')
    .set({
      status: d.status,
      decided_by: d.decidedBy,
      decided_at: d.decidedAt,
      remark: d.remark,
      failure_reason: d.failureReason ?? null,
      recon_run_id: d.reconRunId ?? null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Settings › Approval Rights (decision 0020): whether the user may decide a kind of request in the module — true when
 * the module names no role for the kind, or the user holds one of the roles it names.
 */
export async function holdsApprovalRight(db: Db, moduleId: number, kind: string, userId: number): Promise<boolean> {
  const r = await sql<{ allowed: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM approval_right WHERE module_id = ${moduleId} AND kind = ${kind})
        OR EXISTS (SELECT 1 FROM approval_right ar JOIN user_role ur ON ur.role_id = ar.role_id
                   WHERE ar.module_id = ${moduleId} AND ar.kind = ${kind} AND ur.user_id = ${userId}) AS allowed`.execute(
    db,
  );
  return r.rows[0]?.allowed ?? true;
}
