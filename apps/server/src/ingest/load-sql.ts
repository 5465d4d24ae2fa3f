import { quoteIdent } from '@recon/recon-engine';
import type { StagedMapping } from './column-readers.ts';

/**
 * The SQL of one file's load, generated from its config and the table's catalog. Values are checked and typed
 * in Node while the file streams (row-encoder.ts), so the database only takes rows: a COPY into the data
 * table, a COPY of the failing rows into the invalid table, then, when the table has a duplicate check, one
 * UPDATE that marks this file's duplicates. Identifiers come from the catalog and are quoted.
 */
export type LoadTables = { target: string; invalid: string };

export function buildLoadSql(tables: LoadTables, mappings: readonly StagedMapping[], duplicateKeys: readonly string[]) {
  const colNames = mappings.map((m) => quoteIdent(m.column.name)).join(', ');

  // Duplicates: a row of this file whose duplicate-check values all equal those of an earlier row of the file,
  // or of a row already in the table (of another file). A row with a blank key value is never a duplicate.
  // Equality is PostgreSQL's on the typed values (10 = 10.00).
  const keyNames = duplicateKeys.filter((k) => mappings.some((m) => m.column.name === k));
  const hasDuplicateCheck = keyNames.length > 0 && keyNames.length === duplicateKeys.length;
  let markDuplicates: string | null = null;
  if (hasDuplicateCheck) {
    const keys = keyNames.map(quoteIdent);
    const isKeyed = (alias: string) => keys.map((k) => `${alias}.${k} IS NOT NULL`).join(' AND ');
    const fileRows = `SELECT r._id, ${keys.map((k) => `r.${k}`).join(', ')}, row_number() OVER (PARTITION BY ${keys.map((k) => `r.${k}`).join(', ')} ORDER BY r._row_no) AS n
    FROM ${tables.target} r WHERE r._file_id = $1 AND ${isKeyed('r')}`;
    const tableKeys = `SELECT DISTINCT ${keys.map((k) => `o.${k}`).join(', ')} FROM ${tables.target} o WHERE o._file_id IS DISTINCT FROM $1 AND ${isKeyed('o')}`;
    // A join, not EXISTS: EXISTS under OR runs as a subplan per row (a scan of the table for each row).
    markDuplicates = `UPDATE ${tables.target} t SET _recon_status = 'DUPLICATE'
FROM (
  SELECT f._id FROM (${fileRows}) f
  LEFT JOIN (${tableKeys}) e ON ${keys.map((k) => `e.${k} = f.${k}`).join(' AND ')}
  WHERE f.n > 1 OR e.${keys[0]} IS NOT NULL
) d
WHERE t._id = d._id`;
  }

  return {
    copyValid: `COPY ${tables.target} (_file_id, _execution_id, _row_no, ${colNames}) FROM STDIN`,
    copyInvalid: `COPY ${tables.invalid} (_file_id, _execution_id, _row_no, _reasons, ${colNames}) FROM STDIN`,
    markDuplicates,
  };
}
