import { INVALID_DATE_UNIT } from '@recon/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rollbackDateFrom } from '@/features/rollbacks/rollback-dates';

describe('rollbackDateFrom', () => {
  const day = dayjs('2026-03-31T15:00:00');

  it('goes back whole days, months and years on the calendar', () => {
    expect(rollbackDateFrom(day, 15, 'DAYS').format('YYYY-MM-DD')).toBe('2026-03-16');
    expect(rollbackDateFrom(day, 1, 'MONTHS').format('YYYY-MM-DD')).toBe('2026-02-28');
    expect(rollbackDateFrom(day, 2, 'YEARS').format('YYYY-MM-DD')).toBe('2024-03-31');
    expect(rollbackDateFrom(day, 0, 'DAYS').format('YYYY-MM-DD HH:mm')).toBe('2026-03-31 00:00');
  });

  it('throws the spec message for any other unit', () => {
    expect(() => rollbackDateFrom(day, 1, 'WEEKS')).toThrow(INVALID_DATE_UNIT);
    expect(INVALID_DATE_UNIT).toBe('Invalid unit. Use DAYS, MONTHS, or YEARS.');
  });
});
