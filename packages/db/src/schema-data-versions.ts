/** Kysely's view of migrations/202611300600_data_versions.sql. Keep in step with the SQL. */
export type DataVersionTable = {
  table_name: string;
  backend_pid: number;
  changes: number;
};

export type DataVersionsDatabase = { data_version: DataVersionTable };
