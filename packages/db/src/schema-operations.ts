import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611210900_operations_core.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
/** numeric arrives as a string and stays one: money and limits are exact. */
type Numeric = ColumnType<string, string | number | undefined, string | number>;
type Id = Generated<number>;

export type DataType = 'BIGINT' | 'DATE' | 'DATETIME' | 'DOUBLE' | 'INT' | 'VARCHAR' | 'FLOAT';

export type DataTableTable = {
  id: Id;
  module_id: number;
  name: string;
  kind: Generated<'DATA' | 'MASTER'>;
  description: Generated<string>;
  table_name: string;
  history_table_name: string;
  invalid_table_name: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DataTableColumnTable = {
  id: Id;
  data_table_id: number;
  name: string;
  data_type: DataType;
  is_money: Generated<boolean>;
  max_length: number | null;
  sequence: number;
  created_at: Timestamp;
};

export type DuplicateCheckConfigTable = {
  id: Id;
  data_table_id: number;
  column_names: ColumnType<string[], string[], string[]>;
  is_enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PipelineTable = {
  id: Id;
  module_id: number;
  name: string;
  description: Generated<string>;
  source: Generated<string>;
  data_table_id: number;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** How a number column is written (see @recon/formats numbers.ts); absent: plain, grouped, signed. */
export type StoredNumberFormat = {
  grouping: 'any' | 'western' | 'indian' | 'none';
  trailingMinus: boolean;
  drCr: 'none' | 'drNegative' | 'crNegative';
  currency: boolean;
  scale: number;
};

export type FileMapping = {
  fileColumn: string;
  /** null: a column the file has but nothing loads (still part of the expected header). */
  tableColumn: string | null;
  dataType: DataType | null;
  /** The first of dateFormats (configs saved before patterns have only this). */
  dateFormat?: string | null;
  dateFormats?: string[];
  numberFormat?: StoredNumberFormat | null;
  isRequired: boolean;
  /** Without a header: the file column's position (1-based); absent: its place in the list. */
  columnNumber?: number | null;
  /** Fixed width: first character (1-based) and length. */
  start?: number | null;
  length?: number | null;
  /** A blank cell takes the last non-blank value of the column above it (skipped rows included). */
  fillDown?: boolean;
};

export type StoredSkipRules = {
  bottomRows?: number;
  blankColumns?: string[];
  patterns?: { column: string | null; pattern: string }[];
};

export type FileUploadConfigTable = {
  id: Id;
  pipeline_id: number;
  file_kind: 'csv' | 'xlsx' | 'fixed_width';
  sheet_name: string | null;
  header_row: Generated<number>;
  delimiter: Generated<string>;
  has_header: Generated<boolean>;
  skip_rules: Json<StoredSkipRules>;
  ingestion_mode: Generated<'Upload' | 'API' | 'AMAZON_S3' | 'SFTP'>;
  mappings: Json<FileMapping[]>;
  connection: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ReconTable = {
  id: Id;
  module_id: number;
  name: string;
  description: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DataSourceTable = {
  id: Id;
  module_id: number;
  name: string;
  recon_id: number;
  pipeline_id: number;
  invalid_pipeline_id: number;
  data_table_id: number;
  max_invalid_record: Numeric;
  max_invalid_unit: 'COUNT' | 'PERCENTAGE' | null;
  max_duplicate_record: Numeric;
  max_duplicate_unit: 'COUNT' | 'PERCENTAGE' | null;
  sequence: Generated<number>;
  is_active: Generated<boolean>;
  /** 202611241000: the recon state of this data source (recon × table), set when its table is a DATA table. */
  state_table_name: Generated<string | null>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DataElementTable = {
  id: Id;
  data_source_id: number;
  name: string;
  input_type: Generated<string>;
  type: DataType;
  active: Generated<boolean>;
  sequence: number;
  created_at: Timestamp;
};

export type JobTable = {
  id: Id;
  module_id: number;
  name: string;
  description: Generated<string>;
  no_of_retrial: Generated<number>;
  retrial_interval: Generated<number>;
  schedule_type: Generated<string>;
  cron_expression: string | null;
  cron_state: 'SCHEDULED' | 'PAUSED' | 'TERMINATED' | null;
  /** 202611210930: cron fire times up to here are consumed. */
  cron_fired_until: NullableTimestamp;
  dashboard_id: number | null;
  file_approval_enabled: Generated<boolean>;
  additional_settings: Json<Record<string, unknown>>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type JobFilterTable = { job_id: number; filter_name: string; enabled: Generated<boolean> };

export type JobActivityTable = {
  id: Id;
  job_id: number;
  sequence: number;
  enabled: Generated<boolean>;
  type: string;
  type_id: number | null;
  pipeline_source: string | null;
  integration_auth_id: number | null;
  job_configuration: NullableJson<Record<string, unknown>>;
  additional_info: NullableJson<Record<string, unknown>>;
  bulk_processor_details: NullableJson<Record<string, unknown>>;
  dispute_activity: NullableJson<Record<string, unknown>>;
};

export type JobExecutionTable = {
  id: Id;
  module_id: number;
  job_id: number;
  status: Generated<string>;
  trigger_type: Generated<'MANUAL' | 'CRON' | 'RETRY' | 'UPLOAD'>;
  batch_number: number | null;
  cycle_number: number | null;
  /** A date: node-postgres reads it into a Date (at local midnight), so readers select to_char(end_date, 'YYYY-MM-DD'). */
  end_date: ColumnType<Date | null, string | null | undefined, string | null>;
  params: Json<Record<string, unknown>>;
  error_message: string | null;
  created_by: number | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
  /** 202611210930: runner state and the file-approval decision. */
  next_attempt_at: NullableTimestamp;
  needs_file_approval: Generated<boolean>;
  approval_status: 'ACTION_PENDING' | 'APPROVED' | 'REJECTED' | null;
  approved_by: number | null;
  approved_at: NullableTimestamp;
};

export type ActivityExecutionTable = {
  id: Id;
  job_execution_id: number;
  job_activity_id: number | null;
  sequence: number;
  type: string;
  type_id: number | null;
  status: Generated<string>;
  attempt: Generated<number>;
  counts: Json<Record<string, number>>;
  error_message: string | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
};

export type StoredRejection = {
  reasons: { column: string; problem: string; count: number; samples: string[] }[];
  firstRows: { rowNo: number; reasons: string[]; values: Record<string, string | null> }[];
};

export type UploadedFileTable = {
  id: Id;
  module_id: number;
  pipeline_id: number;
  job_execution_id: number | null;
  activity_execution_id: number | null;
  original_name: string;
  stored_path: string;
  size_bytes: number;
  content_sha256: string;
  status: Generated<string>;
  upload_status: Generated<string>;
  error_kind: string | null;
  error_message: string | null;
  total_rows: number | null;
  valid_rows: number | null;
  invalid_rows: number | null;
  duplicate_rows: number | null;
  skipped_rows: ColumnType<number | null, number | null | undefined, number | null>;
  skip_summary: NullableJson<{ reason: string; count: number }[]>;
  rejection_summary: NullableJson<StoredRejection>;
  uploaded_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ParallelJobConfigTable = {
  id: Id;
  module_id: number;
  config_name: string;
  config_type: 'JOB' | 'MODULE';
  config_ids: ColumnType<number[], number[], number[]>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** 202611210930: where an export activity sends a report. */
export type ExportReportConfigTable = {
  id: Id;
  module_id: number;
  config_name: string;
  export_job_type_name: string;
  report_config_id: number | null;
  pipeline_id: number | null;
  export_columns: Generated<string>;
  facility: string | null;
  export_filter_id: number | null;
  account_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type OperationsDatabase = {
  data_table: DataTableTable;
  data_table_column: DataTableColumnTable;
  duplicate_check_config: DuplicateCheckConfigTable;
  pipeline: PipelineTable;
  file_upload_config: FileUploadConfigTable;
  recon: ReconTable;
  data_source: DataSourceTable;
  data_element: DataElementTable;
  job: JobTable;
  job_filter: JobFilterTable;
  job_activity: JobActivityTable;
  job_execution: JobExecutionTable;
  activity_execution: ActivityExecutionTable;
  uploaded_file: UploadedFileTable;
  parallel_job_config: ParallelJobConfigTable;
  export_report_config: ExportReportConfigTable;
};
