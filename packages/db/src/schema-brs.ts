import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611300300_brs.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type BrsConfigTable = {
  id: Generated<number>;
  module_id: number;
  name: string;
  bank_data_source_id: number;
  books_data_source_id: number;
  bank: Json<Record<string, unknown>>;
  books: Json<Record<string, unknown>>;
  rules: Json<Record<string, unknown>[]>;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type BrsDatabase = { brs_config: BrsConfigTable };
