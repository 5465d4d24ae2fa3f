import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611231000_approvals.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type ApprovalKind = 'ROLLBACK' | 'BULK_KNOCK_OFF' | 'GL_REOPEN_BOOKS';
export type ApprovalStatus =
  | 'ACTION_PENDING'
  | 'APPROVED'
  | 'REJECTED'
  | 'APPROVAL_PROCESSING'
  | 'FAILED'
  | 'PARTIALLY_APPROVED';

export type ApprovalRequestTable = {
  id: Generated<number>;
  module_id: number;
  kind: ApprovalKind;
  status: Generated<ApprovalStatus>;
  rollback_id: number | null;
  recon_id: number | null;
  data_source_id: number | null;
  gl_config_id: number | null;
  payload: Json<Record<string, unknown>>;
  summary: string;
  recon_run_id: number | null;
  requested_by: number;
  requested_at: Timestamp;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  remark: string | null;
  failure_reason: string | null;
  /** migrations/202611290300_ticket_knock_off.sql: the ticket whose close asked for this knock-off (decision 0029). */
  ticket_id: ColumnType<number | null, number | null | undefined, number | null>;
};

/** migrations/202611271100_approval_rights.sql: the roles that may decide a kind of request in a module. */
export type ApprovalRightTable = {
  module_id: number;
  kind: ApprovalKind;
  role_id: number;
};

export type ApprovalDatabase = { approval_request: ApprovalRequestTable; approval_right: ApprovalRightTable };
