import type { ReportResultColumn } from '@recon/contract';
import type { Db } from '@recon/db';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';
import { fieldOf } from '@/lib/recon/transaction-fields.ts';
import { filterSql } from '@/lib/recon/transaction-filters.ts';
import type { ModelAggregate, ReportModel } from './report-model.ts';

/**
 * A report's SQL, set-based (decision 0036): one statement over the data source's table (the state table joined
 * when a field needs it), filters by the Transactions views' `filterSql` joined with the report's connectors, the
 * rows or the groups with their aggregates, sorted, paged. Identifiers come only from the table's catalog through
 * `fieldOf`; every value is a parameter. Results are read from the rows up to the run's highest row id.
 */

/** How a value is shown as text: the API's shape, or an export format's (lib/downloads `exportValueSql`). */
export type Shape = (kind: ReportResultColumn['kind'], value: RawBuilder<unknown>) => RawBuilder<unknown>;

/** The API's text of a value: exact numbers (amounts to the paisa), ISO days and times. */
export const viewShape: Shape = (kind, value) => {
  switch (kind) {
    case 'amount':
      return sql`round((${value})::numeric, 2)::text`;
    case 'date':
      return sql`to_char(${value}, 'YYYY-MM-DD')`;
    case 'timestamp':
      return sql`to_char(${value}, 'YYYY-MM-DD HH24:MI:SS')`;
    default:
      return sql`(${value})::text`;
  }
};

const exprOf = (model: ReportModel, field: string): RawBuilder<unknown> => {
  const f = fieldOf(model.source, field);
  if (!f) throw new Error(`report field ${field} unknown`);
  return f.expr;
};

function aggregateExpr(model: ReportModel, a: ModelAggregate): RawBuilder<unknown> {
  const value = a.field ? exprOf(model, a.field) : null;
  switch (a.fn) {
    case 'COUNT':
      return value ? sql`count(${value})` : sql`count(*)`;
    case 'SUM':
      return sql`coalesce(sum((${value})::numeric), 0)`;
    case 'AVG':
      return sql`avg((${value})::numeric)`;
    case 'MIN':
      return sql`min(${value})`;
    default:
      return sql`max(${value})`;
  }
}

/** Whether a field of the model reads the row's state (`s`). */
const needsState = (model: ReportModel) => {
  const fields = [
    ...model.columns.map((c) => c.field),
    ...model.filters.map((f) => f.field),
    ...model.aggregates.flatMap((a) => (a.field ? [a.field] : [])),
  ];
  return fields.some((f) => fieldOf(model.source, f)?.join === 'state');
};

function fromOf(model: ReportModel): RawBuilder<unknown> {
  const { table, stateTable } = model.source;
  return sql.raw(
    `${qualified(table)} r${needsState(model) ? ` LEFT JOIN ${qualified(stateTable)} s ON s._id = r._id` : ''}`,
  );
}

/** The filters with their connectors; AND binds before OR, as SQL reads it. */
function whereOf(model: ReportModel, maxRowId: number | null): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [];
  model.filters.forEach((f, i) => {
    const predicate = sql`(${filterSql(model.source, f).where})`;
    parts.push(i === 0 ? predicate : sql`${sql.raw(f.connector === 'OR' ? 'OR' : 'AND')} ${predicate}`);
  });
  const filters = parts.length > 0 ? sql`(${sql.join(parts, sql` `)})` : sql`true`;
  const upTo = maxRowId === null ? sql`true` : sql`r._id <= ${maxRowId}`;
  return sql<SqlBool>`${filters} AND ${upTo}`;
}

export function outputColumnsOf(model: ReportModel): ReportResultColumn[] {
  return [
    ...model.columns.map((c, i) => ({ key: `c${i + 1}`, label: c.label, kind: c.kind })),
    ...model.aggregates.map((a, i) => ({ key: `c${model.columns.length + i + 1}`, label: a.label, kind: a.kind })),
  ];
}

function orderOf(model: ReportModel): RawBuilder<unknown> {
  const keys = model.sort.map((s) => {
    const expr =
      s.key.type === 'field'
        ? exprOf(model, s.key.field)
        : aggregateExpr(model, model.aggregates[s.key.index] as ModelAggregate);
    return sql`${expr} ${sql.raw(s.desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`;
  });
  // Ties go by the groups' own values (grouped) or by row id: pages never overlap.
  const ties = model.isGrouped ? model.groupBy.map((g) => exprOf(model, g)) : [sql`r._id`];
  const all = [...keys, ...ties];
  return all.length > 0 ? sql`ORDER BY ${sql.join(all, sql`, `)}` : sql``;
}

/** The report's rows as text columns c1…cN, sorted; `page` limits them. */
export function reportSelect(
  model: ReportModel,
  options: { maxRowId: number | null; shape: Shape; page?: { start: number; length: number } },
): RawBuilder<unknown> {
  const { shape } = options;
  const shown = model.columns.map((c, i) => sql`${shape(c.kind, exprOf(model, c.field))} AS ${sql.raw(`c${i + 1}`)}`);
  const aggregates = model.aggregates.map(
    (a, i) => sql`${shape(a.kind, aggregateExpr(model, a))} AS ${sql.raw(`c${model.columns.length + i + 1}`)}`,
  );
  const groupBy =
    model.isGrouped && model.groupBy.length > 0
      ? sql`GROUP BY ${sql.join(model.groupBy.map((g) => exprOf(model, g)))}`
      : sql``;
  const page = options.page ? sql`LIMIT ${options.page.length} OFFSET ${options.page.start}` : sql``;
  return sql`SELECT ${sql.join([...shown, ...aggregates])} FROM ${fromOf(model)}
    WHERE ${whereOf(model, options.maxRowId)} ${groupBy} ${orderOf(model)} ${page}`;
}

/** One page of the report's rows as arrays of text. */
export async function reportRows(
  db: Db,
  model: ReportModel,
  options: { maxRowId: number | null; start: number; length: number },
): Promise<(string | null)[][]> {
  const r = await sql<Record<string, string | null>>`${reportSelect(model, {
    maxRowId: options.maxRowId,
    shape: viewShape,
    page: { start: options.start, length: options.length },
  })}`.execute(db);
  const keys = outputColumnsOf(model).map((c) => c.key);
  return r.rows.map((row) => keys.map((k) => row[k] ?? null));
}

/** How many rows (or groups) the report has up to a row id. */
export async function reportCount(db: Db, model: ReportModel, maxRowId: number | null): Promise<number> {
  const where = whereOf(model, maxRowId);
  const statement =
    model.isGrouped && model.groupBy.length > 0
      ? sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fromOf(model)} WHERE ${where}
          GROUP BY ${sql.join(model.groupBy.map((g) => exprOf(model, g)))}) g`
      : model.isGrouped
        ? sql<{ n: number }>`SELECT 1 AS n`
        : sql<{ n: number }>`SELECT count(*)::int AS n FROM ${fromOf(model)} WHERE ${where}`;
  const r = await statement.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** The highest row id of the report's table now (0 when empty): what a run's results stop at. */
export async function highestRowId(db: Db, model: ReportModel): Promise<number> {
  const r = await sql<{ id: number | null }>`SELECT max(r._id) AS id FROM ${sql.raw(
    `${qualified(model.source.table)} r`,
  )}`.execute(db);
  return Number(r.rows[0]?.id ?? 0);
}
