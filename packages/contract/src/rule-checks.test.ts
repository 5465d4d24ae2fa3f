import { describe, expect, it } from 'vitest';
import { firstRuleProblem, normalizeConditions, type RuleCheckContext } from './rule-checks.ts';
import {
  aggregationsFor,
  CONDITION_PROBLEMS as P,
  type RuleCondition,
  type RuleElement,
  type RuleType,
  ruleConditionSchema,
} from './rules.ts';

const ctx: RuleCheckContext = {
  sideA: {
    dataSourceId: 1,
    columns: new Map([
      ['ref', 'text'],
      ['amount', 'number'],
      ['bank_date', 'date'],
    ]),
  },
  sideB: {
    dataSourceId: 2,
    columns: new Map([
      ['ref', 'text'],
      ['amount', 'number'],
      ['posted_date', 'date'],
    ]),
  },
};

/** `A.amount|SUM` → a column element of side A (1) or B (2), aggregated when a suffix says so. */
function el(spec: string): RuleElement {
  const [ref = '', agg] = spec.split('|');
  const [side, columnName] = ref.split('.');
  return {
    valueType: 'COLUMN',
    dataSourceId: side === 'A' ? 1 : 2,
    columnName,
    transforms: [],
    aggregation: (agg as RuleElement['aggregation']) ?? null,
  };
}

type Spec = { one: string; two: string; op?: RuleCondition['operator']; tolerance?: number; percent?: boolean };
const KEY: Spec = { one: 'A.ref', two: 'B.ref' };

function problem(specs: Spec[], ruleType: RuleType = 'RECONCILED') {
  const conditions = specs.map(
    (c, i): RuleCondition => ({
      sequence: i + 1,
      ruleConditionType: 'MATCHING',
      conditionJointType: 'AND',
      primaryCondition: false,
      conditionEnable: true,
      elementOne: el(c.one),
      operator: c.op ?? 'EQUAL',
      elementSecond: el(c.two),
      tolerance: c.tolerance ?? null,
      toleranceType: c.percent ? 'PERCENT' : null,
    }),
  );
  return firstRuleProblem({ ruleType, conditions: normalizeConditions(conditions) }, ctx);
}
const at = (sequence: number, message: string) => ({
  field: `conditions.${sequence - 1}`,
  message: `Condition ${sequence}: ${message}`,
});

describe('percentage tolerance', () => {
  it('is accepted on a sum and between two amounts', () => {
    expect(problem([KEY, { one: 'A.amount', two: 'B.amount|SUM', tolerance: 0.5, percent: true }])).toBeNull();
    expect(problem([KEY, { one: 'A.amount', two: 'B.amount', tolerance: 1, percent: true }])).toBeNull();
  });

  it('is refused on dates', () => {
    expect(problem([KEY, { one: 'A.bank_date', two: 'B.posted_date', tolerance: 2, percent: true }])).toEqual(
      at(2, P.percentNotFor('date')),
    );
  });

  it('is refused on a window over a group', () => {
    expect(
      problem([
        KEY,
        { one: 'A.amount', two: 'B.amount|SUM' },
        { one: 'A.amount', two: 'B.amount', tolerance: 1, percent: true },
      ]),
    ).toEqual(at(3, P.percentOnWindow));
  });

  it('defaults to an amount when a tolerance has no type, and is dropped with the tolerance', () => {
    const base = ruleConditionSchema.parse({
      sequence: 1,
      ruleConditionType: 'MATCHING',
      elementOne: el('A.amount'),
      elementSecond: el('B.amount'),
      tolerance: 2,
    });
    expect(base.toleranceType).toBeUndefined();
    const [withTolerance, without] = normalizeConditions([
      base,
      { ...base, tolerance: null, toleranceType: 'PERCENT' },
    ]);
    expect(withTolerance?.toleranceType).toBe('AMOUNT');
    expect(without?.toleranceType).toBeNull();
  });
});

describe('aggregations', () => {
  it('offers Minimum and Maximum for dates, all four for amounts, none for text', () => {
    expect(aggregationsFor('date')).toEqual(['MIN', 'MAX']);
    expect(aggregationsFor('number')).toEqual(['SUM', 'AVERAGE', 'MIN', 'MAX']);
    expect(aggregationsFor('text')).toEqual([]);
  });

  it('accepts the latest date of a group beside its sum', () => {
    expect(
      problem([
        KEY,
        { one: 'A.amount', two: 'B.amount|SUM' },
        { one: 'A.bank_date', two: 'B.posted_date|MAX', tolerance: 1 },
      ]),
    ).toBeNull();
  });

  it('refuses a sum of dates and a minimum of text', () => {
    expect(problem([KEY, { one: 'A.bank_date', two: 'B.posted_date|SUM' }])).toEqual(at(2, P.aggregationNotNumber));
    expect(
      problem([
        { one: 'A.amount', two: 'B.amount' },
        { one: 'A.ref', two: 'B.ref|MIN' },
      ]),
    ).toEqual(at(2, P.aggregationNotOrdered));
  });

  it('refuses an element without aggregate on a side another condition groups', () => {
    expect(
      problem([KEY, { one: 'A.amount|SUM', two: 'B.amount|SUM' }, { one: 'A.bank_date', two: 'B.posted_date|MAX' }]),
    ).toEqual(at(3, P.aggregateOnGroupedSide('Element one')));
  });
});

describe('windows between a row and its group', () => {
  it('accepts a date window beside a sum', () => {
    expect(
      problem([
        KEY,
        { one: 'A.amount', two: 'B.amount|SUM' },
        { one: 'A.bank_date', two: 'B.posted_date', tolerance: 3 },
      ]),
    ).toBeNull();
  });

  it('still refuses other operators beside an aggregate', () => {
    expect(
      problem([
        KEY,
        { one: 'A.amount', two: 'B.amount|SUM' },
        { one: 'A.bank_date', op: 'NOT_EQUAL', two: 'B.posted_date' },
      ]),
    ).toEqual(at(3, P.aggregatedRuleKeys));
  });
});
