import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611300100_reports.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type Id = Generated<number>;
type BigCount = ColumnType<number | null, number | null | undefined, number | null>;

export type ReportConfigTable = {
  id: Id;
  module_id: number;
  name: string;
  description: string | null;
  data_source_id: number;
  definition: Json<Record<string, unknown>>;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ReportGroupTable = {
  id: Id;
  module_id: number;
  name: string;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ReportGroupMemberTable = {
  report_group_id: number;
  report_config_id: number;
  sequence: number;
};

export type ReportExecutionTable = {
  id: Id;
  module_id: number;
  report_config_id: number | null;
  report_name: string;
  data_source_id: number;
  definition: Json<Record<string, unknown>>;
  status: 'RUNNING' | 'COMPLETED' | 'FAILED';
  trigger: 'MANUAL' | 'JOB';
  max_row_id: BigCount;
  row_count: BigCount;
  error: string | null;
  requested_by: number | null;
  job_execution_id: number | null;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
};

export type ReportsDatabase = {
  report_config: ReportConfigTable;
  report_group: ReportGroupTable;
  report_group_member: ReportGroupMemberTable;
  report_execution: ReportExecutionTable;
};
