import { DASHLET_AGE_BUCKETS, type DashletFigures, glBucketsOf, LOADED_AT_DATE_COLUMN } from '@recon/contract';
import type { Db } from '@recon/db';
import { quoteIdent } from '@recon/recon-engine';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';
import { toMoney, toUnits } from '@/lib/gl/gl-money.ts';
import type { DashletModel, DashletSource } from './dashlet-model.ts';
import { reportFigures } from './report-dashlet.ts';

/**
 * A dashlet's figures in set-based SQL (decision 0037): per data source of the recon one aggregate statement over
 * its table (open rows by an anti-join on its state table, matched by a left join), run side by side; sums are
 * exact (numeric rounded to 4 places, added as BigInt units, shown to the paisa, as the GL does). A row is open
 * when it was loaded UNRECONCILED (never a DUPLICATE) and has no state row; matched (closed) when it has one.
 * Date windows ("the last N days") run on the row's day column, whose (column, _id) index the data table keeps.
 */

const DAY_MS = 86_400_000;
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const shift = (day: string, days: number) => dayOf(new Date(Date.parse(day) + days * DAY_MS));

const rowTable = (ms: DashletSource) => sql.raw(`${qualified(ms.source.table)} r`);
const stateTable = (ms: DashletSource) => sql.raw(qualified(ms.source.stateTable));
const dayColumn = (ms: DashletSource): RawBuilder<unknown> =>
  ms.dateColumn === LOADED_AT_DATE_COLUMN ? sql`r._loaded_at` : sql.raw(`r.${quoteIdent(ms.dateColumn)}`);
const amountSum = (ms: DashletSource, filter?: RawBuilder<SqlBool>): RawBuilder<string> =>
  ms.amountColumn === null
    ? sql<string>`'0'`
    : sql<string>`round(coalesce(sum((${sql.raw(`r.${quoteIdent(ms.amountColumn)}`)})::numeric)${
        filter ? sql` FILTER (WHERE ${filter})` : sql``
      }, 0), 4)::text`;
const isOpen = (ms: DashletSource) =>
  sql<SqlBool>`r._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM ${stateTable(ms)} x WHERE x._id = r._id)`;
/** Rows dated from `from` to `to` (inclusive days): a range on the day column, so its index serves. */
const datedBetween = (ms: DashletSource, from: string, to: string) =>
  sql<SqlBool>`${dayColumn(ms)} >= ${from}::date AND ${dayColumn(ms)} < ${to}::date + 1`;

/** Percent with 2 decimals from whole counts, half up. */
export function percentOf(part: number, whole: number): string {
  if (whole === 0) return '0.00';
  const hundredths = Math.round((part * 10_000) / whole);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

type Out = Omit<DashletFigures, 'kind' | 'chartType' | 'title' | 'asOnDate'>;

async function matchRate(db: Db, m: DashletModel, today: string): Promise<Out> {
  const from = m.parameters.days ? shift(today, 1 - m.parameters.days) : null;
  const per = await Promise.all(
    m.sources.map(async (ms) => {
      const window = from ? sql<SqlBool>` AND ${datedBetween(ms, from, today)}` : sql``;
      const r = await sql<{ total: number; matched: number; open_amount: string }>`
        SELECT count(*)::int AS total, count(s._id)::int AS matched,
               ${amountSum(ms, sql<SqlBool>`s._id IS NULL`)} AS open_amount
        FROM ${rowTable(ms)} LEFT JOIN ${stateTable(ms)} s ON s._id = r._id
        WHERE r._recon_status = 'UNRECONCILED'${window}`.execute(db);
      const row = r.rows[0] ?? { total: 0, matched: 0, open_amount: '0' };
      return { name: ms.source.dataSourceName, ...row, units: toUnits(row.open_amount) };
    }),
  );
  const total = per.reduce((n, p) => n + p.total, 0);
  const matched = per.reduce((n, p) => n + p.matched, 0);
  const units = per.reduce((n, p) => n + p.units, 0n);
  const line = (name: string, t: number, mt: number, u: bigint) => ({
    name,
    total: t,
    matched: mt,
    open: t - mt,
    rate: percentOf(mt, t),
    openAmount: toMoney(u),
  });
  return {
    columns: [
      { key: 'name', label: 'Data source', kind: 'label' },
      { key: 'total', label: 'Rows', kind: 'count' },
      { key: 'matched', label: 'Matched', kind: 'count' },
      { key: 'open', label: 'Open', kind: 'count' },
      { key: 'rate', label: 'Match rate %', kind: 'percent' },
      { key: 'openAmount', label: 'Open amount', kind: 'money' },
    ],
    rows: [...per.map((p) => line(p.name, p.total, p.matched, p.units)), line('Total', total, matched, units)],
    headline: { label: 'Match rate', value: `${percentOf(matched, total)}%` },
  };
}

async function openByAge(db: Db, m: DashletModel, today: string): Promise<Out> {
  const buckets = glBucketsOf(DASHLET_AGE_BUCKETS);
  const cells = buckets.map(() => ({ count: 0, units: 0n }));
  await Promise.all(
    m.sources.map(async (ms) => {
      const age = sql`${today}::date - (${dayColumn(ms)})::date`;
      const which = sql.join(
        DASHLET_AGE_BUCKETS.map((b, i) => sql`WHEN ${age} <= ${sql.lit(b)} THEN ${sql.lit(i)}`),
        sql` `,
      );
      const r = await sql<{ b: number; n: number; amount: string }>`
        SELECT (CASE ${which} ELSE ${sql.lit(DASHLET_AGE_BUCKETS.length)} END)::int AS b, count(*)::int AS n,
               ${amountSum(ms)} AS amount
        FROM ${rowTable(ms)} WHERE ${isOpen(ms)} GROUP BY 1`.execute(db);
      for (const row of r.rows) {
        const cell = cells[row.b];
        if (!cell) continue;
        cell.count += row.n;
        cell.units += toUnits(row.amount);
      }
    }),
  );
  const count = cells.reduce((n, c) => n + c.count, 0);
  return {
    columns: [
      { key: 'bucket', label: 'Age (days)', kind: 'label' },
      { key: 'count', label: 'Open rows', kind: 'count' },
      { key: 'amount', label: 'Open amount', kind: 'money' },
    ],
    rows: buckets.map((b, i) => ({
      bucket: b.label,
      count: cells[i]?.count ?? 0,
      amount: toMoney(cells[i]?.units ?? 0n),
    })),
    headline: { label: 'Open rows', value: String(count) },
  };
}

/** The days from `today − days + 1` to today, oldest first. */
const daysUpTo = (today: string, days: number) => Array.from({ length: days }, (_, i) => shift(today, i + 1 - days));

async function trend(db: Db, m: DashletModel, today: string): Promise<Out> {
  const days = daysUpTo(today, m.days);
  const from = days[0] ?? today;
  const byDay = new Map(days.map((d) => [d, { matched: 0, open: 0 }]));
  await Promise.all(
    m.sources.map(async (ms) => {
      const r = await sql<{ d: string; matched: number; total: number }>`
        SELECT to_char((${dayColumn(ms)})::date, 'YYYY-MM-DD') AS d, count(s._id)::int AS matched, count(*)::int AS total
        FROM ${rowTable(ms)} LEFT JOIN ${stateTable(ms)} s ON s._id = r._id
        WHERE r._recon_status = 'UNRECONCILED' AND ${datedBetween(ms, from, today)} GROUP BY 1`.execute(db);
      for (const row of r.rows) {
        const cell = byDay.get(row.d);
        if (!cell) continue;
        cell.matched += row.matched;
        cell.open += row.total - row.matched;
      }
    }),
  );
  const rows = days.map((d) => ({ day: d, ...(byDay.get(d) ?? { matched: 0, open: 0 }) }));
  return {
    columns: [
      { key: 'day', label: 'Day', kind: 'label' },
      { key: 'matched', label: 'Matched', kind: 'count' },
      { key: 'open', label: 'Open', kind: 'count' },
    ],
    rows,
    headline: { label: 'Open rows', value: String(rows.reduce((n, r) => n + r.open, 0)) },
  };
}

async function topBreaks(db: Db, m: DashletModel): Promise<Out> {
  const group = m.group;
  if (!group) return { columns: [], rows: [], headline: null };
  const { ms, column } = group;
  const key = sql.raw(`r.${quoteIdent(column)}`);
  const hasAmount = ms.amountColumn !== null;
  const amount = ms.amountColumn ? sql.raw(`(r.${quoteIdent(ms.amountColumn)})::numeric`) : sql`0`;
  const r = await sql<{ k: string | null; n: number; amount: string }>`
    SELECT (${key})::text AS k, count(*)::int AS n, ${amountSum(ms)} AS amount
    FROM ${rowTable(ms)} WHERE ${isOpen(ms)}
    GROUP BY 1 ORDER BY ${hasAmount ? sql`abs(coalesce(sum(${amount}), 0)) DESC,` : sql``} count(*) DESC, 1
    LIMIT ${m.limit}`.execute(db);
  return {
    columns: [
      { key: 'key', label: column, kind: 'label' },
      { key: 'count', label: 'Open rows', kind: 'count' },
      ...(hasAmount ? [{ key: 'amount', label: 'Open amount', kind: 'money' as const }] : []),
    ],
    rows: r.rows.map((row) => ({
      key: row.k ?? '(empty)',
      count: row.n,
      ...(hasAmount ? { amount: toMoney(toUnits(row.amount)) } : {}),
    })),
    headline: null,
  };
}

async function runs(db: Db, m: DashletModel, today: string): Promise<Out> {
  const days = daysUpTo(today, m.days);
  const from = days[0] ?? today;
  const r = await sql<{ d: string; n: number; failed: number }>`
    SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS d, count(*)::int AS n,
           (count(*) FILTER (WHERE status = 'FAILED'))::int AS failed
    FROM job_execution
    WHERE module_id = ${m.moduleId} AND created_at >= ${from}::timestamp AT TIME ZONE 'UTC'
      AND created_at < (${today}::date + 1)::timestamp AT TIME ZONE 'UTC'
    GROUP BY 1`.execute(db);
  const byDay = new Map(r.rows.map((row) => [row.d, row]));
  const rows = days.map((d) => ({ day: d, runs: byDay.get(d)?.n ?? 0, failed: byDay.get(d)?.failed ?? 0 }));
  const total = rows.reduce((n, x) => n + x.runs, 0);
  const failed = rows.reduce((n, x) => n + x.failed, 0);
  return {
    columns: [
      { key: 'day', label: 'Day', kind: 'label' },
      { key: 'runs', label: 'Runs', kind: 'count' },
      { key: 'failed', label: 'Failed', kind: 'count' },
    ],
    rows,
    headline: { label: 'Failed runs', value: `${failed} / ${total}` },
  };
}

/** The figures of a dashlet as they stand at `now` (its UTC day). */
export async function dashletFigures(db: Db, m: DashletModel, now: Date): Promise<DashletFigures> {
  const today = dayOf(now);
  const out =
    m.kind === 'MATCH_RATE'
      ? await matchRate(db, m, today)
      : m.kind === 'OPEN_BY_AGE'
        ? await openByAge(db, m, today)
        : m.kind === 'TREND'
          ? await trend(db, m, today)
          : m.kind === 'TOP_BREAKS'
            ? await topBreaks(db, m)
            : m.kind === 'REPORT'
              ? await reportFigures(db, m)
              : await runs(db, m, today);
  return { kind: m.kind, chartType: m.chartType, title: m.name, asOnDate: today, ...out };
}
