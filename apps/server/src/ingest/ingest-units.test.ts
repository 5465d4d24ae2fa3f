import { describe, expect, it } from 'vitest';
import { matchHeader } from './header-check.ts';
import { IngestFileError } from './ingest-error.ts';
import { describeLimit, isOverLimit } from './limits.ts';

describe('isOverLimit', () => {
  it('counts rows for COUNT and for a limit without a unit', () => {
    expect(isOverLimit(5, 100, { value: '5.0000', unit: 'COUNT' })).toBe(false);
    expect(isOverLimit(6, 100, { value: '5.0000', unit: 'COUNT' })).toBe(true);
    expect(isOverLimit(1, 100, { value: '0', unit: null })).toBe(true);
    expect(isOverLimit(0, 100, { value: '0', unit: null })).toBe(false);
  });

  it('compares percentages exactly, without floats', () => {
    expect(isOverLimit(1, 3, { value: '33.3333', unit: 'PERCENTAGE' })).toBe(true);
    expect(isOverLimit(1, 3, { value: '33.3334', unit: 'PERCENTAGE' })).toBe(false);
    expect(isOverLimit(10, 1000, { value: '1', unit: 'PERCENTAGE' })).toBe(false);
    expect(isOverLimit(11, 1000, { value: '1', unit: 'PERCENTAGE' })).toBe(true);
  });

  it('describes a limit as the operator set it', () => {
    expect(describeLimit({ value: '10.0000', unit: 'COUNT' })).toBe('10 rows');
    expect(describeLimit({ value: '2.5000', unit: 'PERCENTAGE' })).toBe("2.5% of the file's rows");
    expect(describeLimit({ value: '10', unit: 'COUNT' })).toBe('10 rows');
  });
});

describe('matchHeader', () => {
  const expected = ['Ref', 'Date', 'Amount'];
  it('matches names trimmed and case-insensitively', () => {
    expect(matchHeader([' ref ', 'DATE', 'amount'], expected)).toEqual({
      kind: 'No Error',
      positions: [0, 1, 2],
      note: null,
    });
  });
  it('tells the four layouts apart', () => {
    expect(matchHeader(['Amount', 'Ref', 'Date'], expected).kind).toBe('Column Order Changed');
    expect(matchHeader(['Ref', 'Date', 'Amount', 'Extra'], expected).kind).toBe('Additional Columns At End');
    expect(matchHeader(['Ref', 'Extra', 'Date', 'Amount'], expected)).toMatchObject({
      kind: 'Additional Columns With Changed Order',
      positions: [0, 2, 3],
    });
    expect(matchHeader(['Date', 'Ref', 'Amount', 'Extra'], expected).kind).toBe(
      'Additional Columns With Changed Order',
    );
  });
  it('throws Columns Deleted naming the missing columns, and Invalid File Content for a repeated column', () => {
    expect(() => matchHeader(['Ref'], expected)).toThrow(
      new IngestFileError('Columns Deleted', 'Columns missing from the file: Date, Amount'),
    );
    expect(() => matchHeader(['Ref', 'Date', 'Amount', 'ref'], expected)).toThrow(
      'The header has the column "ref" more than once',
    );
  });
});
