import { openCsvRecords } from './csv-records.ts';
import { openFixedWidthRecords } from './fixed-width-records.ts';
import type { ReadSettings, RecordSource } from './records.ts';
import { openXlsxRecords } from './xlsx-records.ts';

/** The record streams of a stored file, by the kind its config declares (never by its extension). */
export function openRecords(path: string, settings: ReadSettings, onSheets?: (names: string[]) => void): RecordSource {
  switch (settings.fileKind) {
    case 'xlsx':
      return openXlsxRecords(path, settings, onSheets);
    case 'fixed_width':
      return openFixedWidthRecords(path, settings);
    case 'csv':
      return openCsvRecords(path, settings);
  }
}
