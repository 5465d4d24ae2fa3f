import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611221000_downloads.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Id = Generated<number>;

export type DownloadReportType = 'TRANSACTIONS' | 'DASHLET' | 'REPORT' | 'APPROVAL' | 'BRS_REPORT' | 'GL_REPORT';
export type DownloadFormat = 'CSV' | 'XLSX';
export type DownloadScope = 'ALL_COLUMNS' | 'CONFIGURED_COLUMNS' | 'CUSTOM_COLUMNS';
export type DownloadStatus =
  | 'SUBMITTED'
  | 'INPROCESS'
  | 'READYFORDOWNLOAD'
  | 'FAILED'
  | 'DOWNLOADED'
  | 'CREATED'
  | 'ABORTED'
  | 'DISCARDED';

export type DownloadRequestTable = {
  id: Id;
  module_id: number;
  requested_by: number;
  report_type: DownloadReportType;
  file_name: string;
  format: DownloadFormat;
  scope: DownloadScope;
  columns: Json<string[]>;
  query: Json<Record<string, unknown>>;
  status: Generated<DownloadStatus>;
  row_count: number | null;
  size_bytes: number | null;
  path: string | null;
  error: string | null;
  token_hash: string | null;
  token_expires_at: NullableTimestamp;
  requested_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  downloaded_at: NullableTimestamp;
  updated_at: Timestamp;
};

export type DownloadsDatabase = {
  download_request: DownloadRequestTable;
};
