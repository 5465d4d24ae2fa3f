import { type ExplainedGroup, matchedGroup, nearestGroups } from './explain-groups.ts';
import { conditionText, type ExplainedCondition, enabledConditions, userColumns } from './explain-text.ts';
import { pairsByUnits } from './explain-units.ts';
import type { EngineCondition, EngineElement, EngineRule, EngineSide, Queryable, ReconInput } from './model.ts';
import { RuleCompileError } from './model.ts';
import { type Bound, conditionPredicate, elementExpr, inRule, partsOf, sideOf } from './rule-sql.ts';
import { compareSql, ExprError, Params, toleranceSql } from './sql-expr.ts';

export type { ExplainedGroup, ExplainedGroupMember, ExplainedGroupTotal } from './explain-groups.ts';
export { conditionText, type ExplainedCondition } from './explain-text.ts';

/**
 * Explain: why a row is where it is. A matched row: the rule that closed it and each condition's values against
 * the rows of its group. An open row: under each enabled rule, the nearest rows of the other side (those meeting
 * the most conditions) with every condition's values and verdict — the failing one is what kept them apart.
 * Read-only; runs a bounded query per rule (a scan of the other side, at most CANDIDATES rows back). Rules with Sum
 * or Average speak for groups (explain-groups.ts).
 */

const CANDIDATES = 5;
const SAME_SIDE = new Set(['SAME_SIDE_REVERSAL', 'LATE_REVERSAL']);

export type ExplainedCandidate = {
  dataSourceId: number;
  rowId: number;
  status: string;
  held: number;
  total: number;
  conditions: ExplainedCondition[];
  row: Record<string, unknown>;
};
export type Explanation = {
  dataSourceId: number;
  rowId: number;
  status: string;
  matchId: number | null;
  row: Record<string, unknown>;
  matchedBy: { ruleId: number | null; name: string | null; runId: number; reason: string | null } | null;
  counterparts: ExplainedCandidate[];
  /** A row matched by a rule with Sum or Average: its group's totals against the row it was matched with. */
  group?: ExplainedGroup;
  rules: {
    ruleId: number;
    name: string;
    ruleType: string;
    excludedBy: string | null;
    candidates: ExplainedCandidate[];
    /** Rules with Sum or Average: the nearest candidate groups (candidates stays empty). */
    groups?: ExplainedGroup[];
  }[];
};

/**
 * A condition as a verdict and the two values it compares (aggregations left out: row against row), as columns
 * v1_i, v2_i, h_i. Used by explain and "try this rule".
 */
export function conditionColumns(
  params: Params,
  rule: EngineRule,
  c: EngineCondition,
  bind: (el: EngineElement, role: 'one' | 'two') => Bound,
  i: number,
): string[] {
  return inRule(rule, c, () => {
    const one = elementExpr(params, { ...c.elementOne, aggregation: null }, bind(c.elementOne, 'one'));
    const twoIsConstant = c.elementSecond.valueType === 'CONSTANT';
    const two = twoIsConstant
      ? null
      : elementExpr(params, { ...c.elementSecond, aggregation: null }, bind(c.elementSecond, 'two'));
    let verdict: string;
    if (c.ruleConditionType === 'MATCHING' && c.operator === 'EQUAL' && two) {
      verdict =
        c.tolerance !== null && c.tolerance !== undefined
          ? toleranceSql(params, one, two, c.tolerance, c.toleranceType ?? 'AMOUNT').test
          : compareSql(one, 'EQUAL', two);
    } else {
      verdict = conditionPredicate(
        params,
        {
          ...c,
          elementOne: { ...c.elementOne, aggregation: null },
          elementSecond: { ...c.elementSecond, aggregation: null },
        },
        bind,
      );
    }
    const valueTwo = two ? `(${two.sql})::text` : params.add(c.elementSecond.value ?? null, 'text');
    return [`(${one.sql})::text AS v1_${i}`, `${valueTwo} AS v2_${i}`, `coalesce((${verdict}), false) AS h_${i}`];
  });
}

function readCandidate(
  input: ReconInput,
  conditions: EngineCondition[],
  side: EngineSide,
  r: Record<string, unknown>,
): ExplainedCandidate {
  const explained = conditions.map((c, i) => ({
    sequence: c.sequence,
    ruleConditionType: c.ruleConditionType,
    text: conditionText(input, c),
    valueOne: (r[`v1_${i}`] as string | null) ?? null,
    valueTwo: (r[`v2_${i}`] as string | null) ?? null,
    holds: r[`h_${i}`] === true,
  }));
  return {
    dataSourceId: side.dataSourceId,
    rowId: Number(r._id),
    status: String(r._status),
    held: explained.filter((c) => c.holds).length,
    total: explained.length,
    conditions: explained,
    row: userColumns(r),
  };
}

/** Runs an evaluation, answering null when the rule (as it is now) cannot be compiled. */
async function orNullOnRuleError<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ExprError || err instanceof RuleCompileError) return null;
    throw err;
  }
}

type Role = { me: 'A' | 'B'; mySide: EngineSide; other: EngineSide };

/** The rows of `other` (all, or those in `ids`) with every condition evaluated against row x. */
async function evaluate(
  db: Queryable,
  input: ReconInput,
  rule: EngineRule,
  role: Role,
  rowId: number,
  where: { ids?: number[]; nearest?: boolean },
): Promise<ExplainedCandidate[]> {
  const conditions = enabledConditions(rule).filter(
    (c) => c.ruleConditionType === 'MATCHING' || (c.ruleConditionType === 'FILTER' && !c.primaryCondition),
  );
  if (conditions.length === 0) return [];
  const x: Bound = { side: role.mySide, alias: 'x' };
  const o: Bound = { side: role.other, alias: 'o' };
  const sameSide = SAME_SIDE.has(rule.ruleType);
  const bind = (el: EngineElement, r: 'one' | 'two'): Bound => {
    if (sameSide) return r === 'one' ? x : o;
    return sideOf(input, el) === role.me ? x : o;
  };
  const params = new Params();
  const cols = conditions.flatMap((c, i) => conditionColumns(params, rule, c, bind, i));
  const held = conditions.map((_, i) => `h_${i}::int`).join(' + ');
  const filter = where.ids
    ? `o._id = ANY(${params.add(where.ids, 'bigint[]')})`
    : sameSide
      ? `o._id <> ${params.add(rowId, 'bigint')}`
      : 'true';
  const sql = `SELECT * FROM (
      SELECT o.*, coalesce(so.status, o._recon_status) AS _status, ${cols.join(', ')}
      FROM ${role.other.table} o LEFT JOIN ${role.other.stateTable} so ON so._id = o._id
      CROSS JOIN (SELECT * FROM ${role.mySide.table} WHERE _id = ${params.add(rowId, 'bigint')}) x
      WHERE ${filter}) c
    ${where.nearest ? `WHERE ${conditions.map((_, i) => `h_${i}`).join(' OR ')} ORDER BY (${held}) DESC, _id LIMIT ${CANDIDATES}` : 'ORDER BY _id'}`;
  const r = await db.query(sql, params.values);
  return r.rows.map((row) => readCandidate(input, conditions, role.other, row));
}

/** Why a primary filter of the rule keeps the row out, or null when every one of them lets it in. */
async function excludedBy(
  db: Queryable,
  input: ReconInput,
  rule: EngineRule,
  role: Role,
  rowId: number,
): Promise<string | null> {
  const filters = enabledConditions(rule).filter(
    (c) => c.ruleConditionType === 'FILTER' && c.primaryCondition && sideOf(input, c.elementOne) === role.me,
  );
  for (const c of filters) {
    const params = new Params();
    const x: Bound = { side: role.mySide, alias: 'x' };
    const predicate = inRule(rule, c, () => conditionPredicate(params, c, () => x));
    const r = await db.query(
      `SELECT coalesce((${predicate}), false) AS ok FROM ${role.mySide.table} x WHERE x._id = ${params.add(rowId, 'bigint')}`,
      params.values,
    );
    if (r.rows[0]?.ok !== true) return `Condition ${c.sequence}: ${conditionText(input, c)} does not hold for this row`;
  }
  return null;
}

/**
 * Explains one row of side `me`. `rulesById` names the rule of a matched row even when it is disabled now;
 * `input.rules` (the enabled ones, in order) are tried for an open row.
 */
export async function explainRow(
  db: Queryable,
  input: ReconInput,
  me: 'A' | 'B',
  rowId: number,
  rulesById: ReadonlyMap<number, EngineRule>,
): Promise<Explanation | null> {
  const mySide = me === 'A' ? input.sideA : input.sideB;
  const otherSide = me === 'A' ? input.sideB : input.sideA;
  const found = await db.query(
    `SELECT t.*, coalesce(st.status, t._recon_status) AS _status, st.match_id AS _match, st.rule_id AS _rule,
            st.run_id AS _run, st.reason AS _reason
     FROM ${mySide.table} t LEFT JOIN ${mySide.stateTable} st ON st._id = t._id WHERE t._id = $1`,
    [rowId],
  );
  const row = found.rows[0];
  if (!row) return null;
  const base = {
    dataSourceId: mySide.dataSourceId,
    rowId,
    status: String(row._status),
    matchId: row._match === null ? null : Number(row._match),
    row: userColumns(row),
  };
  if (row._run !== null && row._run !== undefined) {
    const rule = row._rule === null ? undefined : rulesById.get(Number(row._rule));
    const matchedBy = {
      ruleId: row._rule === null ? null : Number(row._rule),
      name: rule?.name ?? null,
      runId: Number(row._run),
      reason: (row._reason as string | null) ?? null,
    };
    const counterparts: ExplainedCandidate[] = [];
    let group: ExplainedGroup | undefined;
    if (base.matchId !== null) {
      // Under a rule with Sum or Average the totals are the group's (below); each row is held on the keys only.
      const parts = rule ? partsOf(rule) : null;
      const byUnits = rule && parts ? pairsByUnits(rule, parts) : false;
      const perRow =
        rule && parts && byUnits
          ? { ...rule, conditions: rule.conditions.filter((c) => !parts.tolerances.some((t) => t.c === c)) }
          : rule;
      if (rule && parts && byUnits) {
        group =
          (await orNullOnRuleError(() => matchedGroup(db, input, rule, parts, me, base.matchId as number))) ??
          undefined;
      }
      for (const other of [otherSide, mySide]) {
        const ids = await db.query(
          `SELECT _id FROM ${other.stateTable} WHERE match_id = $1 AND _id <> $2 ORDER BY _id`,
          [base.matchId, other === mySide ? rowId : -1],
        );
        const idList = ids.rows.map((r) => Number(r._id));
        if (idList.length === 0) continue;
        // Rows of the explained row's own side are held against it only by rules comparing two rows of one side.
        if (perRow && (other !== mySide || SAME_SIDE.has(perRow.ruleType))) {
          const evaluated = await orNullOnRuleError(() =>
            evaluate(db, input, perRow, { me, mySide, other }, rowId, { ids: idList }),
          );
          if (evaluated) {
            counterparts.push(...evaluated);
            continue;
          }
        }
        const plain = await db.query(
          `SELECT o.*, coalesce(so.status, o._recon_status) AS _status FROM ${other.table} o
           LEFT JOIN ${other.stateTable} so ON so._id = o._id WHERE o._id = ANY($1::bigint[]) ORDER BY o._id`,
          [idList],
        );
        counterparts.push(...plain.rows.map((r) => readCandidate(input, [], other, r)));
      }
    }
    return { ...base, matchedBy, counterparts, ...(group ? { group } : {}), rules: [] };
  }
  const rules: Explanation['rules'] = [];
  for (const rule of input.rules) {
    const role: Role = { me, mySide, other: SAME_SIDE.has(rule.ruleType) ? mySide : otherSide };
    const entry: Explanation['rules'][number] = {
      ruleId: rule.id,
      name: rule.name,
      ruleType: rule.ruleType,
      excludedBy: null,
      candidates: [],
    };
    try {
      entry.excludedBy = await excludedBy(db, input, rule, role, rowId);
      if (rule.ruleType === 'KNOCK_OFF') {
        const knocksOtherSide = enabledConditions(rule).some((c) => sideOf(input, c.elementOne) !== me);
        entry.excludedBy ??= knocksOtherSide ? 'The rule knocks off rows of the other side' : null;
      } else if (!entry.excludedBy) {
        const parts = partsOf(rule);
        if (pairsByUnits(rule, parts)) entry.groups = await nearestGroups(db, input, rule, parts, me, rowId);
        else entry.candidates = await evaluate(db, input, rule, role, rowId, { nearest: true });
      }
    } catch (err) {
      if (!(err instanceof ExprError || err instanceof RuleCompileError)) throw err;
      entry.excludedBy = `The rule cannot be evaluated: ${err.message}`;
    }
    rules.push(entry);
  }
  return { ...base, matchedBy: null, counterparts: [], rules };
}
