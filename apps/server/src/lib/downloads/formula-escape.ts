import { type RawBuilder, sql } from 'kysely';

/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with =, +, -, @ (or a tab or
 * carriage return before one) as a formula. Such text cells get a leading apostrophe, which spreadsheets show as
 * text and hide. Only text cells: a number column's "-12.50" is a number, not a formula.
 */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** The same rule in SQL, for the rows PostgreSQL writes itself (COPY). */
export function escapeFormulaSql(value: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`CASE WHEN left(${value}, 1) IN ('=', '+', '-', '@', chr(9), chr(13)) THEN '''' || ${value} ELSE ${value} END`;
}

/** The same rule in Node, for the cells written from JavaScript (the header line). */
export function escapeFormula(value: string): string {
  return FORMULA_STARTS.some((c) => value.startsWith(c)) ? `'${value}` : value;
}
