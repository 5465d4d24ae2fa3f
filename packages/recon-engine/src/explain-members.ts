import { userColumns } from './explain-text.ts';
import { elementOn, groupByOn, type UnitSpec } from './explain-units.ts';
import type { EngineRule, Queryable, ReconInput } from './model.ts';
import { type ConditionParts, elementExpr } from './rule-sql.ts';
import { Params } from './sql-expr.ts';

// The rows of a group as explain shows them (explain-groups.ts): at most MEMBERS_SHOWN, by id.

/** Rows shown of a group. */
export const MEMBERS_SHOWN = 50;

export type ExplainedGroupMember = {
  rowId: number;
  status: string;
  /** Each total's element on this row, in the order of `totals`. */
  values: (string | null)[];
  row: Record<string, unknown>;
};

/** A group unit's key values and Group by values, as text (null: every row of the spec). */
export type UnitValues = { keys: (string | null)[]; groups: (string | null)[] } | null;

/** Rows of a group unit: those of its spec sharing the given key and Group by values (all when not grouped). */
export async function membersOf(
  db: Queryable,
  input: ReconInput,
  rule: EngineRule,
  parts: ConditionParts,
  spec: UnitSpec,
  unitValues: UnitValues,
): Promise<ExplainedGroupMember[]> {
  const params = new Params();
  const where = spec.where(params);
  if (unitValues) {
    parts.keys.forEach((k, i) => {
      const e = elementExpr(params, elementOn(input, rule, k, spec.label), spec.bound);
      where.push(`(${e.sql})::text = ${params.add(unitValues.keys[i] ?? null, 'text')}`);
    });
    groupByOn(input, parts, spec.label).forEach((g, i) => {
      const e = elementExpr(params, g.el, spec.bound);
      where.push(`(${e.sql})::text = ${params.add(unitValues.groups[i] ?? null, 'text')}`);
    });
  }
  const values = parts.tolerances.map((p, i) => {
    const e = elementExpr(params, elementOn(input, rule, p, spec.label), spec.bound);
    return `(${e.sql})::text AS _mv_${i + 1}`;
  });
  const t = spec.bound.alias;
  const r = await db.query(
    `SELECT ${t}.*, coalesce(ms.status, ${t}._recon_status) AS _status${values.map((v) => `, ${v}`).join('')}
     FROM ${spec.bound.side.table} ${t} LEFT JOIN ${spec.bound.side.stateTable} ms ON ms._id = ${t}._id
     WHERE ${where.length ? where.map((w) => `(${w})`).join(' AND ') : 'true'}
     ORDER BY ${t}._id LIMIT ${MEMBERS_SHOWN}`,
    params.values,
  );
  return r.rows.map((row) => ({
    rowId: Number(row._id),
    status: String(row._status),
    values: parts.tolerances.map((_, i) => (row[`_mv_${i + 1}`] as string | null) ?? null),
    row: userColumns(row),
  }));
}
