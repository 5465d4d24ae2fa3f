import {
  COMMON_DATE_PATTERNS,
  type DateProposal,
  DEFAULT_NUMBER_FORMAT,
  DR_CR_MODES,
  datePatternProblem,
  describeNumberFormat,
  MAX_NUMBER_SCALE,
  NUMBER_GROUPINGS,
  type NumberFormat,
  proposeDatePatterns,
  readNumberText,
} from '@recon/formats';
import { z } from 'zod';

// How a file-upload config reads files: kinds and their extensions, date and number formats per mapping, rows
// to skip. The readers themselves are in @recon/formats (dates, numbers) and the server's ingest.

/**
 * csv: delimited text with the config's delimiter (comma, semicolon, pipe or tab, whatever the extension);
 * fixed_width: text cut at fixed positions; xlsx: a workbook.
 */
export const FILE_KINDS = ['csv', 'xlsx', 'fixed_width'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_KIND_LABELS: Record<FileKind, string> = {
  csv: 'Delimited',
  fixed_width: 'Fixed width',
  xlsx: 'XLSX',
};

/** Text files come with any of these names; the config, never the extension, says how they are read. */
export const TEXT_FILE_EXTENSIONS = ['.csv', '.txt', '.tsv', '.psv', '.dat'] as const;
export const FILE_EXTENSIONS_BY_KIND: Record<FileKind, readonly string[]> = {
  csv: TEXT_FILE_EXTENSIONS,
  fixed_width: TEXT_FILE_EXTENSIONS,
  xlsx: ['.xlsx'],
};
/** The `accept` of every file picker that uploads to a pipeline. */
export const UPLOAD_ACCEPT = [...TEXT_FILE_EXTENSIONS, '.xlsx'].join(',');

/** Whether a file name ends with an extension the config's file kind takes (case-insensitive). */
export function hasExtensionOfKind(fileName: string, kind: FileKind): boolean {
  const lower = fileName.trim().toLowerCase();
  return FILE_EXTENSIONS_BY_KIND[kind].some((ext) => lower.endsWith(ext));
}
export const wrongExtensionMessage = (kind: FileKind) =>
  `The pipeline takes ${FILE_EXTENSIONS_BY_KIND[kind].join(', ')} files`;

/**
 * Date formats offered in the config screen before any sample is read. Any pattern of @recon/formats is
 * accepted (DD.MM.YYYY, YYYYMMDD, DD-MMM-YY, DD/MM/YYYY HH:mm:ss, EPOCH_S, EPOCH_MS …); ISO is the one special
 * value: YYYY-MM-DD with an optional time (T or space), fraction and zone (Z or ±hh:mm), a zoned time stored
 * converted to UTC. DD/MM/YY reads 00–69 as 2000–2069 and 70–99 as 1970–1999.
 */
export const FILE_DATE_FORMATS = [
  'DD-MM-YYYY',
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD-MMM-YYYY',
  'DD/MM/YY',
  'YYYY-MM-DD HH:mm:ss',
  'DD-MM-YYYY HH:mm:ss',
  'DD/MM/YYYY HH:mm',
  'ISO',
] as const;
/** A date format: a pattern (`DD.MM.YYYY`), EPOCH_S / EPOCH_MS, or ISO. */
export type FileDateFormat = string;
export const ISO_DATE_FORMAT = 'ISO';
export const MAX_DATE_FORMATS = 5;

/** Why a date format cannot be used, or null. */
export function dateFormatProblem(format: string): string | null {
  return format.trim() === ISO_DATE_FORMAT ? null : datePatternProblem(format);
}

export const dateFormatSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = dateFormatProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `Date format ${problem}` });
  });

export const numberFormatSchema = z.object({
  grouping: z.enum(NUMBER_GROUPINGS).default('any'),
  trailingMinus: z.boolean().default(false),
  drCr: z.enum(DR_CR_MODES).default('none'),
  currency: z.boolean().default(false),
  scale: z
    .number()
    .int()
    .min(0, `Scale must be 0 to ${MAX_NUMBER_SCALE}`)
    .max(MAX_NUMBER_SCALE, `Scale must be 0 to ${MAX_NUMBER_SCALE}`)
    .default(0),
});
export type { DateProposal, NumberFormat };
export {
  COMMON_DATE_PATTERNS,
  DEFAULT_NUMBER_FORMAT,
  DR_CR_MODES,
  describeNumberFormat,
  MAX_NUMBER_SCALE,
  NUMBER_GROUPINGS,
  proposeDatePatterns,
  readNumberText,
};

export const MAX_SKIP_BOTTOM_ROWS = 1000;
export const MAX_SKIP_PATTERNS = 20;
export const SKIP_PATTERN_MAX = 200;

/** Why a skip pattern cannot be used (it must be a valid regular expression), or null. */
export function skipPatternProblem(pattern: string): string | null {
  if (pattern.trim() === '') return 'Enter a pattern, e.g. ^Closing Balance';
  if (pattern.length > SKIP_PATTERN_MAX) return `A pattern has at most ${SKIP_PATTERN_MAX} characters`;
  try {
    new RegExp(pattern, 'i');
    return null;
  } catch {
    return `"${pattern}" is not a valid regular expression`;
  }
}

/**
 * Rows a file carries that are not data: a footer of N rows (totals, closing balance, a trailer record), rows
 * where a column is blank (a summary row fills only some columns), rows where a column matches a pattern
 * (regular expression, any case; column null: any column, and for a fixed-width file the whole line). Such
 * rows are counted as skipped, never as invalid. Rows above the header (or above the first data row of a file
 * without one) are skipped by the header row setting.
 */
export const skipRulesSchema = z.object({
  bottomRows: z
    .number()
    .int()
    .min(0, `Rows to skip at the bottom must be 0 to ${MAX_SKIP_BOTTOM_ROWS}`)
    .max(MAX_SKIP_BOTTOM_ROWS, `Rows to skip at the bottom must be 0 to ${MAX_SKIP_BOTTOM_ROWS}`)
    .default(0),
  /** File columns (names of the config's mappings): a row with any of them blank is skipped. */
  blankColumns: z.array(z.string().trim().min(1)).max(50).default([]),
  patterns: z
    .array(
      z.object({
        column: z.string().trim().min(1).nullable().default(null),
        pattern: z.string().superRefine((value, ctx) => {
          const problem = skipPatternProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      }),
    )
    .max(MAX_SKIP_PATTERNS)
    .default([]),
});
export type SkipRules = z.infer<typeof skipRulesSchema>;
export const NO_SKIP_RULES: SkipRules = { bottomRows: 0, blankColumns: [], patterns: [] };

export function hasSkipRules(r: SkipRules | null | undefined): boolean {
  return !!r && (r.bottomRows > 0 || r.blankColumns.length > 0 || r.patterns.length > 0);
}
