import { conditionColumns } from './explain.ts';
import { groupSideOf, pairUnits } from './explain-groups.ts';
import { aggregatedSides, type Label, type UnitSpec } from './explain-units.ts';
import type { EngineCondition, EngineElement, EngineRule, Queryable, ReconInput } from './model.ts';
import { type Bound, type ConditionParts, sideOf } from './rule-sql.ts';
import { Params } from './sql-expr.ts';

/** "Try this rule" pairs: the verdicts of each pair of picked rows, or of a picked group against a row. */

/** At most this many rows a side: pairs grow as their product. */
export const TRY_ROWS_PER_SIDE = 20;

const sideFor = (input: ReconInput, l: Label) => (l === 'A' ? input.sideA : input.sideB);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export type TriedVerdict = {
  sequence: number;
  holds: boolean;
  valueOne: string | null;
  valueTwo: string | null;
  /** A total against a row: group − row, exact; otherwise null. */
  difference: string | null;
};
export type TriedUnit = { side: Label; rowIds: number[] };
export type TriedPair = { first: TriedUnit; second: TriedUnit; verdicts: TriedVerdict[]; held: number; total: number };

/** Row-against-row verdicts (one-to-one and same-side rules), as explain evaluates candidates. */
export async function rowPairs(
  db: Queryable,
  input: ReconInput,
  rule: EngineRule,
  conditions: EngineCondition[],
  first: { label: Label; ids: number[] },
  second: { label: Label; ids: number[] },
  sameSide: boolean,
): Promise<TriedPair[]> {
  const x: Bound = { side: sideFor(input, first.label), alias: 'x' };
  const o: Bound = { side: sideFor(input, second.label), alias: 'o' };
  const bind = (el: EngineElement, role: 'one' | 'two'): Bound => {
    if (sameSide) return role === 'one' ? x : o;
    return sideOf(input, el) === first.label ? x : o;
  };
  const params = new Params();
  const cols = conditions.flatMap((c, i) => conditionColumns(params, rule, c, bind, i));
  const r = await db.query(
    `SELECT x._id AS x_id, o._id AS o_id, ${cols.join(', ')}
     FROM ${x.side.table} x JOIN ${o.side.table} o ON ${sameSide ? 'x._id <> o._id' : 'true'}
     WHERE x._id = ANY(${params.add(first.ids, 'bigint[]')}) AND o._id = ANY(${params.add(second.ids, 'bigint[]')})
     ORDER BY x._id, o._id`,
    params.values,
  );
  return r.rows.map((row) => {
    const verdicts = conditions.map((c, i) => ({
      sequence: c.sequence,
      holds: row[`h_${i}`] === true,
      valueOne: text(row[`v1_${i}`]),
      valueTwo: text(row[`v2_${i}`]),
      difference: null,
    }));
    return {
      first: { side: first.label, rowIds: [Number(row.x_id)] },
      second: { side: second.label, rowIds: [Number(row.o_id)] },
      verdicts,
      held: verdicts.filter((v) => v.holds).length,
      total: verdicts.length,
    };
  });
}

/**
 * Aggregate rules: the picked rows of a side that adds up as one unit (one per Group by value, as the run groups
 * them), against each picked row of the other.
 */
export async function unitPairs(
  db: Queryable,
  input: ReconInput,
  rule: EngineRule,
  parts: ConditionParts,
  ids: Record<Label, number[]>,
): Promise<TriedPair[]> {
  const sides = aggregatedSides(input, parts);
  const spec = (l: Label): UnitSpec => ({
    label: l,
    bound: { side: sideFor(input, l), alias: 't' },
    isAggregated: sides.has(l),
    isGroupedByKeys: false,
    isGroupedByGroupBy: true,
    where: (p) => [`t._id = ANY(${p.add(ids[l], 'bigint[]')})`],
  });
  // One side adds up: it is the group. Both do: side B is shown as the group, held against side A's.
  const groupSide = groupSideOf(input, parts, 'A');
  const limit = TRY_ROWS_PER_SIDE * TRY_ROWS_PER_SIDE;
  const rows = await pairUnits(db, input, rule, parts, { A: spec('A'), B: spec('B') }, groupSide, {
    nearestOnly: false,
    limit,
  });
  const unit = (l: Label, rowIds: unknown): TriedUnit => ({ side: l, rowIds: (rowIds as unknown[]).map(Number) });
  return rows.map((row) => {
    const keys = parts.keys.map((k, i) => ({
      sequence: k.c.sequence,
      holds: row[`kh_${i + 1}`] === true,
      valueOne: text(row[`kx1_${i + 1}`]),
      valueTwo: text(row[`kx2_${i + 1}`]),
      difference: null,
    }));
    const totals = parts.tolerances.map((t, i) => {
      const a = text(row[`va_${i + 1}`]);
      const b = text(row[`vb_${i + 1}`]);
      const oneIsA = sideOf(input, t.one) === 'A';
      return {
        sequence: t.c.sequence,
        holds: row[`vh_${i + 1}`] === true,
        valueOne: oneIsA ? a : b,
        valueTwo: oneIsA ? b : a,
        difference: text(row[`vd_${i + 1}`]),
      };
    });
    const verdicts = [...keys, ...totals].sort((p, q) => p.sequence - q.sequence);
    return {
      first: unit('A', row.a_ids),
      second: unit('B', row.b_ids),
      verdicts,
      held: verdicts.filter((v) => v.holds).length,
      total: verdicts.length,
    };
  });
}
