import { sql } from 'kysely';
import { type ExportColumn, type ExportPlan, outputColumn } from './export-plan.ts';
import { escapeText } from './formula-escape.ts';

export type ExportCell = string | number | null;

/**
 * A plan of figures already worked out (the GL, a dashlet): the rows go to the writers as a VALUES list, every
 * value as text, amounts as exact decimals. CSV text a spreadsheet would run as a formula gets its guard; XLSX
 * writes text cells as text anyway.
 */
export function valuesPlan(columns: ExportColumn[], rows: ExportCell[][]): ExportPlan {
  return {
    columns,
    select: ({ format }) => {
      const shaped = rows.map((r) =>
        r.map((v, i) => {
          if (v === null) return null;
          return format === 'CSV' && columns[i]?.kind === 'text' ? escapeText(String(v)) : String(v);
        }),
      );
      const names = sql.raw(columns.map((_, i) => outputColumn(i)).join(', '));
      const tuples = shaped.map((r) => sql`(${sql.join(r.map((v) => sql`${v}::text`))})`);
      return sql`SELECT * FROM (VALUES ${sql.join(tuples)}) AS t(${names})`;
    },
  };
}
