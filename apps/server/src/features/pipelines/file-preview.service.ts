import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FileKind, FilePreview, PreviewSettings } from '@recon/contract';
import { hasExtensionOfKind, PREVIEW_ROW_COUNT, TEXT_FILE_EXTENSIONS } from '@recon/contract';
import { proposeDatePatterns } from '@recon/formats';
import type { FeatureContext } from '@/deps.ts';
import { formatDateCell } from '@/ingest/date-formats.ts';
import { IngestFileError, NO_HEADER_MESSAGE } from '@/ingest/ingest-error.ts';
import { skipRulesOf } from '@/ingest/load-plan.ts';
import { openRecords } from '@/ingest/record-source.ts';
import type { Cell, RawRecord, ReadSettings } from '@/ingest/records.ts';
import { RowSkipper } from '@/ingest/skip-rules.ts';
import { validation } from '@/lib/app-error.ts';
import { storeUpload } from '@/lib/uploads.ts';
import * as q from './file-upload-configs.queries.ts';
import * as pq from './pipelines.queries.ts';
import { pipelineNotFound } from './pipelines.service.ts';
import { readFirstLines, sniffDelimiter } from './preview-lines.ts';

const text = (c: Cell | undefined) => (c === undefined ? '' : typeof c === 'string' ? c : formatDateCell(c));

/** Reads the header (when there is one) and the first rows, then stops: the rest of the file is never parsed. */
async function readHead(path: string, settings: ReadSettings, onSheets: (names: string[]) => void) {
  const records: Cell[][] = [];
  const wanted = PREVIEW_ROW_COUNT + (settings.hasHeader ? 1 : 0);
  const stop = new AbortController();
  const source = openRecords(path, settings, onSheets);
  const sink = new Writable({
    objectMode: true,
    write(record: RawRecord | string[], _enc, callback) {
      records.push(Array.isArray(record) ? record : record.cells);
      if (records.length >= wanted) stop.abort();
      callback();
    },
  });
  try {
    await pipeline([...source.stages, sink], { signal: stop.signal });
  } catch (err) {
    if (!stop.signal.aborted) throw source.mapError(err);
  }
  return records;
}

/** The kind a sample is read as: a workbook is XLSX; text is read as the config being edited says. */
function kindOf(name: string, requested: FileKind | undefined, saved: FileKind | undefined): FileKind | null {
  if (hasExtensionOfKind(name, 'xlsx')) return 'xlsx';
  if (!hasExtensionOfKind(name, 'csv')) return null;
  const textKind = (k: FileKind | undefined) => (k === 'csv' || k === 'fixed_width' ? k : undefined);
  return textKind(requested) ?? textKind(saved) ?? 'csv';
}

type ColumnNames = { fileColumn: string; columnNumber: number | null }[];

/** Where each named config column is in the preview's cells; -1 when the sample lacks it. */
function positionsOf(kind: FileKind, hasHeader: boolean, header: readonly string[], columns: ColumnNames): number[] {
  if (kind === 'fixed_width') return columns.map((_, i) => i);
  if (!hasHeader) return columns.map((c, i) => (c.columnNumber ?? i + 1) - 1);
  const names = header.map((h) => h.trim().toLowerCase());
  return columns.map((c) => names.indexOf(c.fileColumn.trim().toLowerCase()));
}

/** The skip rules' verdict per row; rules naming a column the sample lacks are left out of the preview. */
function skipReasons(
  rows: readonly Cell[][],
  settings: PreviewSettings & { kind: FileKind; hasHeader: boolean },
  header: readonly string[],
  columns: ColumnNames,
): (string | null)[] {
  const rules = settings.skipRules;
  if (!rules) return rows.map(() => null);
  const positions = positionsOf(settings.kind, settings.hasHeader, header, columns);
  const keys = columns.map((c) => c.fileColumn.trim().toLowerCase());
  const indexOf = (name: string) => {
    const i = keys.indexOf(name.trim().toLowerCase());
    return i >= 0 && (positions[i] as number) >= 0 ? i : -1;
  };
  const skipper = new RowSkipper(
    {
      bottomRows: 0,
      blank: rules.blankColumns
        .map((name) => ({ expectedIndex: indexOf(name), name }))
        .filter((b) => b.expectedIndex >= 0),
      patterns: rules.patterns
        .map((p) => ({
          expectedIndex: p.column === null ? null : indexOf(p.column),
          name: p.column,
          pattern: p.pattern,
        }))
        .filter((p) => p.expectedIndex !== -1),
    },
    positions,
  );
  return rows.map((r) => skipper.reasonOf(r));
}

/**
 * First rows of a sample file read as the config being edited says (kind, delimiter, header or not, fixed-width
 * cuts, skip rules), its header, its first raw lines and a date-pattern proposal per column, so the config
 * screen can offer the mapping. The sample is streamed to a temporary file (the xlsx check needs the whole
 * zip) and removed afterwards.
 */
export async function previewFile(
  ctx: FeatureContext,
  moduleId: number,
  pipelineId: number,
  part: MultipartFile,
  options: PreviewSettings,
): Promise<FilePreview> {
  const p = await pq.getPipeline(ctx.db, moduleId, pipelineId);
  if (!p) throw pipelineNotFound();
  const config = await q.getConfig(ctx.db, pipelineId);
  const name = part.filename;
  const fileKind = kindOf(name, options.fileKind, config?.file_kind);
  if (!fileKind) {
    part.file.resume();
    throw validation(`Invalid File Extension: the file must be ${TEXT_FILE_EXTENSIONS.join(', ')} or .xlsx`, 'files');
  }
  const path = join(ctx.config.dataDir, 'tmp', `preview-${randomUUID()}`);
  try {
    const stored = await storeUpload(part.file, path);
    if (stored.isTruncated) throw validation('The file is larger than the upload limit', 'files');
    const headerRow = options.headerRow ?? config?.header_row ?? 1;
    const hasHeader = fileKind !== 'fixed_width' && (options.hasHeader ?? config?.has_header ?? true);
    const lines = fileKind === 'xlsx' ? [] : await readFirstLines(path);
    const savedColumns = (config?.mappings ?? []).map((m) => ({
      fileColumn: m.fileColumn,
      columnNumber: m.columnNumber ?? null,
      start: m.start ?? null,
      length: m.length ?? null,
    }));
    const columns = options.columns ?? savedColumns;
    const cuts = columns.filter((c) => c.start && c.length);
    const settings: ReadSettings = {
      fileKind,
      delimiter:
        fileKind === 'csv'
          ? (options.delimiter ?? config?.delimiter ?? sniffDelimiter(lines[headerRow - 1] ?? lines[0] ?? ''))
          : ',',
      headerRow,
      hasHeader,
      sheetName: fileKind === 'xlsx' ? (options.sheetName ?? config?.sheet_name ?? null) : null,
      // Without cuts yet, a fixed-width sample shows its lines whole, so the columns can be placed.
      fixedColumns: cuts.map((c) => ({ start: c.start as number, length: c.length as number })),
      // A preview shows a narrower footer or preamble row as it is instead of refusing the sample.
      isWidthChecked: false,
    };
    let sheetNames: string[] = [];
    const records = await readHead(path, settings, (names) => {
      sheetNames = names;
    }).catch((err: unknown) => {
      if (err instanceof IngestFileError) throw validation(`${err.kind}: ${err.message}`, 'files');
      throw err;
    });
    let header: string[];
    let rows: Cell[][];
    if (fileKind === 'fixed_width') {
      header = cuts.length ? cuts.map((c) => c.fileColumn) : ['Line'];
      // The whole line is the last cell of a fixed-width record: shown alone until columns are cut.
      rows = records.map((r) => (cuts.length ? r.slice(0, cuts.length) : r.slice(-1)));
    } else if (hasHeader) {
      const [first, ...rest] = records;
      if (!first) throw validation(`Invalid File Content: ${NO_HEADER_MESSAGE}`, 'files');
      header = first.map((c) => text(c).trim());
      rows = rest;
    } else {
      const width = Math.max(0, ...records.map((r) => r.length));
      header = Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
      rows = records;
    }
    if (header.length === 0 && records.length === 0)
      throw validation(`Invalid File Content: ${NO_HEADER_MESSAGE}`, 'files');
    const skipRules = options.skipRules ?? skipRulesOf(config?.skip_rules);
    const rowSkips = skipReasons(
      fileKind === 'fixed_width' ? records : rows,
      { ...options, skipRules, kind: fileKind, hasHeader },
      header,
      fileKind === 'fixed_width' ? cuts : columns,
    );
    const width = header.length;
    const textRows = rows.slice(0, PREVIEW_ROW_COUNT).map((r) => Array.from({ length: width }, (_, i) => text(r[i])));
    const kept = textRows.filter((_, i) => rowSkips[i] === null);
    return {
      fileName: name,
      fileKind,
      delimiter: fileKind === 'csv' ? settings.delimiter : null,
      sheetName: settings.sheetName ?? sheetNames[0] ?? null,
      sheetNames,
      headerRow,
      hasHeader,
      header,
      rows: textRows,
      rowSkips: rowSkips.slice(0, textRows.length),
      lines,
      dateProposals: header.map((_, i) => proposeDatePatterns(kept.map((r) => r[i] ?? ''))),
    };
  } finally {
    await rm(path, { force: true });
  }
}
