import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FilePreview } from '@recon/contract';
import { CSV_DELIMITERS, PREVIEW_ROW_COUNT } from '@recon/contract';
import type { FeatureContext } from '@/deps.ts';
import { formatDateCell } from '@/ingest/date-formats.ts';
import { IngestFileError, NO_HEADER_MESSAGE } from '@/ingest/ingest-error.ts';
import { openRecords } from '@/ingest/record-source.ts';
import type { Cell, RawRecord, ReadSettings } from '@/ingest/records.ts';
import { validation } from '@/lib/app-error.ts';
import { storeUpload } from '@/lib/uploads.ts';
import * as q from './file-upload-configs.queries.ts';
import * as pq from './pipelines.queries.ts';
import { pipelineNotFound } from './pipelines.service.ts';

export type PreviewOptions = { delimiter?: string; headerRow?: number; sheetName?: string };

const SNIFF_BYTES = 64 * 1024;

/** The delimiter of a sample CSV: the candidate found most often on its first line. */
async function sniffDelimiter(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    const firstLine = buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
    const counts = CSV_DELIMITERS.map((d) => ({ d, n: firstLine.split(d).length - 1 }));
    return counts.reduce((best, c) => (c.n > best.n ? c : best), { d: ',', n: 0 } as { d: string; n: number }).d;
  } finally {
    await handle.close();
  }
}

const text = (c: Cell | undefined) => (c === undefined ? '' : typeof c === 'string' ? c : formatDateCell(c, null));

/** Reads the header and the first rows, then stops: the rest of the file is never parsed. */
async function readHead(path: string, settings: ReadSettings, onSheets: (names: string[]) => void) {
  const records: Cell[][] = [];
  const stop = new AbortController();
  const source = openRecords(path, settings, onSheets);
  const sink = new Writable({
    objectMode: true,
    write(record: RawRecord | string[], _enc, callback) {
      records.push(Array.isArray(record) ? record : record.cells);
      if (records.length > PREVIEW_ROW_COUNT) stop.abort();
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

/**
 * First rows of a sample file and its header, so the config screen can offer the column mapping. The sample
 * is streamed to a temporary file (the xlsx check needs the whole zip) and removed afterwards.
 */
export async function previewFile(
  ctx: FeatureContext,
  moduleId: number,
  pipelineId: number,
  part: MultipartFile,
  options: PreviewOptions,
): Promise<FilePreview> {
  const p = await pq.getPipeline(ctx.db, moduleId, pipelineId);
  if (!p) throw pipelineNotFound();
  const config = await q.getConfig(ctx.db, pipelineId);
  const name = part.filename;
  const lower = name.toLowerCase();
  const fileKind = lower.endsWith('.xlsx') ? 'xlsx' : lower.endsWith('.csv') ? 'csv' : null;
  if (!fileKind) {
    part.file.resume();
    throw validation('Invalid File Extension: the file must be .csv or .xlsx', 'files');
  }
  const path = join(ctx.config.dataDir, 'tmp', `preview-${randomUUID()}`);
  try {
    const stored = await storeUpload(part.file, path);
    if (stored.isTruncated) throw validation('The file is larger than the upload limit', 'files');
    const settings: ReadSettings = {
      fileKind,
      delimiter: fileKind === 'csv' ? (options.delimiter ?? config?.delimiter ?? (await sniffDelimiter(path))) : ',',
      headerRow: options.headerRow ?? config?.header_row ?? 1,
      sheetName: fileKind === 'xlsx' ? (options.sheetName ?? config?.sheet_name ?? null) : null,
    };
    let sheetNames: string[] = [];
    const records = await readHead(path, settings, (names) => {
      sheetNames = names;
    }).catch((err: unknown) => {
      if (err instanceof IngestFileError) throw validation(`${err.kind}: ${err.message}`, 'files');
      throw err;
    });
    const [header, ...rows] = records;
    if (!header) throw validation(`Invalid File Content: ${NO_HEADER_MESSAGE}`, 'files');
    const width = header.length;
    return {
      fileName: name,
      fileKind,
      delimiter: fileKind === 'csv' ? settings.delimiter : null,
      sheetName: settings.sheetName ?? sheetNames[0] ?? null,
      sheetNames,
      headerRow: settings.headerRow,
      header: header.map((c) => text(c).trim()),
      rows: rows.slice(0, PREVIEW_ROW_COUNT).map((r) => Array.from({ length: width }, (_, i) => text(r[i]))),
    };
  } finally {
    await rm(path, { force: true });
  }
}
