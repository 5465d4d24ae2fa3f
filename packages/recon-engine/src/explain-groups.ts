import { type ExplainedGroupMember, membersOf } from './explain-members.ts';
import { conditionText, type ExplainedCondition } from './explain-text.ts';
import {
  aggregatedSides,
  elementOn,
  groupByOn,
  type Label,
  pairColumns,
  type UnitSpec,
  unitSql,
} from './explain-units.ts';
import type { EngineRule, Queryable, ReconInput } from './model.ts';
import { RuleCompileError } from './model.ts';
import {
  and,
  type Bound,
  type ConditionParts,
  conditionPredicate,
  elementExpr,
  inRule,
  openSql,
  sideOf,
} from './rule-sql.ts';
import { compareSql, Params } from './sql-expr.ts';

/**
 * Explain for rules with Sum or Average (many-to-one, one-to-many, many-to-many). A matched row: its group's
 * totals against the row it was matched with, and the group's rows. An open row: the nearest candidate groups
 * (the other side's open rows grouped by the rule's key values, as the engine groups them) — or, for a row that is
 * itself on the side that adds up, its own group against the nearest rows of the other side — ranked by how many
 * conditions they meet, then by the smallest difference. Amounts stay numeric in SQL and come back as text.
 */

/** Candidate groups shown for an open row. */
const CANDIDATE_GROUPS = 5;

export type ExplainedGroupTotal = {
  sequence: number;
  text: string;
  /** How the group side is added up (SUM, AVERAGE…), null when that element has none (it is summed). */
  aggregation: string | null;
  /** The group side's column the total adds up. */
  columnName: string | null;
  /** The group's total (or average) of the condition's element. */
  groupValue: string | null;
  /** The other unit's value: the single row's, or the other group's total when both sides add up. */
  rowValue: string | null;
  /** groupValue − rowValue for amounts; null for dates and text. */
  difference: string | null;
  holds: boolean;
};
export type { ExplainedGroupMember } from './explain-members.ts';
export type ExplainedGroup = {
  /** The side whose rows the rule adds up. */
  dataSourceId: number;
  rowCount: number;
  /** At most MEMBERS_SHOWN rows, by id. */
  members: ExplainedGroupMember[];
  /** What the group is held against: one row of the other side (rowCount 1), or its group. */
  counterpart: { dataSourceId: number; rowId: number; rowCount: number };
  /** The equality keys: each unit's key value (null when a group's rows do not share one). */
  keys: ExplainedCondition[];
  totals: ExplainedGroupTotal[];
  held: number;
  total: number;
};

const otherLabel = (l: Label): Label => (l === 'A' ? 'B' : 'A');
const sideFor = (input: ReconInput, l: Label) => (l === 'A' ? input.sideA : input.sideB);

function requireKeys(rule: EngineRule, parts: ConditionParts): void {
  if (parts.keys.length === 0 && parts.groupBy.length === 0) {
    throw new RuleCompileError(
      rule.name,
      null,
      'add at least one enabled matching condition with Equal and no tolerance: the engine pairs rows on it',
    );
  }
}

/** The side shown as the group: the one that adds up, or (both do) the side facing the explained row. */
export function groupSideOf(input: ReconInput, parts: ConditionParts, me: Label): Label {
  const sides = aggregatedSides(input, parts);
  if (sides.size === 1) return [...sides][0] as Label;
  return otherLabel(me);
}

/** Every unit of side A held against every unit of side B: verdicts, values, and the group's key values. */
export async function pairUnits(
  db: Queryable,
  input: ReconInput,
  rule: EngineRule,
  parts: ConditionParts,
  specs: { A: UnitSpec; B: UnitSpec },
  groupSide: Label,
  options: { nearestOnly: boolean; limit: number },
): Promise<Record<string, unknown>[]> {
  requireKeys(rule, parts);
  const params = new Params();
  const units = { A: unitSql(params, input, rule, parts, specs.A), B: unitSql(params, input, rule, parts, specs.B) };
  const cols = pairColumns(params, input, rule, parts, units, groupSide);
  const g = groupSide === 'A' ? 'ua' : 'ub';
  const groupKeys = [
    ...parts.keys.map((_, i) => `(${g}.k${i + 1})::text AS gk_${i + 1}`),
    ...groupByOn(input, parts, groupSide).map((_, i) => `(${g}.g${i + 1})::text AS gg_${i + 1}`),
  ];
  const held = cols.verdicts.map((v) => `${v}::int`).join(' + ');
  const sql = `SELECT * FROM (
      SELECT ua.u_id AS a_id, ua.n AS a_n, ua.ids AS a_ids, ub.u_id AS b_id, ub.n AS b_n, ub.ids AS b_ids, ${[...cols.select, ...groupKeys].join(', ')}
      FROM (${units.A.sql}) ua CROSS JOIN (${units.B.sql}) ub) p
    ${options.nearestOnly ? `WHERE ${cols.verdicts.join(' OR ')}` : ''}
    ORDER BY (${held}) DESC, ${[...cols.distances, 'a_id', 'b_id'].join(', ')} LIMIT ${options.limit}`;
  return (await db.query(sql, params.values)).rows;
}

/** A paired-units row read as a group held against its counterpart. */
export function readGroup(
  input: ReconInput,
  rule: EngineRule,
  parts: ConditionParts,
  r: Record<string, unknown>,
  groupSide: Label,
  members: ExplainedGroupMember[],
): ExplainedGroup {
  const g = groupSide.toLowerCase();
  const o = otherLabel(groupSide).toLowerCase();
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const keys: ExplainedCondition[] = parts.keys.map((k, i) => ({
    sequence: k.c.sequence,
    ruleConditionType: 'MATCHING',
    text: conditionText(input, k.c),
    valueOne: text(r[`kx1_${i + 1}`]),
    valueTwo: text(r[`kx2_${i + 1}`]),
    holds: r[`kh_${i + 1}`] === true,
  }));
  const totals: ExplainedGroupTotal[] = parts.tolerances.map((p, i) => ({
    sequence: p.c.sequence,
    text: conditionText(input, p.c),
    aggregation: elementOn(input, rule, p, groupSide).aggregation ?? null,
    columnName: elementOn(input, rule, p, groupSide).columnName ?? null,
    groupValue: text(r[`v${g}_${i + 1}`]),
    rowValue: text(r[`v${o}_${i + 1}`]),
    difference: text(r[`vd_${i + 1}`]),
    holds: r[`vh_${i + 1}`] === true,
  }));
  const all = [...keys.map((k) => k.holds), ...totals.map((t) => t.holds)];
  return {
    dataSourceId: sideFor(input, groupSide).dataSourceId,
    rowCount: Number(r[`${g}_n`]),
    members,
    counterpart: {
      dataSourceId: sideFor(input, otherLabel(groupSide)).dataSourceId,
      rowId: Number(r[`${o}_id`]),
      rowCount: Number(r[`${o}_n`]),
    },
    keys,
    totals,
    held: all.filter(Boolean).length,
    total: all.length,
  };
}

/** A matched row's group under the aggregate rule that matched it: the rows the rule closed with its match id. */
export async function matchedGroup(
  db: Queryable,
  input: ReconInput,
  rule: EngineRule,
  parts: ConditionParts,
  me: Label,
  matchId: number,
): Promise<ExplainedGroup | null> {
  const sides = aggregatedSides(input, parts);
  const spec = (l: Label): UnitSpec => {
    const side = sideFor(input, l);
    return {
      label: l,
      bound: { side, alias: 't' },
      isAggregated: sides.has(l),
      isGroupedByKeys: false,
      where: (p) => [
        `t._id IN (SELECT _id FROM ${side.stateTable} WHERE match_id = ${p.add(matchId, 'bigint')} AND rule_id = ${p.add(rule.id, 'bigint')})`,
      ],
    };
  };
  const specs = { A: spec('A'), B: spec('B') };
  const groupSide = groupSideOf(input, parts, me);
  const [row] = await pairUnits(db, input, rule, parts, specs, groupSide, { nearestOnly: false, limit: 1 });
  if (!row) return null;
  const members = await membersOf(db, input, rule, parts, specs[groupSide], null);
  return readGroup(input, rule, parts, row, groupSide, members);
}

/** Primary filters of a side, as the engine applies them before grouping. */
function primaryFilters(
  params: Params,
  input: ReconInput,
  rule: EngineRule,
  parts: ConditionParts,
  b: Bound,
  l: Label,
) {
  return parts.primary
    .filter((c) => sideOf(input, c.elementOne) === l)
    .map((c) => inRule(rule, c, () => conditionPredicate(params, c, () => b)));
}

/** Key and Group by expressions of a side are not NULL: the engine leaves rows without one out of its units. */
function keysPresent(params: Params, input: ReconInput, rule: EngineRule, parts: ConditionParts, b: Bound, l: Label) {
  return [
    ...parts.keys.map((k) => `${elementExpr(params, elementOn(input, rule, k, l), b).sql} IS NOT NULL`),
    ...groupByOn(input, parts, l).map((g) => `${elementExpr(params, g.el, b).sql} IS NOT NULL`),
  ];
}

/** An open row under an aggregate rule: its nearest candidate pairs of units, most conditions met first. */
export async function nearestGroups(
  db: Queryable,
  input: ReconInput,
  rule: EngineRule,
  parts: ConditionParts,
  me: Label,
  rowId: number,
): Promise<ExplainedGroup[]> {
  const sides = aggregatedSides(input, parts);
  const other = otherLabel(me);
  const t = (l: Label): Bound => ({ side: sideFor(input, l), alias: 't' });
  // The engine's units of a side that adds up: its open rows passing the primary filters, by key value.
  const openUnits = (l: Label, extra: (p: Params) => string[]) => (p: Params) => [
    openSql(t(l)),
    ...primaryFilters(p, input, rule, parts, t(l), l),
    ...keysPresent(p, input, rule, parts, t(l), l),
    ...extra(p),
  ];
  // The explained row's own group: the open rows of its side sharing its key values.
  const sameKeysAsMe = (p: Params) => {
    const m: Bound = { side: sideFor(input, me), alias: 'm' };
    const same = [
      ...parts.keys.map((k) => elementOn(input, rule, k, me)),
      ...groupByOn(input, parts, me).map((g) => g.el),
    ];
    const equal = same.map((el) => compareSql(elementExpr(p, el, m), 'EQUAL', elementExpr(p, el, t(me))));
    return [`EXISTS (SELECT 1 FROM ${m.side.table} m WHERE m._id = ${p.add(rowId, 'bigint')} AND ${and(equal)})`];
  };
  const mine: UnitSpec = sides.has(me)
    ? { label: me, bound: t(me), isAggregated: true, isGroupedByKeys: true, where: openUnits(me, sameKeysAsMe) }
    : {
        label: me,
        bound: t(me),
        isAggregated: false,
        isGroupedByKeys: false,
        where: (p) => [`t._id = ${p.add(rowId, 'bigint')}`],
      };
  // The other side: its groups when it adds up; otherwise every row, with its status (as for one-to-one rules).
  const theirs: UnitSpec = sides.has(other)
    ? { label: other, bound: t(other), isAggregated: true, isGroupedByKeys: true, where: openUnits(other, () => []) }
    : { label: other, bound: t(other), isAggregated: false, isGroupedByKeys: false, where: () => [] };
  const specs = me === 'A' ? { A: mine, B: theirs } : { A: theirs, B: mine };
  const groupSide = groupSideOf(input, parts, me);
  const rows = await pairUnits(db, input, rule, parts, specs, groupSide, {
    nearestOnly: true,
    limit: CANDIDATE_GROUPS,
  });
  const out: ExplainedGroup[] = [];
  for (const row of rows) {
    const unitValues = {
      keys: parts.keys.map((_, i) => (row[`gk_${i + 1}`] as string | null) ?? null),
      groups: groupByOn(input, parts, groupSide).map((_, i) => (row[`gg_${i + 1}`] as string | null) ?? null),
    };
    const members = await membersOf(db, input, rule, parts, specs[groupSide], unitValues);
    out.push(readGroup(input, rule, parts, row, groupSide, members));
  }
  return out;
}
