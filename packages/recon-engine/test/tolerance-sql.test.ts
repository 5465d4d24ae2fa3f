import { describe, expect, it } from 'vitest';
import { Params, toleranceSql, windowSql } from '../src/sql-expr.ts';

const num = (sql: string) => ({ sql, kind: 'number' as const });
const date = (sql: string) => ({ sql, kind: 'date' as const });

describe('toleranceSql', () => {
  it('takes a percentage of element one as the allowance, the percentage as a parameter', () => {
    const params = new Params();
    const { test } = toleranceSql(params, num('a.x'), num('b.y'), 0.5, 'PERCENT');
    expect(test).toBe('abs((a.x)::numeric - (b.y)::numeric) <= abs((a.x)::numeric) * $1::numeric / 100');
    expect(params.values).toEqual(['0.5']);
  });

  it('refuses a percentage on dates', () => {
    expect(() => toleranceSql(new Params(), date('a.d'), date('b.d'), 2, 'PERCENT')).toThrow(
      'a percentage tolerance applies to amounts, not date values',
    );
  });
});

describe('windowSql', () => {
  it('tests both edges of a group against a row and ranks by the nearest edge', () => {
    const params = new Params();
    const w = windowSql(
      params,
      { lo: 'ua.v1', hi: 'ua.v1', kind: 'date' },
      { lo: 'ub.lo1', hi: 'ub.hi1', kind: 'date' },
      3,
    );
    expect(w.test).toBe('(ub.hi1 - ua.v1) <= $1::integer AND (ua.v1 - ub.lo1) <= $1::integer');
    expect(w.distance).toBe('greatest((ub.lo1 - ua.v1), (ua.v1 - ub.hi1), 0)::float8');
    expect(params.values).toEqual(['3']);
  });

  it('compares a date with timestamps in seconds and ranks in days', () => {
    const w = windowSql(
      new Params(),
      { lo: 'ua.v1', hi: 'ua.v1', kind: 'date' },
      { lo: 'ub.lo1', hi: 'ub.hi1', kind: 'timestamp' },
      1.5,
    );
    expect(w.test).toContain('extract(epoch FROM (ub.hi1)::timestamp - (ua.v1)::timestamp) <= $1::float8 * 86400');
    expect(w.distance.endsWith('::float8 / 86400')).toBe(true);
  });

  it('refuses text, a negative tolerance and fractional days', () => {
    const text = { lo: 'x', hi: 'x', kind: 'text' as const };
    const day = { lo: 'x', hi: 'x', kind: 'date' as const };
    expect(() => windowSql(new Params(), text, text, 1)).toThrow('a tolerance applies to amounts and dates');
    expect(() => windowSql(new Params(), day, day, -1)).toThrow('the tolerance cannot be negative');
    expect(() => windowSql(new Params(), day, day, 0.5)).toThrow('a date tolerance is a whole number of days');
  });
});
