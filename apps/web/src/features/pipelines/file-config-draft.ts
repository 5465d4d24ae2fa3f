import {
  type CSV_DELIMITERS,
  type DataType,
  dateFormatRequired,
  type FileConnection,
  type FileDateFormat,
  type FileKind,
  type FileUploadConfig,
  type FileUploadConfigRequest,
  type IngestionMode,
  PIPELINE_TEXTS,
  type TableColumn,
} from '@recon/contract';
import { guessDateFormat } from '@/features/pipelines/guess-date-format';

export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** One file column, in file order; tableColumn null: the column is expected in the file but not loaded. */
export type MappingRow = {
  key: string;
  fileColumn: string;
  tableColumn: string | null;
  dataType: DataType | null;
  dateFormat: FileDateFormat | null;
  isRequired: boolean;
};

export type ConfigDraft = {
  fileKind: FileKind;
  sheetName: string | null;
  headerRow: number;
  delimiter: CsvDelimiter;
  ingestionMode: IngestionMode;
  connection: FileConnection;
  mappings: MappingRow[];
};

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
  delimiter: ',',
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
    delimiter: config.delimiter as CsvDelimiter,
    ingestionMode: config.ingestionMode,
    connection: config.connection,
    mappings: config.mappings.map((m) => ({ ...m, key: newRowKey() })),
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

/** Points a row at a table column (or none): its data type follows the column; a date keeps or guesses a format. */
export function withTableColumn(
  row: MappingRow,
  column: TableColumn | null,
  samples: readonly string[] = [],
): MappingRow {
  if (!column) return { ...row, tableColumn: null, dataType: null, dateFormat: null, isRequired: false };
  const isDate = isDateType(column.type);
  const dateFormat = isDate
    ? ((row.tableColumn === column.name ? row.dateFormat : null) ?? guessDateFormat(samples))
    : null;
  return { ...row, tableColumn: column.name, dataType: column.type, dateFormat };
}

/**
 * The mapping rows of a sample file's header: a column mapped before (same name, any case) keeps its mapping,
 * any other is matched to a table column no earlier row took: same normalised name, else same short form.
 */
export function mappingsFromHeader(
  header: readonly string[],
  columns: readonly TableColumn[],
  previous: readonly MappingRow[],
  rows: readonly (readonly string[])[] = [],
): MappingRow[] {
  const byFileColumn = new Map(previous.map((m) => [m.fileColumn.trim().toLowerCase(), m]));
  const taken = new Set<string>();
  return header.map((fileColumn, index) => {
    const samples = rows.map((r) => r[index] ?? '');
    const before = byFileColumn.get(fileColumn.trim().toLowerCase());
    if (before && (!before.tableColumn || !taken.has(before.tableColumn))) {
      if (before.tableColumn) taken.add(before.tableColumn);
      return { ...before, fileColumn, key: newRowKey() };
    }
    const free = columns.filter((c) => !taken.has(c.name));
    const match =
      free.find((c) => normalizeColumnName(c.name) === normalizeColumnName(fileColumn)) ??
      free.find((c) => canonicalColumnName(c.name) === canonicalColumnName(fileColumn)) ??
      null;
    if (match) taken.add(match.name);
    const empty: MappingRow = {
      key: newRowKey(),
      fileColumn,
      tableColumn: null,
      dataType: null,
      dateFormat: null,
      isRequired: false,
    };
    return withTableColumn(empty, match, samples);
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
  return {
    fileKind: draft.fileKind,
    sheetName: draft.fileKind === 'xlsx' ? draft.sheetName?.trim() || null : null,
    headerRow: draft.headerRow,
    delimiter: draft.delimiter,
    ingestionMode: draft.ingestionMode,
    connection: connectionFor(draft.ingestionMode, draft.connection),
    mappings: draft.mappings.map((m) => ({
      fileColumn: m.fileColumn.trim(),
      tableColumn: m.tableColumn,
      dataType: m.tableColumn ? m.dataType : null,
      dateFormat: m.tableColumn && isDateType(m.dataType) ? m.dateFormat : null,
      isRequired: m.tableColumn ? m.isRequired : false,
    })),
  };
}

export type DraftProblem = { field: string; message: string };

/** What the screen can tell before sending, in the server's order; the server checks the rest. */
export function draftProblems(draft: ConfigDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.mappings.some((m) => m.tableColumn))
    problems.push({ field: 'mappings', message: PIPELINE_TEXTS.mappingsRequired });
  draft.mappings.forEach((m, i) => {
    if (!m.fileColumn.trim())
      problems.push({ field: `mappings.${i}.fileColumn`, message: PIPELINE_TEXTS.fileColumnRequired });
    if (m.tableColumn && isDateType(m.dataType) && !m.dateFormat) {
      problems.push({ field: `mappings.${i}.dateFormat`, message: dateFormatRequired(m.tableColumn) });
    }
  });
  if (draft.ingestionMode === 'AMAZON_S3' && !draft.connection.bucket?.trim()) {
    problems.push({ field: 'connection.bucket', message: PIPELINE_TEXTS.bucketRequired });
  }
  if (draft.ingestionMode === 'SFTP' && !draft.connection.host?.trim()) {
    problems.push({ field: 'connection.host', message: PIPELINE_TEXTS.hostRequired });
  }
  return problems;
}
