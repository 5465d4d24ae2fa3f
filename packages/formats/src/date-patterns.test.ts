import { describe, expect, it } from 'vitest';
import {
  compileDatePattern,
  datePatternProblem,
  isoDate,
  isoTimestamp,
  readDate,
  readDateParts,
} from './date-patterns.ts';
import { proposeDatePatterns } from './date-proposals.ts';

const read = (text: string, pattern: string) => {
  const p = readDateParts(text, compileDatePattern(pattern));
  if (!p) return null;
  return compileDatePattern(pattern).kind === 'date' ? isoDate(p) : isoTimestamp(p);
};

describe('date patterns', () => {
  it('reads day-first dates as day first, whatever the day', () => {
    expect(read('05/03/2026', 'DD/MM/YYYY')).toBe('2026-03-05');
    expect(read('25/03/2026', 'DD/MM/YYYY')).toBe('2026-03-25');
    expect(read('5/3/2026', 'DD/MM/YYYY')).toBe('2026-03-05');
    expect(read('01.03.2026', 'DD.MM.YYYY')).toBe('2026-03-01');
  });

  it('reads compact, two-digit-year and month-name forms', () => {
    expect(read('20260301', 'YYYYMMDD')).toBe('2026-03-01');
    expect(read('2026031', 'YYYYMMDD')).toBeNull();
    expect(read('05/03/26', 'DD/MM/YY')).toBe('2026-03-05');
    expect(read('05/03/98', 'DD/MM/YY')).toBe('1998-03-05');
    expect(read('07-Mar-26', 'DD-MMM-YY')).toBe('2026-03-07');
    expect(read('07-MAR-2026', 'DD-MMM-YYYY')).toBe('2026-03-07');
    expect(read('7 September 2026', 'D MMMM YYYY')).toBe('2026-09-07');
    expect(read('07-Mxr-2026', 'DD-MMM-YYYY')).toBeNull();
  });

  it('reads times, 12-hour clocks, fractions and epochs', () => {
    expect(read('01/03/2026 14:05:09', 'DD/MM/YYYY HH:mm:ss')).toBe('2026-03-01 14:05:09');
    expect(read('01/03/2026 12:05 AM', 'DD/MM/YYYY hh:mm A')).toBe('2026-03-01 00:05:00');
    expect(read('01/03/2026 01:07 pm', 'DD/MM/YYYY hh:mm A')).toBe('2026-03-01 13:07:00');
    expect(read('2026-03-01 10:00:00.25', 'YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-03-01 10:00:00.250000');
    expect(read('1772323200', 'EPOCH_S')).toBe('2026-03-01 00:00:00');
    expect(read('1772323200123', 'EPOCH_MS')).toBe('2026-03-01 00:00:00.123000');
  });

  it('refuses values that are not real dates instead of rolling them over', () => {
    expect(read('31/04/2026', 'DD/MM/YYYY')).toBeNull();
    expect(read('29/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(read('29/02/2028', 'DD/MM/YYYY')).toBe('2028-02-29');
    expect(read('01/13/2026', 'DD/MM/YYYY')).toBeNull();
    expect(read('01/03/2026 24:00:00', 'DD/MM/YYYY HH:mm:ss')).toBeNull();
    expect(read('01/03/2026 13:00 PM', 'DD/MM/YYYY hh:mm A')).toBeNull();
    expect(read('2026-03-01', 'DD/MM/YYYY')).toBeNull();
  });

  it('tries several patterns in order (mixed DD/MM/YY and DD/MM/YYYY in one column)', () => {
    const patterns = ['DD/MM/YY', 'DD/MM/YYYY'].map((p) => compileDatePattern(p));
    expect(readDate('05/03/26', patterns)?.pattern.pattern).toBe('DD/MM/YY');
    const long = readDate('05/03/2026', patterns);
    expect(long && isoDate(long.parts)).toBe('2026-03-05');
    expect(readDate('2026-03-05', patterns)).toBeNull();
  });

  it('says what is wrong with a pattern', () => {
    expect(datePatternProblem('DD/MM/YYYY')).toBeNull();
    expect(datePatternProblem('DD/MM')).toBe('"DD/MM" has no year (YYYY or YY)');
    expect(datePatternProblem('QQ/MM/YYYY')).toContain('"Q" is not a date token');
    expect(datePatternProblem('DD/MM/YYYY hh:mm')).toBe('"DD/MM/YYYY hh:mm": hh and h go with A (AM / PM)');
    expect(datePatternProblem('')).toBe('enter a date pattern, e.g. DD/MM/YYYY');
    expect(datePatternProblem('[Date:] DD/MM/YYYY')).toBeNull();
  });

  it('compiles to a regular expression PostgreSQL can run (no JavaScript-only syntax)', () => {
    const c = compileDatePattern('DD.MM.YYYY HH:mm:ss');
    expect(c.regex).toBe('^([0-9]{1,2})\\.([0-9]{1,2})\\.([0-9]{4}) ([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})$');
    expect(c.fields).toEqual(['day', 'month', 'year4', 'hour24', 'minute', 'second']);
    expect(c.kind).toBe('timestamp');
  });
});

describe('date pattern proposals', () => {
  it('proposes the one pattern that reads every sample when a day above 12 settles the order', () => {
    const p = proposeDatePatterns(['05/03/2026', '25/03/2026', '']);
    expect(p.map((x) => x.pattern)).toEqual(['DD/MM/YYYY']);
    expect(p[0]?.ambiguousWith).toEqual([]);
  });

  it('flags day-first and month-first as ambiguous when every day is 12 or less', () => {
    const p = proposeDatePatterns(['03/04/2026', '05/06/2026']);
    const dmy = p.find((x) => x.pattern === 'DD/MM/YYYY');
    expect(dmy?.ambiguousWith).toEqual(['MM/DD/YYYY']);
  });

  it('proposes epoch seconds for 10-digit values and nothing for text', () => {
    expect(proposeDatePatterns(['1772323200']).map((x) => x.pattern)).toContain('EPOCH_S');
    expect(proposeDatePatterns(['hello'])).toEqual([]);
  });
});
