import { describe, expect, it } from 'vitest';
import { toPipelineRowsQuery } from '@/features/pipeline-rows/api/get-pipeline-rows';
import { formatCell } from '@/features/pipeline-rows/cell-format';

describe('row cells', () => {
  it('writes money exactly, in the module grouping and 2 decimals', () => {
    expect(formatCell('12345678.9050', { type: 'DOUBLE', isMoney: true }, 'en-IN')).toBe('₹1,23,45,678.91');
    expect(formatCell('12345678.9050', { type: 'DOUBLE', isMoney: true }, 'en-US')).toBe('₹12,345,678.91');
    expect(formatCell('0.1234', { type: 'FLOAT', isMoney: false }, 'en-IN')).toBe('0.1234');
  });

  it("keeps a file's own text when it is no plain number or ISO date", () => {
    expect(formatCell('1,50', { type: 'DOUBLE', isMoney: true }, 'en-IN')).toBe('1,50');
    expect(formatCell('31/02/2026', { type: 'DATE', isMoney: false }, 'en-IN')).toBe('31/02/2026');
    expect(formatCell(null, { type: 'DATE', isMoney: false }, 'en-IN')).toBe('');
  });

  it('writes ISO dates and wall-clock times in the spec formats', () => {
    expect(formatCell('2026-10-02', { type: 'DATE', isMoney: false }, 'en-IN')).toBe('02-10-2026');
    expect(formatCell('2026-10-10 15:47:43', { type: 'DATETIME', isMoney: false }, 'en-IN')).toBe(
      '10-10-2026 03:47 PM',
    );
  });

  it('names only the searched and sorted columns in the call', () => {
    const query = toPipelineRowsQuery({
      dataSourceId: 3,
      fromDate: '2026-10-01',
      toDate: '2026-10-15',
      start: 20,
      length: 10,
      searches: { reference: 'BNK', amount: ' ' },
      sort: { column: 'rowNo', dir: 'desc' },
    });
    expect(query).toEqual({
      start: 20,
      length: 10,
      draw: 3,
      'columns[0][data]': 'reference',
      'columns[0][searchable]': 'true',
      'columns[0][search][value]': 'BNK',
      'columns[1][data]': 'rowNo',
      'columns[1][searchable]': 'true',
      'columns[1][search][value]': '',
      'order[0][column]': 1,
      'order[0][dir]': 'desc',
      dataSourceId: 3,
      fromDate: '2026-10-01',
      toDate: '2026-10-15',
    });
  });
});
