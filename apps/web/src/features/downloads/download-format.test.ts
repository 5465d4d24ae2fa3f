import { describe, expect, it } from 'vitest';
import { middleEllipsis } from '@/features/downloads/download-format';
import { formatFileSize } from '@/lib/file-size';

describe('download formats', () => {
  it('cuts a long file name in the middle, keeping the tab, time and format at its end', () => {
    const name = 'Bank_vs_Gateway_Settlement_Bank_Statement_unreconciled_20261121_122300.xlsx';
    const short = middleEllipsis(name);
    expect(short).toHaveLength(38);
    expect(short.startsWith('Bank_vs_Gatew')).toBe(true);
    expect(short.endsWith('d_20261121_122300.xlsx')).toBe(true);
    expect(middleEllipsis('short.csv')).toBe('short.csv');
  });

  it('tells sizes in B, KB, MB and GB, grouped as the number format says', () => {
    expect(formatFileSize(82, 'en-IN')).toBe('82 B');
    expect(formatFileSize(5939, 'en-IN')).toBe('5.8 KB');
    expect(formatFileSize(86_318_000, 'en-IN')).toBe('82.3 MB');
    expect(formatFileSize(3 * 1024 ** 3, 'en-IN')).toBe('3 GB');
    expect(formatFileSize(1536 * 1024 ** 4, 'en-US')).toBe('1,536 TB');
  });
});
