import { describe, expect, it } from 'vitest';
import { calendarDateOrTimeSchema, calendarDateSchema, isCalendarDate } from './dates.ts';

describe('calendar dates', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2000-02-29', true],
    ['2026-12-31', true],
    ['2026-02-29', false],
    ['1900-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['2026-1-5', false],
    ['abc', false],
  ])('reads %s as a real day: %s', (text, isDay) => {
    expect(isCalendarDate(text)).toBe(isDay);
  });

  it('refuses a value once, with the given message', () => {
    for (const bad of ['2026-02-30', 'yesterday']) {
      expect(
        calendarDateSchema('bad day')
          .safeParse(bad)
          .error?.issues.map((i) => i.message),
      ).toEqual(['bad day']);
    }
    expect(calendarDateOrTimeSchema('bad').safeParse('2026-02-30T00:00:00Z').success).toBe(false);
    expect(calendarDateOrTimeSchema('bad').safeParse('2026-01-11T00:00:00.000Z').success).toBe(true);
  });
});
