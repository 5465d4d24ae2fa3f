import { describe, expect, it } from 'vitest';
import { columnHeading } from './column-heading.ts';

describe('columnHeading', () => {
  it('capitalises each word and writes banking acronyms in capitals', () => {
    expect(columnHeading('value_date')).toBe('Value Date');
    expect(columnHeading('txn_id')).toBe('TXN ID');
    expect(columnHeading('utr')).toBe('UTR');
    expect(columnHeading('_bank__rrn_')).toBe('Bank RRN');
  });
});
