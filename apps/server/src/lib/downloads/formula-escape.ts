import { type RawBuilder, sql } from 'kysely';
import type { ExportColumnKind } from './export-plan.ts';

/**
 * CSV cells Excel opens as they are (decision 0017).
 *
 * CSV injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with =, +, -, @ (or a tab or
 * carriage return before one) as a formula. Such text cells get a leading apostrophe (OWASP's prefix). Only text
 * cells: a number column's "-12.50" is a number, not a formula.
 *
 * Text Excel would turn into a number or a date (a 12-digit UTR into 2.2452E+11, "000123" into 123, "01-02" into
 * a date) is written as a formula giving the text: `="000123456789"`. Excel and LibreOffice show the text itself,
 * leading zeros and every digit kept. Only values of digits and number / date punctuation, at most 255 characters
 * (Excel's limit for a text constant in a formula); they hold no quote, so the formula is a plain string literal.
 */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;
/** Text Excel would read as a number or a date: digits with . , / : - or spaces, or an exponent form (1e5). */
const NUMBER_LIKE = '^[0-9][0-9 .,/:-]*$|^[0-9]*[.]?[0-9]+[eE][+-]?[0-9]+$';
const NUMBER_LIKE_RE = new RegExp(NUMBER_LIKE);
export const MAX_FORMULA_TEXT = 255;

/** The same rules in SQL, for the rows PostgreSQL writes itself (COPY). */
export function escapeTextSql(value: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`CASE WHEN left(${value}, 1) IN ('=', '+', '-', '@', chr(9), chr(13)) THEN '''' || ${value}
    WHEN length(${value}) <= ${sql.lit(MAX_FORMULA_TEXT)} AND ${value} ~ ${sql.lit(NUMBER_LIKE)}
    THEN '="' || ${value} || '"' ELSE ${value} END`;
}

/** The same rules in Node, for the cells written from JavaScript (the header line). */
export function escapeText(value: string): string {
  if (FORMULA_STARTS.some((c) => value.startsWith(c))) return `'${value}`;
  if (value.length <= MAX_FORMULA_TEXT && NUMBER_LIKE_RE.test(value)) return `="${value}"`;
  return value;
}

/**
 * A value of the plan's SELECT as text for the format: amounts rounded to 2 decimals as numeric (never through a
 * float), dates DD-MM-YYYY and times DD-MM-YYYY hh:mm AM for CSV, ISO wall-clock text for XLSX's date cells.
 */
export function exportValueSql(
  kind: ExportColumnKind,
  value: RawBuilder<unknown>,
  format: 'CSV' | 'XLSX',
): RawBuilder<unknown> {
  switch (kind) {
    case 'amount':
      return sql`round((${value})::numeric, 2)::text`;
    case 'number':
      return sql`(${value})::text`;
    case 'date':
      return sql`to_char(${value}, ${sql.lit(format === 'CSV' ? 'DD-MM-YYYY' : 'YYYY-MM-DD')})`;
    case 'timestamp':
      return sql`to_char(${value}, ${sql.lit(format === 'CSV' ? 'DD-MM-YYYY HH12:MI AM' : 'YYYY-MM-DD"T"HH24:MI:SS')})`;
    default:
      return format === 'CSV' ? escapeTextSql(sql`(${value})::text`) : sql`(${value})::text`;
  }
}
