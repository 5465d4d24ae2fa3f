import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { ExportColumn } from './export-plan.ts';
import { escapeText } from './formula-escape.ts';

/** Excel reads a CSV as UTF-8 only with a byte-order mark; other readers skip it. */
const UTF8_BOM = '\uFEFF';

/** One CSV field as PostgreSQL's COPY writes it: quoted when it holds a quote, comma or line break; lines end in LF. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvHeaderLine(columns: readonly ExportColumn[]): string {
  return `${columns.map((c) => csvField(escapeText(c.header))).join(',')}\n`;
}

/**
 * Writes the rows of `table` (a temp table of text columns, in export order) as CSV. PostgreSQL formats the rows
 * (COPY … TO STDOUT): a million rows leave it as a byte stream that is piped to the file with back-pressure, so
 * memory stays flat and no row becomes a JavaScript object. The header line is written first, from Node.
 */
export async function writeCsv(client: pg.PoolClient, table: string, columns: readonly ExportColumn[], path: string) {
  const out = createWriteStream(path);
  out.write(UTF8_BOM + csvHeaderLine(columns));
  const rows = client.query(copyTo(`COPY ${table} TO STDOUT (FORMAT csv)`));
  await pipeline(rows, out);
}
