import { DOWNLOADABLE_STATUSES, type DownloadRequest } from '@recon/contract';

export const isDownloadable = (d: Pick<DownloadRequest, 'status'>) => DOWNLOADABLE_STATUSES.includes(d.status);

/** 1536 → "1.5 KB". */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * A long file name cut in the middle: its start (the recon) and its end (the tab, the time and the format) are
 * what tell two exports apart.
 */
export function middleEllipsis(name: string, max = 38): string {
  if (name.length <= max) return name;
  const tail = Math.ceil((max - 1) * 0.6);
  return `${name.slice(0, max - 1 - tail)}…${name.slice(-tail)}`;
}
