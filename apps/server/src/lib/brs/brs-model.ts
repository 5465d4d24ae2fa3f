import {
  BRS_AMOUNT_PATTERN,
  BRS_TEXTS,
  type BrsBalanceMode,
  type BrsConfigSave,
  type BrsRule,
  type BrsSide,
  type BrsSideConfig,
  brsAmountNotNumber,
  brsColumnNotFound,
  brsSourceNotFound,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { validation } from '@/lib/app-error.ts';
import { glSourcesOf } from '@/lib/gl/gl-model.ts';
import { kindOfColumn, resolveDateColumn, type TransactionSource } from '@/lib/recon/transaction-query.ts';
import { type BrsConfigRecord, brsConfigOf } from './brs.queries.ts';

/**
 * A BRS configuration as its figures read it (decision 0038): each side (the bank statement, the books) resolved to
 * the Transactions views' source (physical table, state table, catalog columns), every column named checked to be
 * one of its columns (amounts and balances numbers), and the rules in their order.
 */

export type BrsModelSide = {
  side: BrsSide;
  source: TransactionSource;
  reconName: string;
  amountColumn: string;
  drCrColumn: string | null;
  debitValues: string[];
  dateColumn: string;
  narrationColumn: string | null;
  instrumentColumn: string | null;
  balanceMode: BrsBalanceMode;
  balanceColumn: string | null;
  openingBalance: string | null;
};
export type BrsModel = {
  id: number;
  moduleId: number;
  name: string;
  bank: BrsModelSide;
  books: BrsModelSide;
  rules: BrsRule[];
};
export type BrsSources = Awaited<ReturnType<typeof glSourcesOf>>;

/** The module's data sources a side may be (active, on a DATA table), by id: the GL's own list. */
export const brsSourcesOf = glSourcesOf;

/** Resolves one side; anything that is not a column of its data source (or not a number where one is needed) is a 400. */
export function resolveSide(sources: BrsSources, side: BrsSide, cfg: BrsSideConfig): BrsModelSide {
  const field = side === 'BANK' ? 'bank' : 'books';
  const found = sources.get(cfg.dataSourceId);
  if (!found) throw validation(brsSourceNotFound(cfg.dataSourceId), field);
  const { source } = found;
  const column = (name: string | null | undefined, number = false) => {
    if (!name) return null;
    const c = source.columns.find((col) => col.name === name);
    if (!c) throw validation(brsColumnNotFound(name, source.dataSourceName), field);
    if (number && kindOfColumn(c) !== 'number') throw validation(brsAmountNotNumber(name), field);
    return name;
  };
  const amountColumn = column(cfg.amountColumn, true) as string;
  const drCrColumn = column(cfg.drCrColumn);
  const debitValues = [...new Set(cfg.debitValues.map((v) => v.trim().toUpperCase()).filter(Boolean))];
  if (drCrColumn && debitValues.length === 0) throw validation(BRS_TEXTS.debitValuesRequired, field);
  const balanceColumn = column(cfg.balanceColumn, true);
  if (cfg.balanceMode === 'COLUMN' && !balanceColumn) throw validation(BRS_TEXTS.balanceColumnRequired, field);
  const opening = cfg.openingBalance?.trim() || null;
  if (opening && !BRS_AMOUNT_PATTERN.test(opening)) throw validation(BRS_TEXTS.openingInvalid, field);
  return {
    side,
    source,
    reconName: found.reconName,
    amountColumn,
    drCrColumn,
    debitValues: drCrColumn ? debitValues : [],
    dateColumn: resolveDateColumn(source, cfg.dateColumn ?? undefined),
    narrationColumn: column(cfg.narrationColumn),
    instrumentColumn: column(cfg.instrumentColumn),
    balanceMode: cfg.balanceMode,
    balanceColumn: cfg.balanceMode === 'COLUMN' ? balanceColumn : null,
    openingBalance: cfg.balanceMode === 'SUM' ? (opening ?? '0') : null,
  };
}

/** The rules as stored: each says something, and a pattern needs its column on that side. */
export function checkedRules(rules: readonly BrsRule[], bank: BrsModelSide, books: BrsModelSide): BrsRule[] {
  return rules.map((r) => {
    const narrationPattern = r.narrationPattern?.trim() || null;
    const instrumentPattern = r.instrumentPattern?.trim() || null;
    if (!r.direction && !narrationPattern && !instrumentPattern) throw validation(BRS_TEXTS.ruleEmpty, 'rules');
    const side = r.side === 'BANK' ? bank : books;
    if ((narrationPattern && !side.narrationColumn) || (instrumentPattern && !side.instrumentColumn))
      throw validation(BRS_TEXTS.rulePatternColumn, 'rules');
    return { side: r.side, direction: r.direction ?? null, narrationPattern, instrumentPattern, group: r.group };
  });
}

/** The whole body checked against the module's data sources. */
export function resolveConfig(sources: BrsSources, body: Pick<BrsConfigSave, 'bank' | 'books' | 'rules'>) {
  if (body.bank.dataSourceId === body.books.dataSourceId) throw validation(BRS_TEXTS.sameSource, 'books');
  const bank = resolveSide(sources, 'BANK', body.bank);
  const books = resolveSide(sources, 'BOOKS', body.books);
  return { bank, books, rules: checkedRules(body.rules, bank, books) };
}

/** A side as stored in brs_config.bank / .books (without its data source id, a column of its own). */
export function storedSide(s: BrsModelSide) {
  return {
    amountColumn: s.amountColumn,
    drCrColumn: s.drCrColumn,
    debitValues: s.debitValues,
    dateColumn: s.dateColumn,
    narrationColumn: s.narrationColumn,
    instrumentColumn: s.instrumentColumn,
    balanceMode: s.balanceMode,
    balanceColumn: s.balanceColumn,
    openingBalance: s.openingBalance,
  };
}

/** The configuration of the module as its figures read it, or null when it is not the module's. */
export async function brsModelOf(db: Db, moduleId: number, id: number): Promise<BrsModel | null> {
  const record = await brsConfigOf(db, moduleId, id);
  if (!record) return null;
  const { bank, books, rules } = resolveConfig(await brsSourcesOf(db, moduleId), bodyOf(record));
  return { id: record.id, moduleId, name: record.name, bank, books, rules };
}

/** A stored configuration as the body that would save it. */
export function bodyOf(record: BrsConfigRecord): Pick<BrsConfigSave, 'bank' | 'books' | 'rules'> {
  return {
    bank: { ...(record.bank as Omit<BrsSideConfig, 'dataSourceId'>), dataSourceId: record.bank_data_source_id },
    books: { ...(record.books as Omit<BrsSideConfig, 'dataSourceId'>), dataSourceId: record.books_data_source_id },
    rules: record.rules as BrsRule[],
  };
}
