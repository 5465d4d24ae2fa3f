import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611221100_rollbacks.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Id = Generated<number>;

export type RollbackRequestStatus =
  | 'ONGOING'
  | 'QUEUED'
  | 'APPROVAL_PENDING'
  | 'ROLLBACK_FINISHED'
  | 'PARTIALLY_ROLLEDBACK'
  | 'ROLLBACK_FAILED'
  | 'REJECTED';
export type RollbackRecordStatus =
  | 'SUBMITTED_FOR_EXECUTION'
  | 'CREATED'
  | 'REJECTED'
  | 'ROLLBACK_STARTED'
  | 'ROLLBACK_FINISHED'
  | 'ROLLBACK_FAILED';
export type RollbackDependencyStatus =
  | 'DEPENDENCY_EXPLORED'
  | 'CREATED'
  | 'ROLLBACK_STARTED'
  | 'ROLLBACK_FINISHED'
  | 'ROLLBACK_FAILED';
export type RollbackEntityKind =
  | 'pipeline'
  | 'recon'
  | 'recon_rule'
  | 'data_sources'
  | 'job_history'
  | 'execute_jobs'
  | 'pg_charges'
  | 'cashback_coupon';

export type RollbackRequestTable = {
  id: Id;
  module_id: number;
  job_execution_id: number;
  status: Generated<RollbackRequestStatus>;
  execution_status: string;
  impact: Json<Record<string, unknown>>;
  error_message: string | null;
  attempt: Generated<number>;
  requested_by: number | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
};

export type RollbackRecordTable = {
  id: Id;
  rollback_id: number;
  sequence: number;
  entity_kind: RollbackEntityKind;
  entity_id: number;
  entity_name: string;
  recon_run_id: number | null;
  file_ids: ColumnType<number[], number[] | undefined, number[]>;
  status: Generated<RollbackRecordStatus>;
  counts: Json<Record<string, number>>;
  error_message: string | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
};

export type RollbackDependencyTable = {
  id: Id;
  rollback_id: number;
  recon_run_id: number;
  record_id: number | null;
  reason: string;
  depends_on_run_id: number | null;
  status: Generated<RollbackDependencyStatus>;
};

export type RollbackDatabase = {
  rollback_request: RollbackRequestTable;
  rollback_record: RollbackRecordTable;
  rollback_dependency: RollbackDependencyTable;
};
