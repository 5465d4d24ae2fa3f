import { createReadStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { invalidContent } from './ingest-error.ts';
import {
  type Cell,
  type FixedColumn,
  MAX_RECORD_BYTES,
  type RawRecord,
  type ReadSettings,
  type RecordSource,
} from './records.ts';
import { utf8Guard } from './utf8-guard.ts';

const READ_CHUNK_BYTES = 1024 * 1024;
const CR = 13;
const LF = 10;

/** One line cut into its configured columns, then the whole line (a skip rule on "any column" reads it). */
export function sliceLine(line: string, columns: readonly FixedColumn[]): Cell[] {
  const cells: Cell[] = columns.map((c) => line.slice(c.start - 1, c.start - 1 + c.length));
  cells.push(line);
  return cells;
}

/**
 * UTF-8 text in, one RawRecord per line out (object mode), numbered by line. A line ends at LF, CRLF or CR; a
 * BOM is dropped; blank lines (spaces only) are skipped; lines above the first data row are skipped.
 */
function lineParser(settings: ReadSettings): Transform {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  let lineNo = 0;
  let isStart = true;
  const emit = (parser: Transform, line: string) => {
    lineNo += 1;
    if (lineNo < settings.headerRow || line.trim() === '') return;
    const record: RawRecord = { no: lineNo, cells: sliceLine(line, settings.fixedColumns) };
    parser.push(record);
  };
  const take = (parser: Transform, text: string, isFinal: boolean) => {
    let s = carry + text;
    if (isStart && s.length > 0) {
      isStart = false;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    let from = 0;
    for (;;) {
      const lf = s.indexOf('\n', from);
      const cr = s.indexOf('\r', from);
      const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      // A CR at the very end of a chunk may be the first half of a CRLF: wait for the next chunk.
      if (end < 0 || (!isFinal && end === s.length - 1 && s.charCodeAt(end) === CR)) break;
      emit(parser, s.slice(from, end));
      from = end + (s.charCodeAt(end) === CR && s.charCodeAt(end + 1) === LF ? 2 : 1);
    }
    carry = s.slice(from);
    if (carry.length > MAX_RECORD_BYTES) {
      throw invalidContent(`A line is longer than ${MAX_RECORD_BYTES} characters on line ${lineNo + 1}`);
    }
    if (isFinal && carry !== '') {
      emit(parser, carry);
      carry = '';
    }
  };
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, callback: TransformCallback) {
      try {
        take(this, decoder.write(chunk), false);
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        take(this, decoder.end(), true);
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
  });
}

/** Streams a fixed-width text file as RawRecords: each line cut at the configured columns (UTF-8 checked). */
export function openFixedWidthRecords(path: string, settings: ReadSettings): RecordSource {
  return {
    stages: [createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }), utf8Guard(), lineParser(settings)],
    mapError: (err) => err,
  };
}
