import { DOWNLOADABLE_STATUSES, type DownloadRequest } from '@recon/contract';

export const isDownloadable = (d: Pick<DownloadRequest, 'status'>) => DOWNLOADABLE_STATUSES.includes(d.status);

/**
 * A long file name cut in the middle: its start (the recon) and its end (the tab, the time and the format) are
 * what tell two exports apart.
 */
export function middleEllipsis(name: string, max = 38): string {
  if (name.length <= max) return name;
  const tail = Math.ceil((max - 1) * 0.6);
  return `${name.slice(0, max - 1 - tail)}…${name.slice(-tail)}`;
}
