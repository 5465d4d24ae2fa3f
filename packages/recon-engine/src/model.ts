/**
 * What the engine is given: a recon's two sides and its enabled rules in order. The shapes follow the contract's
 * rule schema (packages/contract/src/rules.ts) structurally; the engine does not import the contract, so the
 * server hands it plain objects that it validated there.
 */

export type ValueKind = 'number' | 'text' | 'date' | 'timestamp';

/** `argument`: the number of Add, Round …; `args`: named arguments of the others (contract rule-transforms.ts). */
export type EngineTransform = {
  type: string;
  argument?: number | null;
  args?: Record<string, string | number | null> | null;
};

export type EngineElement = {
  valueType: 'COLUMN' | 'CONSTANT';
  dataSourceId?: number | null;
  columnName?: string | null;
  value?: string | null;
  transforms?: readonly EngineTransform[];
  /** Sum and Average add numbers; Minimum and Maximum take numbers or dates (earliest / latest). */
  aggregation?: EngineAggregation | null;
};

export type EngineAggregation = 'SUM' | 'AVERAGE' | 'MIN' | 'MAX';

export type EngineCondition = {
  sequence: number;
  /**
   * GROUP_BY: element one is a column (transforms allowed) of a side that an aggregate adds up; that side's groups
   * are formed by its Equal keys and these values, so a rule may add up a side by a column the other side lacks
   * (a settlement id). Its operator and element two mean nothing.
   */
  ruleConditionType: 'MATCHING' | 'FILTER' | 'GROUP_BY';
  primaryCondition: boolean;
  conditionEnable: boolean;
  elementOne: EngineElement;
  operator: string;
  elementSecond: EngineElement;
  tolerance?: number | null;
  /**
   * AMOUNT (the default): |one − two| ≤ tolerance. PERCENT: |one − two| ≤ |one| × tolerance / 100, element one
   * (side A) being the base; numbers only.
   */
  toleranceType?: ToleranceType | null;
};

export type ToleranceType = 'AMOUNT' | 'PERCENT';

export type EngineRuleType =
  | 'RECONCILED'
  | 'RELAX_MATCH'
  | 'PROPOSE_MATCH'
  | 'SAME_SIDE_REVERSAL'
  | 'LATE_REVERSAL'
  | 'DUPLICATE_MATCH'
  | 'PARTIAL_RECONCILED'
  | 'KNOCK_OFF';

export type EngineRule = {
  id: number;
  name: string;
  ruleType: EngineRuleType;
  conditions: readonly EngineCondition[];
};

/** One side of the recon: its data source, its physical tables (schema-qualified, quoted) and its columns. */
export type EngineSide = {
  dataSourceId: number;
  dataTableId: number;
  /** e.g. recon_data."m1_bank_statement" */
  table: string;
  /** e.g. recon_data."m1_bank_statement_state" */
  stateTable: string;
  /** Column name → the kind of its values. Only these columns can be referenced. */
  columns: ReadonlyMap<string, ValueKind>;
  /** The side's books are closed up to a day (server decision 0035): rows dated inside are not open to any rule. */
  closedPeriod?: ClosedPeriod | null;
};

/**
 * A closed period over a side: rows whose day (`dayColumn`, a DATE / DATETIME column; null: when the row was loaded)
 * is on or before `until` (YYYY-MM-DD) stay as they are. A row without a day is outside.
 */
export type ClosedPeriod = { dayColumn: string | null; until: string };

export type ReconInput = { reconId: number; sideA: EngineSide; sideB: EngineSide; rules: readonly EngineRule[] };

/** Statuses a closed row can have in a state table. */
export type ClosedStatus = Exclude<EngineRuleType, never>;
/** Statuses of rows a later rule may pair with as "already matched" (duplicate match, late reversal). */
export const MATCHED_STATUSES = ['RECONCILED', 'RELAX_MATCH', 'PARTIAL_RECONCILED'] as const;

export type RuleOutcome = {
  ruleId: number;
  name: string;
  ruleType: EngineRuleType;
  /** Candidate pairs the rule's conditions admitted (before one-to-one selection). */
  candidates: number;
  /** Matched groups the rule formed. */
  groups: number;
  rowsA: number;
  rowsB: number;
  ms: number;
};

/** Open rows of a side a run left out because they sit inside a closed period. */
export type LeftOut = {
  side: 'A' | 'B';
  dataSourceId: number;
  /** Set by the server, which knows the names. */
  dataSourceName?: string;
  until: string;
  rows: number;
};

export type RunSummary = {
  rules: RuleOutcome[];
  rowsA: number;
  rowsB: number;
  ms: number;
  /** Present when a side's books are closed: the open rows inside the period, which no rule read. */
  leftOut?: LeftOut[];
};

/** A rule the engine cannot compile: names the rule and the condition. */
export class RuleCompileError extends Error {
  constructor(
    readonly ruleName: string,
    readonly sequence: number | null,
    problem: string,
  ) {
    super(
      sequence === null ? `Rule "${ruleName}": ${problem}` : `Rule "${ruleName}", condition ${sequence}: ${problem}`,
    );
  }
}

/** What the engine needs of a database connection: one client, inside the caller's open transaction. */
export type Queryable = {
  query: (text: string, values?: unknown[]) => Promise<{ rowCount: number | null; rows: Record<string, unknown>[] }>;
};
