import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611300200_dashboards.sql and 202611300700_report_dashlets.sql. Keep in step. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type DashletTable = {
  id: Generated<number>;
  module_id: number;
  name: string;
  kind: 'MATCH_RATE' | 'OPEN_BY_AGE' | 'TREND' | 'TOP_BREAKS' | 'RUNS' | 'REPORT';
  recon_id: number | null;
  /** REPORT: the report config shown (null for the other kinds). */
  report_config_id: number | null;
  chart_type: 'NUMBER' | 'BAR' | 'LINE' | 'PIE' | 'TABLE';
  parameters: Json<Record<string, unknown>>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DashboardTable = {
  id: Generated<number>;
  module_id: number;
  name: string;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DashboardDashletTable = {
  dashboard_id: number;
  dashlet_id: number;
  x: number;
  y: number;
  w: number;
  h: number;
};

export type DashboardsDatabase = {
  dashlet: DashletTable;
  dashboard: DashboardTable;
  dashboard_dashlet: DashboardDashletTable;
};
