import { z } from 'zod';
import { type DataType, MAX_TEXT_LENGTH } from './data-tables.ts';
import { idParamsSchema } from './endpoint.ts';

// Schemas of the master-data calls (spec 2): reference tables (kind MASTER) and their rows.

export const MASTER_DATA_TEXTS = {
  notFound: 'Master data table not found',
  rowNotFound: 'Row not found',
  valuesRequired: 'Provide at least one value',
  rowDeleted: 'Row deleted',
} as const;

/** Exact decimals of a money column: numeric(20,4). */
const MONEY = /^-?\d{1,16}(\.\d{1,4})?$/;
const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const INT_MIN = -2_147_483_648n;
const INT_MAX = 2_147_483_647n;
const BIGINT_MIN = -9_223_372_036_854_775_808n;
const BIGINT_MAX = 9_223_372_036_854_775_807n;

export const unknownColumn = (name: string) => `Unknown column "${name}"`;

export type ValueColumn = { name: string; dataType: DataType; isMoney: boolean; maxLength: number | null };
export type CheckedValue = { ok: true; value: string | null } | { ok: false; message: string };

function isCalendarDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/**
 * Checks one cell against its column and answers the canonical text PostgreSQL stores (money stays a
 * decimal string, never a float). Empty text and null clear the cell.
 */
export function checkColumnValue(column: ValueColumn, raw: string | number | null | undefined): CheckedValue {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  const text = typeof raw === 'number' ? String(raw) : raw;
  const name = column.name;
  const v = column.dataType === 'VARCHAR' ? text : text.trim();
  if (v === '') return { ok: true, value: null };
  const fail = (message: string): CheckedValue => ({ ok: false, message });
  if (typeof raw === 'number' && !Number.isFinite(raw)) return fail(`Value of "${name}" must be a number`);
  if (column.isMoney) {
    return MONEY.test(v)
      ? { ok: true, value: v }
      : fail(`Value of "${name}" must be an amount with at most 16 digits before the point and 4 after`);
  }
  switch (column.dataType) {
    case 'VARCHAR': {
      const max = Math.min(column.maxLength ?? MAX_TEXT_LENGTH, MAX_TEXT_LENGTH);
      return v.length > max ? fail(`Value of "${name}" must be at most ${max} characters`) : { ok: true, value: v };
    }
    case 'INT':
    case 'BIGINT': {
      if (!INTEGER.test(v)) return fail(`Value of "${name}" must be a whole number`);
      const n = BigInt(v);
      const [min, max] = column.dataType === 'INT' ? [INT_MIN, INT_MAX] : [BIGINT_MIN, BIGINT_MAX];
      return n < min || n > max
        ? fail(`Value of "${name}" must be between ${min} and ${max}`)
        : { ok: true, value: n.toString() };
    }
    case 'DOUBLE':
    case 'FLOAT':
      return DECIMAL.test(v) && Number.isFinite(Number(v))
        ? { ok: true, value: v }
        : fail(`Value of "${name}" must be a number`);
    case 'DATE': {
      const m = DATE.exec(v);
      return m && isCalendarDate(m[1] as string, m[2] as string, m[3] as string)
        ? { ok: true, value: v }
        : fail(`Value of "${name}" must be a date (YYYY-MM-DD)`);
    }
    case 'DATETIME': {
      const m = DATE_TIME.exec(v);
      const valid =
        m &&
        isCalendarDate(m[1] as string, m[2] as string, m[3] as string) &&
        Number(m[4]) < 24 &&
        Number(m[5]) < 60 &&
        Number(m[6] ?? 0) < 60;
      return valid
        ? { ok: true, value: `${v.slice(0, 10)}T${v.slice(11, 16)}:${m[6] ?? '00'}` }
        : fail(`Value of "${name}" must be a date and time (YYYY-MM-DDTHH:mm:ss)`);
    }
  }
}

/** A row as lists show it: `_id`, then every user column as text (money as a decimal string) or null. */
export const masterDataRowSchema = z.object({ _id: z.number().int() }).catchall(z.string().nullable());
export type MasterDataRow = z.infer<typeof masterDataRowSchema>;

export const masterDataRowRequestSchema = z.object({
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()]), {
    error: MASTER_DATA_TEXTS.valuesRequired,
  }),
});
export type MasterDataRowRequest = z.infer<typeof masterDataRowRequestSchema>;

/** `/v2/masterdata/{id}/rows/{rowId}`: the table and one of its rows. */
export const masterDataRowParamsSchema = idParamsSchema.extend({ rowId: z.coerce.number().int().positive() });
