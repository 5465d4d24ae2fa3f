import { createReadStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { CsvFormatError, CsvTokenizer } from './csv-tokenizer.ts';
import { IngestFileError, invalidContent } from './ingest-error.ts';
import { MAX_RECORD_BYTES, type ReadSettings, type RecordSource } from './records.ts';
import { utf8Guard } from './utf8-guard.ts';

const READ_CHUNK_BYTES = 1024 * 1024;

/** A parser error as the operator should read it: what is wrong and on which line. */
export function csvErrorToIngestError(err: unknown): unknown {
  if (!(err instanceof CsvFormatError)) return err;
  const line = ` on line ${err.line}`;
  switch (err.code) {
    case 'RECORD_TOO_LONG':
      return invalidContent(`A record is longer than ${MAX_RECORD_BYTES} bytes${line}`);
    case 'FIELD_COUNT':
      return invalidContent(`A record has a different number of columns than the header${line}`);
    case 'QUOTE_NOT_CLOSED':
      return invalidContent(`A quoted value is never closed (it opens${line})`);
  }
}

/** UTF-8 bytes in, one cell list per record out (object mode). */
function csvParser(settings: ReadSettings): Transform {
  const decoder = new StringDecoder('utf8');
  let tokenizer: CsvTokenizer;
  const parser = new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, callback: TransformCallback) {
      try {
        tokenizer.write(decoder.write(chunk));
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        tokenizer.write(decoder.end());
        tokenizer.end();
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
  });
  tokenizer = new CsvTokenizer(
    {
      delimiter: settings.delimiter,
      fromLine: settings.headerRow,
      maxRecordChars: MAX_RECORD_BYTES,
      isWidthChecked: settings.isWidthChecked,
    },
    (cells) => parser.push(cells),
  );
  return parser;
}

/**
 * Streams a CSV as cell lists: UTF-8 checked, BOM dropped, CRLF or LF, quoted newlines kept, blank lines
 * skipped, every record as wide as the header (csv-tokenizer.ts). The encoder numbers records from the header
 * row, as a spreadsheet numbers rows (a per-record callback here would cost more than the parse itself).
 */
export function openCsvRecords(path: string, settings: ReadSettings): RecordSource {
  return {
    stages: [createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }), utf8Guard(), csvParser(settings)],
    mapError: (err) => (err instanceof IngestFileError ? err : csvErrorToIngestError(err)),
  };
}
