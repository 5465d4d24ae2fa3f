import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611220900_recon_engine.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type Id = Generated<number>;

export type RuleType =
  | 'RECONCILED'
  | 'RELAX_MATCH'
  | 'PROPOSE_MATCH'
  | 'SAME_SIDE_REVERSAL'
  | 'LATE_REVERSAL'
  | 'DUPLICATE_MATCH'
  | 'PARTIAL_RECONCILED'
  | 'KNOCK_OFF';

export type RuleGroupTable = {
  id: Id;
  module_id: number;
  recon_id: number;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ReconRuleTable = {
  id: Id;
  module_id: number;
  recon_id: number;
  rule_group_id: number;
  name: string;
  description: Generated<string>;
  rule_type: RuleType;
  sequence: number;
  enabled: Generated<boolean>;
  /** The conditions as the contract's ruleConditionSchema array (validated on write). */
  conditions: Json<unknown[]>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ReconRunKind =
  | 'ENGINE'
  | 'DRY_RUN'
  | 'MANUAL_MATCH'
  | 'UNMATCH'
  | 'KNOCK_OFF'
  | 'ACCEPT_PROPOSED'
  | 'REJECT_PROPOSED';
export type ReconRunStatus = 'RUNNING' | 'COMPLETED' | 'FAILED' | 'ROLLED_BACK';

export type ReconRunTable = {
  id: Id;
  module_id: number;
  recon_id: number;
  kind: ReconRunKind;
  status: Generated<ReconRunStatus>;
  job_execution_id: number | null;
  activity_execution_id: number | null;
  summary: Json<Record<string, unknown>>;
  reason: string | null;
  error: string | null;
  started_by: number | null;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  rolled_back_at: NullableTimestamp;
  rolled_back_by: number | null;
};

export type ReconJournalTable = {
  id: Id;
  run_id: number;
  data_source_id: number;
  row_id: number;
  old_state: NullableJson<Record<string, unknown>>;
  new_state: NullableJson<Record<string, unknown>>;
};

export type ReconDatabase = {
  rule_group: RuleGroupTable;
  recon_rule: ReconRuleTable;
  recon_run: ReconRunTable;
  recon_journal: ReconJournalTable;
};
