import { describe, expect, it } from 'vitest';
import { formatSize, middleEllipsis } from '@/features/downloads/download-format';

describe('download formats', () => {
  it('cuts a long file name in the middle, keeping the tab, time and format at its end', () => {
    const name = 'Bank_vs_Gateway_Settlement_Bank_Statement_unreconciled_20261121_122300.xlsx';
    const short = middleEllipsis(name);
    expect(short).toHaveLength(38);
    expect(short.startsWith('Bank_vs_Gatew')).toBe(true);
    expect(short.endsWith('d_20261121_122300.xlsx')).toBe(true);
    expect(middleEllipsis('short.csv')).toBe('short.csv');
  });

  it('tells sizes in B, KB, MB and GB', () => {
    expect(formatSize(null)).toBe('');
    expect(formatSize(82)).toBe('82 B');
    expect(formatSize(5939)).toBe('5.8 KB');
    expect(formatSize(86_318_000)).toBe('82 MB');
    expect(formatSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
