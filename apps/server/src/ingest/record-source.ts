import { openCsvRecords } from './csv-records.ts';
import type { ReadSettings, RecordSource } from './records.ts';
import { openXlsxRecords } from './xlsx-records.ts';

/** The record streams of a stored file, by the kind its config declares. */
export function openRecords(path: string, settings: ReadSettings, onSheets?: (names: string[]) => void): RecordSource {
  return settings.fileKind === 'xlsx' ? openXlsxRecords(path, settings, onSheets) : openCsvRecords(path, settings);
}

/** Whether a file name carries the extension of the config's file kind (case-insensitive). */
export function hasExtensionOf(fileName: string, fileKind: 'csv' | 'xlsx'): boolean {
  return fileName.toLowerCase().endsWith(`.${fileKind}`);
}
