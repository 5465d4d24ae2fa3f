import { conditionText, elementText, enabledConditions, userColumns } from './explain-text.ts';
import { aggregatedSides, type Label, pairsByUnits } from './explain-units.ts';
import type { EngineCondition, EngineElement, EngineRule, Queryable, ReconInput } from './model.ts';
import { RuleCompileError } from './model.ts';
import {
  type Bound,
  type ConditionParts,
  conditionPredicate,
  elementExpr,
  inRule,
  openSql,
  partsOf,
  sideOf,
} from './rule-sql.ts';
import { Params } from './sql-expr.ts';
import { rowPairs, TRY_ROWS_PER_SIDE, type TriedPair, unitPairs } from './try-rule-pairs.ts';

export { TRY_ROWS_PER_SIDE, type TriedPair, type TriedUnit, type TriedVerdict } from './try-rule-pairs.ts';

/**
 * "Try this rule": a rule as it is being edited, on a few rows a person picked, before it is saved. Every
 * condition's elements with their transformed values per row, each row's primary filters, and each condition's
 * verdict per pair (side A row, side B row) — for a rule with Sum or Average, the picked rows of the side that
 * adds up as one group with its total. The expressions are the engine's own (elementExpr, conditionPredicate,
 * the tolerance test, the units of aggregate rules), so what it shows is what a run would do. Read-only: SELECTs.
 */

const SAME_SIDE = new Set(['SAME_SIDE_REVERSAL', 'LATE_REVERSAL']);

export type TriedElement = {
  /** The side whose rows the element reads; null for a constant. */
  side: Label | null;
  text: string;
  /** The element's value on each picked row of its side (transforms applied, never aggregated). */
  values: { rowId: number; value: string | null }[];
};
export type TriedCondition = {
  sequence: number;
  ruleConditionType: EngineCondition['ruleConditionType'];
  primaryCondition: boolean;
  text: string;
  elementOne: TriedElement;
  elementSecond: TriedElement;
};
export type TriedRow = {
  side: Label;
  dataSourceId: number;
  rowId: number;
  status: string;
  /** Open rows are the only ones a run considers. */
  isOpen: boolean;
  /** The filters that select this row's side (primary filters; every filter of a knock off). */
  filters: { sequence: number; holds: boolean }[];
  row: Record<string, unknown>;
};
export type TriedRule = {
  /** Sides the rule adds up: their picked rows are one group. */
  aggregatedSides: Label[];
  /** Same-side rules: the side both elements read (pairs are two rows of it). */
  sameSide: Label | null;
  conditions: TriedCondition[];
  rows: TriedRow[];
  pairs: TriedPair[];
  /** Ids picked that are not rows of their side. */
  missing: Record<Label, number[]>;
};

const sideFor = (input: ReconInput, l: Label) => (l === 'A' ? input.sideA : input.sideB);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function columnSide(input: ReconInput, rule: EngineRule, c: EngineCondition, el: EngineElement): Label | null {
  if (el.valueType !== 'COLUMN') return null;
  const side = sideOf(input, el);
  if (!side)
    throw new RuleCompileError(rule.name, c.sequence, 'every column must belong to side A or side B of the recon');
  return side;
}

function requireKeys(rule: EngineRule, parts: ConditionParts): void {
  if (parts.keys.length === 0 && parts.groupBy.length === 0) {
    throw new RuleCompileError(
      rule.name,
      null,
      'add at least one enabled matching condition with Equal and no tolerance: the engine pairs rows on it',
    );
  }
}

/** The picked rows of one side with every element value they feed and their filters' verdicts. */
async function readRows(
  db: Queryable,
  input: ReconInput,
  rule: EngineRule,
  conditions: EngineCondition[],
  label: Label,
  ids: number[],
) {
  const side = sideFor(input, label);
  const bound: Bound = { side, alias: 't' };
  const params = new Params();
  const cols: string[] = [];
  conditions.forEach((c, i) => {
    for (const [n, el] of [
      [1, c.elementOne],
      [2, c.elementSecond],
    ] as const) {
      if (columnSide(input, rule, c, el) !== label) continue;
      const e = inRule(rule, c, () => elementExpr(params, { ...el, aggregation: null }, bound));
      cols.push(`(${e.sql})::text AS _e${i}_${n}`);
    }
  });
  const filters = conditions
    .map((c, i) => ({ c, i }))
    .filter(
      ({ c }) =>
        c.ruleConditionType === 'FILTER' &&
        (c.primaryCondition || rule.ruleType === 'KNOCK_OFF') &&
        sideOf(input, c.elementOne) === label,
    );
  for (const { c, i } of filters) {
    cols.push(`coalesce((${inRule(rule, c, () => conditionPredicate(params, c, () => bound))}), false) AS _f${i}`);
  }
  const r = await db.query(
    `SELECT t.*, coalesce(ts.status, t._recon_status) AS _status, (${openSql(bound)}) AS _open
       ${cols.map((c) => `, ${c}`).join('')}
     FROM ${side.table} t LEFT JOIN ${side.stateTable} ts ON ts._id = t._id
     WHERE t._id = ANY(${params.add(ids, 'bigint[]')}) ORDER BY t._id`,
    params.values,
  );
  const rows: TriedRow[] = r.rows.map((row) => ({
    side: label,
    dataSourceId: side.dataSourceId,
    rowId: Number(row._id),
    status: String(row._status),
    isOpen: row._open === true,
    filters: filters.map(({ c, i }) => ({ sequence: c.sequence, holds: row[`_f${i}`] === true })),
    row: userColumns(row),
  }));
  return { rows, raw: r.rows };
}

/** The side every column of a same-side rule reads. */
function sameSideOf(input: ReconInput, rule: EngineRule, conditions: EngineCondition[]): Label {
  const sides = new Set(
    conditions
      .filter((c) => c.ruleConditionType === 'MATCHING')
      .flatMap((c) => [c.elementOne, c.elementSecond])
      .map((el) => sideOf(input, el)),
  );
  if (sides.size !== 1 || sides.has(null)) {
    throw new RuleCompileError(
      rule.name,
      null,
      'both elements must be columns of the same data source for this rule type',
    );
  }
  return [...sides][0] as Label;
}

export async function tryRule(
  db: Queryable,
  input: ReconInput,
  rule: EngineRule,
  rowIdsA: readonly number[],
  rowIdsB: readonly number[],
): Promise<TriedRule> {
  const conditions = enabledConditions(rule);
  const parts = partsOf(rule);
  const picked = {
    A: [...new Set(rowIdsA)].sort((p, q) => p - q).slice(0, TRY_ROWS_PER_SIDE),
    B: [...new Set(rowIdsB)].sort((p, q) => p - q).slice(0, TRY_ROWS_PER_SIDE),
  };
  const read = {
    A: await readRows(db, input, rule, conditions, 'A', picked.A),
    B: await readRows(db, input, rule, conditions, 'B', picked.B),
  };
  const found = { A: read.A.rows.map((r) => r.rowId), B: read.B.rows.map((r) => r.rowId) };
  const element = (c: EngineCondition, i: number, n: 1 | 2): TriedElement => {
    const el = n === 1 ? c.elementOne : c.elementSecond;
    const side = columnSide(input, rule, c, el);
    const values = side
      ? read[side].raw.map((row) => ({ rowId: Number(row._id), value: text(row[`_e${i}_${n}`]) }))
      : [];
    return { side, text: el.valueType === 'CONSTANT' ? (el.value ?? '') : elementText(input, el), values };
  };
  const tried: TriedCondition[] = conditions.map((c, i) => ({
    sequence: c.sequence,
    ruleConditionType: c.ruleConditionType,
    primaryCondition: c.primaryCondition,
    text: conditionText(input, c),
    elementOne: element(c, i, 1),
    elementSecond: element(c, i, 2),
  }));
  // Pairs are judged on the conditions that compare two rows: matching ones and secondary filters.
  const pairConditions = conditions.filter(
    (c) => c.ruleConditionType === 'MATCHING' || (c.ruleConditionType === 'FILTER' && !c.primaryCondition),
  );
  let pairs: TriedPair[] = [];
  let sameSide: Label | null = null;
  if (rule.ruleType !== 'KNOCK_OFF') requireKeys(rule, parts);
  if (rule.ruleType === 'KNOCK_OFF') {
    pairs = [];
  } else if (SAME_SIDE.has(rule.ruleType)) {
    sameSide = sameSideOf(input, rule, conditions);
    const side = { label: sameSide, ids: found[sameSide] };
    pairs = await rowPairs(db, input, rule, pairConditions, side, side, true);
  } else if (pairsByUnits(rule, parts)) {
    pairs = await unitPairs(db, input, rule, parts, found);
  } else {
    pairs = await rowPairs(
      db,
      input,
      rule,
      pairConditions,
      { label: 'A', ids: found.A },
      { label: 'B', ids: found.B },
      false,
    );
  }
  return {
    aggregatedSides: pairsByUnits(rule, parts) ? [...aggregatedSides(input, parts)].sort() : [],
    sameSide,
    conditions: tried,
    rows: [...read.A.rows, ...read.B.rows],
    pairs,
    missing: {
      A: picked.A.filter((id) => !found.A.includes(id)),
      B: picked.B.filter((id) => !found.B.includes(id)),
    },
  };
}
