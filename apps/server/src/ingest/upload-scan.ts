import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileErrorKind } from '@recon/contract';
import type { Db } from '@recon/db';
import { matchHeader } from './header-check.ts';
import { IngestFileError } from './ingest-error.ts';
import { buildLoadPlan } from './load-plan.ts';
import { openRecords } from './record-source.ts';
import type { RawRecord } from './records.ts';

/**
 * What an upload's first read tells before any run: the rows below the header (skip rules not applied yet) and the
 * header's verdict against the pipeline's config ("No Error", "Column Order Changed", "Columns Deleted"…, as the
 * load will record it), or the reason the file cannot be read.
 */
export type UploadScan = { rows: number | null; errorKind: FileErrorKind; message: string | null };

/**
 * Reads a stored upload once, as its load will (`openRecords` with the pipeline's reader settings): checks the header
 * and counts the records. Null when the pipeline cannot load files yet (no mapping) or the read fails unexpectedly:
 * the upload itself stands either way, the load checks everything again.
 */
export async function scanUpload(
  db: Db,
  moduleId: number,
  pipelineId: number,
  path: string,
): Promise<UploadScan | null> {
  let plan: Awaited<ReturnType<typeof buildLoadPlan>>;
  try {
    plan = await buildLoadPlan(db, pipelineId, moduleId);
  } catch {
    return null;
  }
  const { hasHeader } = plan.settings;
  const checksHeader = hasHeader && plan.fixedPositions === null;
  let isFirst = true;
  let rows = 0;
  let header: { kind: FileErrorKind; note: string | null } = { kind: 'No Error', note: null };
  const counter = new Writable({
    objectMode: true,
    write(record: RawRecord | string[], _encoding, callback) {
      try {
        if (isFirst && hasHeader) {
          if (checksHeader) header = matchHeader(Array.isArray(record) ? record : record.cells, plan.expected);
        } else {
          rows += 1;
        }
        isFirst = false;
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
  });
  const source = openRecords(path, plan.settings);
  try {
    await pipeline([...source.stages, counter]);
  } catch (err) {
    const mapped = source.mapError(err);
    if (mapped instanceof IngestFileError) return { rows: null, errorKind: mapped.kind, message: mapped.message };
    return null;
  }
  return { rows, errorKind: header.kind, message: header.note };
}
