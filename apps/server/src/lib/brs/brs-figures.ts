import {
  BRS_GROUP_LABELS,
  BRS_GROUPS,
  BRS_TEXTS,
  type BrsGroup,
  type BrsGroupItems,
  type BrsStatement,
  defaultBrsGroup,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { quoteIdent } from '@recon/recon-engine';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { validation } from '@/lib/app-error.ts';
import { qualified } from '@/lib/data-tables/ddl.ts';
import { isLoadedAt } from '@/lib/gl/gl-model.ts';
import { toMoney, toUnits } from '@/lib/gl/gl-money.ts';
import type { BrsModel, BrsModelSide } from './brs-model.ts';

/**
 * The bank reconciliation statement in SQL, set-based (decision 0038): per side one aggregate statement over its
 * open rows (a scan of its table with an anti-join on its state table), each row put in its group by one CASE made
 * of the rules; the balances by one indexed read each. Sums are exact (numeric, 4 places) and added here in integer
 * units of 1/10,000, shown rounded to the paisa (the GL's money).
 *
 * A row's signed amount raises its own side's balance when positive (books Dr, bank Cr). Its effect on the balance
 * per books on the way to the balance per bank: a books row not yet in the bank undoes itself (−signed), a bank row
 * not yet in the books adds itself (+signed).
 */

const col = (name: string) => sql.raw(`r.${quoteIdent(name)}`);
const rowTable = (s: BrsModelSide) => sql.raw(`${qualified(s.source.table)} r`);
const stateTable = (s: BrsModelSide) => sql.raw(qualified(s.source.stateTable));
const dayColumn = (s: BrsModelSide): RawBuilder<unknown> =>
  isLoadedAt(s.dateColumn) ? sql`r._loaded_at` : col(s.dateColumn);
const dayOf = (s: BrsModelSide) => sql`(${dayColumn(s)})::date`;

/** The row's amount, signed so that positive raises its side's balance. */
function signedOf(s: BrsModelSide): RawBuilder<unknown> {
  const amount = sql`coalesce((${col(s.amountColumn)})::numeric, 0)`;
  if (!s.drCrColumn) return amount;
  const isDr = sql`upper(trim((${col(s.drCrColumn)})::text)) IN (${sql.join(s.debitValues)})`;
  return s.side === 'BANK'
    ? sql`(CASE WHEN ${isDr} THEN -${amount} ELSE ${amount} END)`
    : sql`(CASE WHEN ${isDr} THEN ${amount} ELSE -${amount} END)`;
}
const effectOf = (s: BrsModelSide) => (s.side === 'BANK' ? signedOf(s) : sql`(-${signedOf(s)})`);
const directionOf = (s: BrsModelSide) => sql`(CASE WHEN ${signedOf(s)} >= 0 THEN 'IN' ELSE 'OUT' END)`;

/** A rule's pattern (* any text, ? one character, case-blind) as an ILIKE pattern. */
export function likeOf(pattern: string): string {
  return pattern
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');
}

/** The group of a row: the first of the side's rules that fits it, else by its direction. */
function groupOf(model: BrsModel, s: BrsModelSide): RawBuilder<unknown> {
  const whens = model.rules
    .filter((r) => r.side === s.side)
    .map((r) => {
      const parts: RawBuilder<SqlBool>[] = [];
      if (r.direction) parts.push(sql<SqlBool>`${directionOf(s)} = ${r.direction}`);
      if (r.narrationPattern && s.narrationColumn)
        parts.push(sql<SqlBool>`(${col(s.narrationColumn)})::text ILIKE ${likeOf(r.narrationPattern)}`);
      if (r.instrumentPattern && s.instrumentColumn)
        parts.push(sql<SqlBool>`(${col(s.instrumentColumn)})::text ILIKE ${likeOf(r.instrumentPattern)}`);
      return sql`WHEN ${sql.join(parts, sql` AND `)} THEN ${r.group}`;
    });
  const byDirection = sql`CASE WHEN ${signedOf(s)} >= 0 THEN ${defaultBrsGroup(s.side, 'IN')} ELSE ${defaultBrsGroup(s.side, 'OUT')} END`;
  return whens.length === 0 ? byDirection : sql`CASE ${sql.join(whens, sql` `)} ELSE ${byDirection} END`;
}

/** Loaded open, dated on or before the day, and not closed (matched, knocked off…) by the end of it. */
function openAsOn(s: BrsModelSide, asOn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`r._recon_status = 'UNRECONCILED' AND ${dayColumn(s)} < ${asOn}::date + 1
    AND NOT EXISTS (SELECT 1 FROM ${stateTable(s)} x WHERE x._id = r._id AND x.reconciled_at < ${asOn}::date + 1)`;
}
/** Every row of the side dated on or before the day, whatever became of it (duplicates aside). */
const bookedBy = (s: BrsModelSide, asOn: string) =>
  sql<SqlBool>`r._recon_status <> 'DUPLICATE' AND ${dayColumn(s)} < ${asOn}::date + 1`;

/** The side's balance as on the day, in units; `entered` for an ENTERED balance. */
async function balanceOf(db: Db, s: BrsModelSide, asOn: string, entered: string | null): Promise<bigint> {
  if (s.balanceMode === 'ENTERED') {
    if (entered === null)
      throw validation(BRS_TEXTS.enteredBalanceRequired, s.side === 'BANK' ? 'bankBalance' : 'booksBalance');
    return toUnits(entered);
  }
  if (s.balanceMode === 'SUM') {
    const r = await sql<{ total: string }>`SELECT round(coalesce(sum(${signedOf(s)}), 0), 4)::text AS total
      FROM ${rowTable(s)} WHERE ${bookedBy(s, asOn)}`.execute(db);
    return toUnits(s.openingBalance ?? '0') + toUnits(r.rows[0]?.total ?? '0');
  }
  const balance = col(s.balanceColumn as string);
  const r = await sql<{ balance: string }>`SELECT round((${balance})::numeric, 4)::text AS balance
    FROM ${rowTable(s)} WHERE ${bookedBy(s, asOn)} AND ${balance} IS NOT NULL
    ORDER BY ${dayColumn(s)} DESC, r._id DESC LIMIT 1`.execute(db);
  const row = r.rows[0];
  if (!row) throw validation(BRS_TEXTS.noBalanceRow, s.side === 'BANK' ? 'bank' : 'books');
  return toUnits(row.balance);
}

/** Per group: the open items' effect on the balance per books, and how many. */
async function groupSums(db: Db, model: BrsModel, s: BrsModelSide, asOn: string) {
  const r = await sql<{ grp: BrsGroup; total: string; n: number }>`
    SELECT grp, round(sum(effect), 4)::text AS total, count(*)::int AS n
    FROM (SELECT ${groupOf(model, s)} AS grp, ${effectOf(s)} AS effect
      FROM ${rowTable(s)} WHERE ${openAsOn(s, asOn)}) t
    GROUP BY grp`.execute(db);
  return r.rows;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/** GET /v2/brs/{id}/statement. */
export async function brsStatement(
  db: Db,
  model: BrsModel,
  asOnDate: string,
  entered: { bankBalance: string | null; booksBalance: string | null },
): Promise<BrsStatement> {
  const [books, bank, bookSums, bankSums] = await Promise.all([
    balanceOf(db, model.books, asOnDate, entered.booksBalance),
    balanceOf(db, model.bank, asOnDate, entered.bankBalance),
    groupSums(db, model, model.books, asOnDate),
    groupSums(db, model, model.bank, asOnDate),
  ]);
  const sums = new Map<BrsGroup, { units: bigint; count: number }>();
  for (const row of [...bookSums, ...bankSums]) {
    const was = sums.get(row.grp) ?? { units: 0n, count: 0 };
    sums.set(row.grp, { units: was.units + toUnits(row.total), count: was.count + row.n });
  }
  let add = 0n;
  let less = 0n;
  const groups = BRS_GROUPS.map((group) => {
    const s = sums.get(group) ?? { units: 0n, count: 0 };
    if (s.units >= 0n) add += s.units;
    else less += -s.units;
    return {
      group,
      label: BRS_GROUP_LABELS[group],
      amount: toMoney(s.units),
      add: toMoney(s.units > 0n ? s.units : 0n),
      less: toMoney(s.units < 0n ? abs(s.units) : 0n),
      count: s.count,
    };
  });
  const computed = books + add - less;
  return {
    brsConfigId: model.id,
    name: model.name,
    asOnDate,
    bankSourceName: model.bank.source.dataSourceName,
    booksSourceName: model.books.source.dataSourceName,
    balancePerBooks: toMoney(books),
    groups,
    totalAdd: toMoney(add),
    totalLess: toMoney(less),
    balancePerBankComputed: toMoney(computed),
    balancePerBank: toMoney(bank),
    difference: toMoney(bank - computed),
  };
}

/** One side's open rows with their group, as the branch of the drill-down's UNION ALL. */
function itemsOf(model: BrsModel, s: BrsModelSide, asOn: string) {
  const text = (c: string | null) => (c ? sql`(${col(c)})::text` : sql`NULL::text`);
  return sql`SELECT ${s.side}::text AS side, r._id AS id, ${dayOf(s)} AS day,
      ${text(s.narrationColumn)} AS narration, ${text(s.instrumentColumn)} AS instrument,
      ${directionOf(s)} AS direction, abs(coalesce((${col(s.amountColumn)})::numeric, 0)) AS amount,
      ${effectOf(s)} AS effect, ${groupOf(model, s)} AS grp
    FROM ${rowTable(s)} WHERE ${openAsOn(s, asOn)}`;
}

type ItemRow = {
  side: 'BOOKS' | 'BANK';
  id: number;
  day: string | null;
  narration: string | null;
  instrument: string | null;
  direction: 'IN' | 'OUT';
  amount: string;
  effect: string;
};

/** GET /v2/brs/{id}/groups/{group}/items: the group's open items of both sides, oldest first, a page of them. */
export async function brsGroupItems(
  db: Db,
  model: BrsModel,
  group: BrsGroup,
  q: { asOnDate: string; start: number; length: number; draw: number },
): Promise<BrsGroupItems> {
  const all = sql`(${itemsOf(model, model.books, q.asOnDate)} UNION ALL ${itemsOf(model, model.bank, q.asOnDate)})`;
  const [totals, page] = await Promise.all([
    sql<{ n: number; total: string }>`SELECT count(*)::int AS n, round(coalesce(sum(effect), 0), 4)::text AS total
      FROM ${all} t WHERE grp = ${group}`.execute(db),
    sql<ItemRow>`SELECT side, id, to_char(day, 'YYYY-MM-DD') AS day, narration, instrument, direction,
        round(amount, 4)::text AS amount, round(effect, 4)::text AS effect
      FROM ${all} t WHERE grp = ${group}
      ORDER BY day, side DESC, id LIMIT ${q.length} OFFSET ${q.start}`.execute(db),
  ]);
  const n = totals.rows[0]?.n ?? 0;
  return {
    draw: q.draw,
    recordsTotal: n,
    recordsFiltered: n,
    total: toMoney(toUnits(totals.rows[0]?.total ?? '0')),
    data: page.rows.map((r) => ({
      side: r.side,
      id: Number(r.id),
      date: r.day,
      narration: r.narration,
      instrument: r.instrument,
      direction: r.direction,
      amount: toMoney(toUnits(r.amount)),
      effect: toMoney(toUnits(r.effect)),
    })),
  };
}
