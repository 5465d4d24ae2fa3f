import { describe, expect, it } from 'vitest';
import { firstRuleProblem, normalizeConditions, type RuleCheckContext } from './rule-checks.ts';
import { CONDITION_PROBLEMS as P, RULE_TEXTS, type RuleCondition, type RuleElement, type RuleType } from './rules.ts';

// Side A: settlement components (settlement_id, amount, deposit_date); side B: bank credits (credit, value_date).
const ctx: RuleCheckContext = {
  sideA: {
    dataSourceId: 1,
    columns: new Map([
      ['settlement_id', 'text'],
      ['amount', 'number'],
      ['deposit_date', 'date'],
    ]),
  },
  sideB: {
    dataSourceId: 2,
    columns: new Map([
      ['ref', 'text'],
      ['credit', 'number'],
      ['value_date', 'date'],
    ]),
  },
};

function el(spec: string, transforms: RuleElement['transforms'] = []): RuleElement {
  const [ref = '', agg] = spec.split('|');
  const [side, columnName] = ref.split('.');
  const aggregation = (agg as RuleElement['aggregation']) ?? null;
  return { valueType: 'COLUMN', dataSourceId: side === 'A' ? 1 : 2, columnName, transforms, aggregation };
}
const NONE: RuleElement = { valueType: 'CONSTANT', value: null, transforms: [], aggregation: null };

const matching = (one: string, two: string, tolerance: number | null = null): RuleCondition => ({
  sequence: 1,
  ruleConditionType: 'MATCHING',
  conditionJointType: 'AND',
  primaryCondition: false,
  conditionEnable: true,
  elementOne: el(one),
  operator: 'EQUAL',
  elementSecond: el(two),
  tolerance,
  toleranceType: null,
});
const groupBy = (one: RuleElement): RuleCondition => ({
  sequence: 1,
  ruleConditionType: 'GROUP_BY',
  conditionJointType: 'AND',
  primaryCondition: false,
  conditionEnable: true,
  elementOne: one,
  operator: 'EQUAL',
  elementSecond: NONE,
  tolerance: null,
  toleranceType: null,
});
const check = (conditions: RuleCondition[], ruleType: RuleType = 'RECONCILED') => {
  const normalized = normalizeConditions(conditions);
  return { normalized, problem: firstRuleProblem({ ruleType, conditions: normalized }, ctx) };
};
const at = (sequence: number, message: string) => ({
  field: `conditions.${sequence - 1}`,
  message: `Condition ${sequence}: ${message}`,
});

const SUM = matching('A.amount|SUM', 'B.credit');
const WINDOW = matching('A.deposit_date', 'B.value_date', 3);

describe('Group by', () => {
  it('lets a rule with an aggregate and no Equal key pair on the group (settlement-level)', () => {
    const { normalized, problem } = check([
      SUM,
      groupBy(el('A.settlement_id', [{ type: 'TRIM', argument: null }])),
      WINDOW,
    ]);
    expect(problem).toBeNull();
    // Numbered after the matching conditions, stored without element two or tolerance.
    expect(normalized.map((c) => [c.sequence, c.ruleConditionType])).toEqual([
      [1, 'MATCHING'],
      [2, 'MATCHING'],
      [3, 'GROUP_BY'],
    ]);
    expect(normalized[2]).toMatchObject({ operator: 'EQUAL', elementSecond: NONE, tolerance: null });
  });

  it('needs an aggregate in the rule', () => {
    expect(check([matching('A.amount', 'B.credit'), groupBy(el('A.settlement_id'))]).problem).toEqual(
      at(2, P.groupByNeedsAggregate),
    );
    // A knock off closes rows by its filters alone: nothing to group.
    expect(check([groupBy(el('A.settlement_id'))], 'KNOCK_OFF').problem).toEqual(at(1, P.groupByNeedsAggregate));
  });

  it('takes a column of the side that is added up, as it is', () => {
    expect(check([SUM, groupBy(el('B.ref'))]).problem).toEqual(at(2, P.groupByOtherSide));
    expect(check([SUM, groupBy(el('A.amount|SUM'))]).problem).toEqual(at(2, P.groupByAggregation));
    expect(check([SUM, groupBy(el('A.nope'))]).problem).toEqual(at(2, P.unknownColumn('Element one', 'nope')));
  });

  it('still asks for a key when the rule has neither a key nor a Group by', () => {
    expect(check([SUM, WINDOW]).problem).toEqual({ field: 'conditions', message: RULE_TEXTS.noJoinKey });
  });
});
