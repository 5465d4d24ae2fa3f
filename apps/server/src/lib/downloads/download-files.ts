import { mkdir } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { DownloadFormat } from '@recon/contract';

/** Export files live in DATA_DIR/downloads, named by request id; the row stores the name, never a full path. */
export const DOWNLOADS_SUBDIR = 'downloads';

export const EXTENSIONS: Record<DownloadFormat, string> = { CSV: 'csv', XLSX: 'xlsx' };
export const CONTENT_TYPES: Record<DownloadFormat, string> = {
  CSV: 'text/csv; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function downloadsDir(dataDir: string): string {
  return join(resolve(dataDir), DOWNLOADS_SUBDIR);
}

export async function ensureDownloadsDir(dataDir: string): Promise<string> {
  const dir = downloadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  return dir;
}

export const storedFileName = (id: number, format: DownloadFormat) => `${id}.${EXTENSIONS[format]}`;

/** The absolute path of a stored name; a name that would leave the downloads folder is refused. */
export function pathOfStored(dataDir: string, stored: string): string {
  const dir = downloadsDir(dataDir);
  const full = resolve(dir, stored);
  if (!full.startsWith(dir + sep)) throw new Error(`download path outside ${dir}`);
  return full;
}

/** A file name a person reads: the view's names and the time, safe in every file system and header. */
export function downloadFileName(parts: string[], at: Date, format: DownloadFormat): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
  const base = [...parts, stamp]
    .map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, ''))
    .filter((p) => p !== '')
    .join('_')
    .slice(0, 150);
  return `${base}.${EXTENSIONS[format]}`;
}
