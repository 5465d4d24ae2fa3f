import { createReadStream } from 'node:fs';
import { type CsvError, type Options, parse } from 'csv-parse';
import { IngestFileError, invalidContent } from './ingest-error.ts';
import { MAX_RECORD_BYTES, type ReadSettings, type RecordSource } from './records.ts';
import { utf8Guard } from './utf8-guard.ts';

const READ_CHUNK_BYTES = 1024 * 1024;

/** A parser error as the operator should read it: what is wrong and on which line. */
export function csvErrorToIngestError(err: unknown): unknown {
  if (err instanceof IngestFileError) return err;
  const e = err as Partial<CsvError> & { lines?: number };
  const line = e.lines ? ` on line ${e.lines}` : '';
  switch (e.code) {
    case 'CSV_MAX_RECORD_SIZE':
      return invalidContent(`A record is longer than ${MAX_RECORD_BYTES} bytes${line}`);
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return invalidContent(`A record has a different number of columns than the header${line}`);
    case 'CSV_QUOTE_NOT_CLOSED':
      return invalidContent(`A quoted value is never closed (it opens${line})`);
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return invalidContent(`Text follows a closing quote${line}`);
    default:
      return typeof e.code === 'string' && e.code.startsWith('CSV_')
        ? invalidContent(`The file is not a readable CSV${line}`)
        : err;
  }
}

/**
 * Streams a CSV as cell lists: UTF-8 checked, BOM dropped, CRLF or LF, quoted newlines kept, blank lines
 * skipped, every record as wide as the header. The encoder numbers records from the header row, as a
 * spreadsheet numbers rows (a per-record callback here would cost more than the parse itself).
 */
export function openCsvRecords(path: string, settings: ReadSettings): RecordSource {
  const options: Options = {
    bom: true,
    delimiter: settings.delimiter,
    from_line: settings.headerRow,
    max_record_size: MAX_RECORD_BYTES,
    relax_column_count: false,
    // A quote inside an unquoted value (5" pipe) is text, as spreadsheets read it.
    relax_quotes: true,
    skip_empty_lines: true,
  };
  const parser = parse(options);
  return {
    stages: [createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }), utf8Guard(), parser],
    mapError: csvErrorToIngestError,
  };
}
