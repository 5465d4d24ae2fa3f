import {
  type CSV_DELIMITERS,
  type DataType,
  type DateProposal,
  dateFormatRequired,
  type FileConnection,
  type FileKind,
  type FileUploadConfig,
  type FileUploadConfigRequest,
  fixedWidthPositionsRequired,
  type IngestionMode,
  NO_SKIP_RULES,
  type NumberFormat,
  type PreviewSettings,
  proposeDatePatterns,
  type SkipRules,
  skipPatternProblem,
  type TableColumn,
} from '@recon/contract';
import { PIPELINE_TEXTS } from '@recon/contract/texts';

export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/**
 * One file column, in file order; tableColumn null: the column is expected in the file but not loaded.
 * dateFormats: patterns tried in order; columnNumber: its position in a file without a header; start, length:
 * its cut in a fixed-width file.
 */
export type MappingRow = {
  key: string;
  fileColumn: string;
  tableColumn: string | null;
  dataType: DataType | null;
  dateFormats: string[];
  numberFormat: NumberFormat | null;
  isRequired: boolean;
  columnNumber: number | null;
  start: number | null;
  length: number | null;
  /** A blank cell takes the value above it (a summary row's date carried onto the rows below). */
  fillDown: boolean;
};

export type ConfigDraft = {
  fileKind: FileKind;
  sheetName: string | null;
  headerRow: number;
  hasHeader: boolean;
  delimiter: CsvDelimiter;
  skipRules: SkipRules;
  ingestionMode: IngestionMode;
  connection: FileConnection;
  mappings: MappingRow[];
};

/** How the columns of a draft are found: by header name, by column number, or by fixed-width cut. */
export type LayoutKind = 'header' | 'position' | 'fixed';
export function layoutOf(draft: Pick<ConfigDraft, 'fileKind' | 'hasHeader'>): LayoutKind {
  if (draft.fileKind === 'fixed_width') return 'fixed';
  return draft.hasHeader ? 'header' : 'position';
}

export const isNumberType = (type: DataType | null) =>
  type === 'INT' || type === 'BIGINT' || type === 'DOUBLE' || type === 'FLOAT';

/** A mapping row for a file column the user adds by hand (or a new fixed-width cut). */
export function emptyRow(fileColumn = ''): MappingRow {
  return {
    key: newRowKey(),
    fileColumn,
    tableColumn: null,
    dataType: null,
    dateFormats: [],
    numberFormat: null,
    isRequired: false,
    columnNumber: null,
    start: null,
    length: null,
    fillDown: false,
  };
}

let nextKey = 0;
/** A stable React key for a row that has no id of its own. */
export function newRowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

export const EMPTY_DRAFT: ConfigDraft = {
  fileKind: 'csv',
  sheetName: null,
  headerRow: 1,
  hasHeader: true,
  delimiter: ',',
  skipRules: NO_SKIP_RULES,
  ingestionMode: 'Upload',
  connection: {},
  mappings: [],
};

export function isDateType(type: DataType | null): boolean {
  return type === 'DATE' || type === 'DATETIME';
}

export function draftFromConfig(config: FileUploadConfig): ConfigDraft {
  return {
    fileKind: config.fileKind,
    sheetName: config.sheetName,
    headerRow: config.headerRow,
    hasHeader: config.hasHeader,
    delimiter: config.delimiter as CsvDelimiter,
    skipRules: config.skipRules,
    ingestionMode: config.ingestionMode,
    connection: config.connection,
    mappings: config.mappings.map(({ dateFormat: _, ...m }) => ({ ...m, key: newRowKey() })),
  };
}

/** "Value Date" → "value_date": how a header is compared with a table's column names. */
export function normalizeColumnName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Words a bank file spells out that table columns usually shorten. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  transaction: 'txn',
  reference: 'ref',
  number: 'no',
  amount: 'amt',
  description: 'desc',
};

/** "Transaction ID" and "txn_id" compare equal: normalised, then each word in its short form. */
export function canonicalColumnName(name: string): string {
  return normalizeColumnName(name)
    .split('_')
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join('_');
}

/**
 * The date patterns to start a date column with, from its sample values: the best proposal when no other
 * pattern reads the samples as other dates; none when it is ambiguous (03/04: the person chooses).
 */
export function proposedDateFormats(samples: readonly string[]): string[] {
  const best: DateProposal | undefined = proposeDatePatterns(samples)[0];
  return best && best.ambiguousWith.length === 0 ? [best.pattern] : [];
}

/** Points a row at a table column (or none): its data type follows the column; a date keeps or proposes formats. */
export function withTableColumn(
  row: MappingRow,
  column: TableColumn | null,
  samples: readonly string[] = [],
): MappingRow {
  if (!column)
    return {
      ...row,
      tableColumn: null,
      dataType: null,
      dateFormats: [],
      numberFormat: null,
      isRequired: false,
      fillDown: false,
    };
  const isDate = isDateType(column.type);
  const isSame = row.tableColumn === column.name;
  const dateFormats = isDate ? (isSame && row.dateFormats.length ? row.dateFormats : proposedDateFormats(samples)) : [];
  const numberFormat = isNumberType(column.type) && isSame ? row.numberFormat : null;
  return { ...row, tableColumn: column.name, dataType: column.type, dateFormats, numberFormat };
}

/**
 * The mapping rows of a sample file's header: a column mapped before (same name, any case) keeps its mapping,
 * any other is matched to a table column no earlier row took: same normalised name, else same short form.
 * Without a header the columns are "Column 1", "Column 2" … in file order, each with its column number.
 */
export function mappingsFromHeader(
  header: readonly string[],
  columns: readonly TableColumn[],
  previous: readonly MappingRow[],
  rows: readonly (readonly string[])[] = [],
  hasHeader = true,
): MappingRow[] {
  const byFileColumn = new Map(previous.map((m) => [m.fileColumn.trim().toLowerCase(), m]));
  // Without a header a column is known by its number: a name the user gave it stays.
  const byNumber = new Map(previous.map((m, i) => [m.columnNumber ?? i + 1, m]));
  const taken = new Set<string>();
  return header.map((name, index) => {
    const samples = rows.map((r) => r[index] ?? '');
    const columnNumber = hasHeader ? null : index + 1;
    const before = hasHeader ? byFileColumn.get(name.trim().toLowerCase()) : byNumber.get(index + 1);
    const fileColumn = hasHeader || !before ? name : before.fileColumn;
    if (before && (!before.tableColumn || !taken.has(before.tableColumn))) {
      if (before.tableColumn) taken.add(before.tableColumn);
      return { ...before, fileColumn, columnNumber, key: newRowKey() };
    }
    const free = columns.filter((c) => !taken.has(c.name));
    const match =
      free.find((c) => normalizeColumnName(c.name) === normalizeColumnName(fileColumn)) ??
      free.find((c) => canonicalColumnName(c.name) === canonicalColumnName(fileColumn)) ??
      null;
    if (match) taken.add(match.name);
    return withTableColumn({ ...emptyRow(fileColumn), columnNumber }, match, samples);
  });
}

/** Only the connection fields of the chosen mode are kept: S3 a bucket, SFTP a host (credentials are never stored). */
export function connectionFor(mode: IngestionMode, connection: FileConnection): FileConnection {
  const text = (value: string | undefined) => value?.trim() || undefined;
  if (mode === 'AMAZON_S3') {
    return { bucket: text(connection.bucket), region: text(connection.region), prefix: text(connection.prefix) };
  }
  if (mode === 'SFTP') {
    return {
      host: text(connection.host),
      port: connection.port ?? undefined,
      username: text(connection.username),
      directory: text(connection.directory),
    };
  }
  return {};
}

export function toConfigRequest(draft: ConfigDraft): FileUploadConfigRequest {
  const layout = layoutOf(draft);
  return {
    fileKind: draft.fileKind,
    sheetName: draft.fileKind === 'xlsx' ? draft.sheetName?.trim() || null : null,
    headerRow: draft.headerRow,
    delimiter: draft.delimiter,
    hasHeader: layout !== 'fixed' && draft.hasHeader,
    skipRules: draft.skipRules,
    ingestionMode: draft.ingestionMode,
    connection: connectionFor(draft.ingestionMode, draft.connection),
    mappings: draft.mappings.map((m, i) => {
      const isLoaded = !!m.tableColumn;
      const dateFormats = isLoaded && isDateType(m.dataType) ? m.dateFormats : [];
      return {
        fileColumn: m.fileColumn.trim(),
        tableColumn: m.tableColumn,
        dataType: isLoaded ? m.dataType : null,
        dateFormat: dateFormats[0] ?? null,
        dateFormats,
        numberFormat: isLoaded && isNumberType(m.dataType) ? m.numberFormat : null,
        isRequired: isLoaded ? m.isRequired : false,
        columnNumber: layout === 'position' ? (m.columnNumber ?? i + 1) : null,
        start: layout === 'fixed' ? m.start : null,
        length: layout === 'fixed' ? m.length : null,
        fillDown: isLoaded ? m.fillDown : false,
      };
    }),
  };
}

/** The read settings the preview is asked with: how the sample is split, and which rows the rules skip. */
export function previewSettingsOf(draft: ConfigDraft): PreviewSettings {
  return {
    fileKind: draft.fileKind,
    delimiter: draft.delimiter,
    headerRow: draft.headerRow,
    hasHeader: draft.hasHeader,
    sheetName: draft.sheetName,
    // A pattern still being typed is left out until it is a valid expression.
    skipRules: { ...draft.skipRules, patterns: draft.skipRules.patterns.filter((p) => !skipPatternProblem(p.pattern)) },
    columns: draft.mappings
      .filter((m) => m.fileColumn.trim())
      .map((m, i) => ({
        fileColumn: m.fileColumn.trim(),
        columnNumber: m.columnNumber ?? i + 1,
        start: m.start,
        length: m.length,
      })),
  };
}

export type DraftProblem = { field: string; message: string };

/** What the screen can tell before sending, in the server's order; the server checks the rest. */
export function draftProblems(draft: ConfigDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const layout = layoutOf(draft);
  if (!draft.mappings.some((m) => m.tableColumn))
    problems.push({ field: 'mappings', message: PIPELINE_TEXTS.mappingsRequired });
  draft.mappings.forEach((m, i) => {
    if (!m.fileColumn.trim())
      problems.push({ field: `mappings.${i}.fileColumn`, message: PIPELINE_TEXTS.fileColumnRequired });
    if (layout === 'fixed' && (!m.start || !m.length)) {
      problems.push({ field: `mappings.${i}.start`, message: fixedWidthPositionsRequired(m.fileColumn || `${i + 1}`) });
    }
    if (m.tableColumn && isDateType(m.dataType) && m.dateFormats.length === 0) {
      problems.push({ field: `mappings.${i}.dateFormat`, message: dateFormatRequired(m.tableColumn) });
    }
  });
  draft.skipRules.patterns.forEach((p, i) => {
    const problem = skipPatternProblem(p.pattern);
    if (problem) problems.push({ field: `skipRules.patterns.${i}.pattern`, message: problem });
  });
  if (draft.ingestionMode === 'AMAZON_S3' && !draft.connection.bucket?.trim()) {
    problems.push({ field: 'connection.bucket', message: PIPELINE_TEXTS.bucketRequired });
  }
  if (draft.ingestionMode === 'SFTP' && !draft.connection.host?.trim()) {
    problems.push({ field: 'connection.host', message: PIPELINE_TEXTS.hostRequired });
  }
  return problems;
}
