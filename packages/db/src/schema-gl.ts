import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611290700_general_ledger.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Id = Generated<number>;
/** pg hands DATE over as a Date at local midnight: the queries read these days with to_char. */
type DateColumn = ColumnType<Date, Date | string, Date | string>;
type NullableDateColumn = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type GlConfigTable = {
  id: Id;
  module_id: number;
  gl_name: string;
  ageing_buckets: ColumnType<number[], number[] | undefined, number[]>;
  closed_until: NullableDateColumn;
  closed_by: number | null;
  closed_at: NullableTimestamp;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type GlConfigItemTable = {
  id: Id;
  gl_config_id: number;
  name: string;
  side: 'DEBIT' | 'CREDIT';
  sign: ColumnType<number, number | undefined, number>;
  sequence: number;
};

export type GlConfigItemSourceTable = {
  id: Id;
  gl_config_item_id: number;
  data_source_id: number;
  amount_column: string;
  filters: Json<{ field: string; operator: string; values: string[] }[]>;
  sequence: number;
};

export type GlSnapshotTable = {
  id: Id;
  gl_config_id: number;
  as_on_date: DateColumn;
  trigger: 'MANUAL' | 'JOB';
  job_execution_id: number | null;
  report: Json<Record<string, unknown>>;
  created_by: number | null;
  created_at: Timestamp;
};

export type GlDatabase = {
  gl_config: GlConfigTable;
  gl_config_item: GlConfigItemTable;
  gl_config_item_source: GlConfigItemSourceTable;
  gl_snapshot: GlSnapshotTable;
};
