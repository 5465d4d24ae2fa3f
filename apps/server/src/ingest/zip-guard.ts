import yauzl from 'yauzl';
import { invalidContent } from './ingest-error.ts';

/** Largest total a workbook may inflate to, and the largest inflation ratio: past either it is a zip bomb. */
export const MAX_XLSX_INFLATED_BYTES = 1024 ** 3;
export const MAX_XLSX_INFLATION_RATIO = 200;
const MAX_XLSX_ENTRIES = 10_000;

const NOT_A_WORKBOOK = 'The file is not an Excel workbook (.xlsx)';

/** Lists a zip's entries from its central directory without inflating anything. */
function listEntries(path: string): Promise<{ name: string; compressed: number; uncompressed: number }[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true, decodeStrings: true }, (err, zip) => {
      if (err || !zip) {
        reject(invalidContent(NOT_A_WORKBOOK));
        return;
      }
      if (zip.entryCount > MAX_XLSX_ENTRIES) {
        zip.close();
        reject(invalidContent(`The workbook has more than ${MAX_XLSX_ENTRIES} parts`));
        return;
      }
      const entries: { name: string; compressed: number; uncompressed: number }[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        entries.push({ name: e.fileName, compressed: e.compressedSize, uncompressed: e.uncompressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', () => reject(invalidContent(NOT_A_WORKBOOK)));
      zip.readEntry();
    });
  });
}

/**
 * Checks that an .xlsx is a real workbook and no zip bomb BEFORE any XML is inflated: the sizes its central
 * directory declares must stay under 1 GiB in total and under 200× the compressed size.
 */
export async function assertSafeWorkbook(path: string): Promise<void> {
  const entries = await listEntries(path);
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) throw invalidContent(NOT_A_WORKBOOK);
  const inflated = entries.reduce((sum, e) => sum + e.uncompressed, 0);
  const compressed = entries.reduce((sum, e) => sum + e.compressed, 0);
  if (inflated > MAX_XLSX_INFLATED_BYTES || inflated > MAX_XLSX_INFLATION_RATIO * Math.max(compressed, 1)) {
    throw invalidContent('The workbook inflates to far more than its size (a zip bomb): it was not opened');
  }
}
