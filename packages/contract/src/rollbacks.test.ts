import { describe, expect, it } from 'vitest';
import { INVALID_DATE_UNIT, rollbackDateBefore } from './rollbacks.ts';

describe('rollbackDateBefore (spec 2 §5 rollback date helper)', () => {
  const from = new Date('2024-03-31T10:00:00.000Z');

  it('takes DAYS, MONTHS and YEARS, a month back ending on the shorter month’s last day', () => {
    expect(rollbackDateBefore(from, 31, 'DAYS').toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(rollbackDateBefore(from, 1, 'MONTHS').toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(rollbackDateBefore(from, 15, 'MONTHS').toISOString()).toBe('2022-12-31T10:00:00.000Z');
    expect(rollbackDateBefore(new Date('2024-02-29T00:00:00.000Z'), 1, 'YEARS').toISOString()).toBe(
      '2023-02-28T00:00:00.000Z',
    );
  });

  it('throws "Invalid unit. Use DAYS, MONTHS, or YEARS." for any other unit', () => {
    expect(() => rollbackDateBefore(from, 1, 'WEEKS')).toThrow('Invalid unit. Use DAYS, MONTHS, or YEARS.');
    expect(() => rollbackDateBefore(from, 1, 'days')).toThrow(INVALID_DATE_UNIT);
  });
});
