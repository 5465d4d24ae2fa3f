import { conditionMessage, CONDITION_PROBLEMS as P, RULE_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';
import { cond, makeOneSidedRecon, makeRuleFixture, type RuleFixture, ruleBody } from './rules.fixtures.ts';

let t: TestApp;
let admin: Session;
let moduleA: number;
let f: RuleFixture;
/** A recon of the same module: its data sources are not this recon's. */
let elsewhere: RuleFixture;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Rule checks');
  await addUser(t, { userName: 'rv-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA] });
  admin = await signIn(t, 'rv-admin');
  f = await makeRuleFixture(t, admin, moduleA);
  elsewhere = await makeRuleFixture(t, admin, moduleA);
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>) =>
  call(t, admin, { method: 'POST', url: '/web/v2/rules', moduleId: moduleA, payload });
const refusal = (field: string, message: string) => ({ message, errors: [{ field, defaultMessage: message }] });
const atCondition = (sequence: number, problem: string) =>
  refusal(`conditions.${sequence - 1}`, conditionMessage(sequence, problem));

type C = Parameters<typeof cond>[1];
/** A body with these conditions (numbered in the order given) and rule type. */
const withConditions = (conditions: C[], ruleType = 'RECONCILED') =>
  ruleBody(f, { ruleType, conditions: conditions.map((c, i) => cond(f, { sequence: i + 1, ...c })) });
const KEY: C = { one: 'A.ref', two: 'B.ref' };

describe('the head of the form, in order', () => {
  it.each([
    ['the name is missing', { name: undefined }, 'name', RULE_TEXTS.nameRequired],
    ['the name is blank', { name: '   ' }, 'name', RULE_TEXTS.nameRequired],
    ['the name is too long', { name: 'x'.repeat(101) }, 'name', RULE_TEXTS.nameTooLong],
    ['the recon is missing', { reconId: undefined }, 'reconId', RULE_TEXTS.reconRequired],
    ['the recon is not an id', { reconId: 'one' }, 'reconId', RULE_TEXTS.reconRequired],
    ['the rule type is missing', { ruleType: undefined }, 'ruleType', RULE_TEXTS.ruleTypeRequired],
    ['the rule type is unknown', { ruleType: 'MAYBE' }, 'ruleType', RULE_TEXTS.ruleTypeRequired],
  ])('answers the message when %s', async (_label, overrides, field, message) => {
    const res = await post(ruleBody(f, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(field, message));
  });

  it('answers only the first problem: name, then recon, then rule type', async () => {
    expect((await post({})).json()).toEqual(refusal('name', RULE_TEXTS.nameRequired));
    expect((await post({ name: 'R' })).json()).toEqual(refusal('reconId', RULE_TEXTS.reconRequired));
    expect((await post({ name: 'R', reconId: f.reconId })).json()).toEqual(
      refusal('ruleType', RULE_TEXTS.ruleTypeRequired),
    );
  });

  it('answers the first problem of a malformed condition with its path', async () => {
    const body = ruleBody(f);
    (body.conditions as Record<string, unknown>[])[1] = { ...cond(f, KEY), ruleConditionType: 'SOMETIMES' };
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'conditions.1.ruleConditionType', defaultMessage: expect.any(String) },
    ]);
  });
});

describe('the recon', () => {
  it('refuses a recon without side A and side B data sources', async () => {
    const reconId = await makeOneSidedRecon(t, admin, moduleA);
    const res = await post(ruleBody(f, { reconId }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('reconId', RULE_TEXTS.reconWithoutSides));
  });

  it('refuses a rule without conditions', async () => {
    const res = await post(ruleBody(f, { conditions: [] }));
    expect(res.json()).toEqual(refusal('conditions', RULE_TEXTS.noConditions));
  });
});

describe('each condition, in order', () => {
  it.each<[string, C[], number, string, string?]>([
    ['element one is a constant', [{ one: { value: 'x' }, two: 'B.ref' }], 1, P.elementOneMissing],
    ['element one has no column', [{ one: 'A.', two: 'B.ref' }], 1, P.columnMissing('Element one')],
    [
      'element one is a data source of the recon that is neither side',
      [{ one: 'C.ref', two: 'B.ref' }],
      1,
      P.notInRecon('Element one'),
    ],
    [
      'element one names an unknown column',
      [{ one: 'A.nope', two: 'B.ref' }],
      1,
      P.unknownColumn('Element one', 'nope'),
    ],
    [
      'element two of a matching condition is a constant',
      [{ one: 'A.ref', two: { value: 'x' } }],
      1,
      P.elementTwoMissing,
    ],
    ['element two has no column', [{ one: 'A.ref', two: 'B.' }], 1, P.columnMissing('Element two')],
    [
      'element two is a column of a table column that is not a data element',
      [{ one: 'A.amount', two: 'B.fee' }],
      1,
      P.unknownColumn('Element two', 'fee'),
    ],
    [
      'a primary filter compares with a column',
      [KEY, { type: 'FILTER', primary: true, one: 'A.narration', op: 'CONTAINS', two: 'B.utr' }],
      2,
      P.filterElementTwo,
    ],
    ['the sides are crossed', [{ one: 'B.ref', two: 'A.ref' }], 1, P.sidesCrossed],
    ['both elements are side A', [{ one: 'A.ref', two: 'A.ref' }], 1, P.sidesCrossed],
    [
      'a transform does not fit numbers',
      [{ one: 'A.amount|TRIM', two: 'B.amount' }],
      1,
      P.transformNotFor('Trim', 'number'),
    ],
    [
      'a chained transform does not fit the kind the one before gives',
      [{ one: 'A.ref|DATE|UPPERCASE', two: 'B.ref' }],
      1,
      P.transformNotFor('Uppercase', 'date'),
    ],
    ['a transform misses its number', [KEY, { one: 'A.amount|ADD', two: 'B.amount' }], 2, P.transformArgument('Add')],
    ['a divide is by zero', [KEY, { one: 'A.amount', two: 'B.amount|DIVIDE:0' }], 2, P.divideByZero],
    ['a round takes too many places', [KEY, { one: 'A.amount|ROUND:11', two: 'B.amount' }], 2, P.roundPlaces],
    ['a round takes a fraction of a place', [KEY, { one: 'A.amount|ROUND:1.5', two: 'B.amount' }], 2, P.roundPlaces],
    [
      'a filter aggregates',
      [KEY, { type: 'FILTER', primary: true, one: 'A.amount|SUM', op: 'GREATER_THAN', two: { value: '5' } }],
      2,
      P.aggregationInFilter,
    ],
    ['a text column is summed', [KEY, { one: 'A.ref', two: 'B.utr|SUM' }], 2, P.aggregationNotNumber],
    [
      'a sum is compared with another operator than Equal',
      [KEY, { one: 'A.amount', op: 'GREATER_THAN', two: 'B.amount|SUM' }],
      2,
      P.aggregationNeedsEqual,
    ],
    [
      'a matching condition uses a list operator',
      [{ one: 'A.ref', op: 'IN', two: 'B.ref' }],
      1,
      P.operatorNotForMatching('In'),
    ],
    [
      'a secondary filter compares a column with a list operator',
      [KEY, { type: 'FILTER', one: 'A.narration', op: 'NOT_IN', two: 'B.utr' }],
      2,
      P.operatorNotForColumns('Not in'),
    ],
    ['the kinds differ', [{ one: 'A.ref', two: 'B.amount' }], 1, P.typeMismatch('text', 'number')],
    [
      'the kinds differ after a transform',
      [KEY, { one: 'A.value_date', op: 'GREATER_THAN', two: 'B.utr|TRIM' }],
      2,
      P.typeMismatch('date', 'text'),
    ],
    [
      'a filter has no value',
      [KEY, { type: 'FILTER', primary: true, one: 'A.channel', two: { value: '  ' } }],
      2,
      P.valueRequired,
    ],
    [
      'a list filter has only commas',
      [KEY, { type: 'FILTER', primary: true, one: 'A.channel', op: 'IN', two: { value: ' , ' } }],
      2,
      P.valueRequired,
    ],
    [
      'a between has one value',
      [KEY, { type: 'FILTER', primary: true, one: 'A.amount', op: 'BETWEEN', two: { value: '100' } }],
      2,
      P.betweenTwoValues,
    ],
    [
      'a number filter has text',
      [KEY, { type: 'FILTER', primary: true, one: 'A.qty', op: 'GREATER_THAN', two: { value: 'ten' } }],
      2,
      P.badNumber('ten'),
    ],
    [
      'an item of a number list is not a number',
      [KEY, { type: 'FILTER', primary: true, one: 'B.amount|ABSOLUTE', op: 'IN', two: { value: '100, 1e3, 2x' } }],
      2,
      P.badNumber('2x'),
    ],
    [
      'a date filter has an impossible date',
      [KEY, { type: 'FILTER', primary: true, one: 'A.value_date', op: 'LESS_THAN', two: { value: '2026-02-30' } }],
      2,
      P.badDate('2026-02-30'),
    ],
    [
      'a date-and-time column is compared with a date in another format',
      [KEY, { type: 'FILTER', primary: true, one: 'A.posted_at', op: 'GREATER_THAN', two: { value: '01/02/2026' } }],
      2,
      P.badDate('01/02/2026'),
    ],
    [
      'a filter has a tolerance',
      [KEY, { type: 'FILTER', primary: true, one: 'A.amount', two: { value: '5' }, tolerance: 1 }],
      2,
      P.toleranceOnFilter,
    ],
    ['a tolerance is negative', [KEY, { one: 'A.amount', two: 'B.amount', tolerance: -0.01 }], 2, P.toleranceNegative],
    [
      'a tolerance goes with another operator',
      [KEY, { one: 'A.amount', op: 'GREATER_THAN', two: 'B.amount', tolerance: 1 }],
      2,
      P.toleranceNeedsEqual,
    ],
    ['a tolerance is on text', [KEY, { one: 'A.narration', two: 'B.utr', tolerance: 1 }], 2, P.toleranceNotFor('text')],
    [
      'a date tolerance is a fraction of a day',
      [KEY, { one: 'A.value_date', two: 'B.txn_date', tolerance: 0.5 }],
      2,
      P.toleranceWholeDays,
    ],
  ])('refuses a rule where %s', async (_label, conditions, sequence, problem) => {
    const res = await post(withConditions(conditions));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(atCondition(sequence, problem));
  });

  it("refuses a data source of another recon as not this recon's", async () => {
    const key = cond(f, KEY);
    const body = ruleBody(f, {
      conditions: [{ ...key, elementSecond: { ...key.elementSecond, dataSourceId: elsewhere.gateway } }],
    });
    expect((await post(body)).json()).toEqual(atCondition(1, P.notInRecon('Element two')));
  });

  it('keeps same-side rules on one data source, filters included', async () => {
    const crossed = await post(withConditions([{ one: 'A.ref', two: 'B.ref' }], 'SAME_SIDE_REVERSAL'));
    expect(crossed.json()).toEqual(atCondition(1, P.sameSideNeeded));
    const filterElsewhere = await post(
      withConditions(
        [
          { one: 'A.ref', two: 'A.ref' },
          { type: 'FILTER', primary: true, one: 'B.utr', op: 'IS_NOT_NULL' },
        ],
        'LATE_REVERSAL',
      ),
    );
    expect(filterElsewhere.json()).toEqual(atCondition(2, P.sameSideNeeded));
  });

  it('numbers the condition as the editor will after ordering: matching, primary, secondary', async () => {
    const res = await post(
      withConditions([
        { type: 'FILTER', one: 'A.narration', op: 'CONTAINS', two: 'B.utr' },
        { type: 'FILTER', primary: true, one: 'A.qty', op: 'EQUAL', two: { value: 'many' } },
        KEY,
      ]),
    );
    // Given second, the primary filter is condition 2 once the matching condition moves first.
    expect(res.json()).toEqual(atCondition(2, P.badNumber('many')));
  });

  it('checks disabled conditions too, and answers only the first problem', async () => {
    const res = await post(
      withConditions([KEY, { one: 'A.amount|TRIM', two: 'B.amount', enabled: false }, { one: 'A.nope', two: 'B.ref' }]),
    );
    expect(res.json()).toEqual(atCondition(2, P.transformNotFor('Trim', 'number')));
  });
});

describe('the rule as a whole', () => {
  const FILTER: C = { type: 'FILTER', primary: true, one: 'A.narration', op: 'CONTAINS', two: { value: 'CHARGES' } };
  it.each<[string, C[], string, string]>([
    ['a knock off matches', [FILTER, KEY], 'KNOCK_OFF', RULE_TEXTS.knockOffNoMatching],
    [
      'a knock off has no enabled filter',
      [{ ...FILTER, enabled: false }],
      'KNOCK_OFF',
      RULE_TEXTS.knockOffNeedsFilters,
    ],
    [
      'a knock off filters both data sources',
      [FILTER, { type: 'FILTER', primary: true, one: 'B.utr', op: 'IS_NULL' }],
      'KNOCK_OFF',
      RULE_TEXTS.knockOffOneSide,
    ],
    ['a rule has only filters', [FILTER], 'RECONCILED', RULE_TEXTS.noMatchingCondition],
    [
      'every matching condition is disabled',
      [{ ...KEY, enabled: false }, FILTER],
      'RECONCILED',
      RULE_TEXTS.noMatchingCondition,
    ],
    [
      'no condition is a join key',
      [{ one: 'A.amount', two: 'B.amount', tolerance: 1 }],
      'RECONCILED',
      RULE_TEXTS.noJoinKey,
    ],
    [
      'a duplicate match rule sums',
      [KEY, { one: 'A.amount', two: 'B.amount|SUM' }],
      'DUPLICATE_MATCH',
      RULE_TEXTS.aggregationNotForType,
    ],
    ['a partial reconciled rule does not aggregate', [KEY], 'PARTIAL_RECONCILED', RULE_TEXTS.partialNeedsAggregation],
  ])('refuses a rule where %s', async (_label, conditions, ruleType, message) => {
    const res = await post(withConditions(conditions, ruleType));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('conditions', message));
  });

  it('refuses a sum beside a condition that is neither a key, an aggregate nor a window', async () => {
    const res = await post(
      withConditions([
        KEY,
        { one: 'A.amount', two: 'B.amount|SUM' },
        { one: 'A.value_date', op: 'GREATER_THAN', two: 'B.txn_date' },
      ]),
    );
    expect(res.json()).toEqual(atCondition(3, P.aggregatedRuleKeys));
  });

  it('refuses a percentage tolerance on dates', async () => {
    const res = await post(
      withConditions([KEY, { one: 'A.value_date', two: 'B.txn_date', tolerance: 2, percent: true }]),
    );
    expect(res.json()).toEqual(atCondition(2, P.percentNotFor('date')));
  });

  it('refuses a sum with a secondary filter', async () => {
    const res = await post(
      withConditions([
        KEY,
        { one: 'A.amount', two: 'B.amount|SUM' },
        { type: 'FILTER', one: 'A.narration', op: 'CONTAINS', two: 'B.utr' },
      ]),
    );
    expect(res.json()).toEqual(atCondition(3, P.secondaryWithAggregation));
  });
});

describe('rules the engine runs', () => {
  // The shapes of packages/recon-engine/test/golden/*/rules.json, on this fixture's columns.
  it.each<[string, string, C[]]>([
    [
      'reference, amount ±0.01, date ±1 day',
      'RECONCILED',
      [
        { one: 'A.ref|TRIM|UPPERCASE', two: 'B.ref|TRIM|UPPERCASE' },
        { one: 'A.amount', two: 'B.amount', tolerance: 0.01 },
        { one: 'A.value_date', two: 'B.txn_date', tolerance: 1 },
      ],
    ],
    ['many-to-one by sum', 'RECONCILED', [KEY, { one: 'A.amount', two: 'B.amount|SUM' }]],
    ['partial within a rupee', 'PARTIAL_RECONCILED', [KEY, { one: 'A.amount|SUM', two: 'B.amount', tolerance: 1 }]],
    [
      'a sum within 0.5 %, every gateway row within 3 days of the bank date',
      'RECONCILED',
      [
        KEY,
        { one: 'A.amount', two: 'B.amount|SUM', tolerance: 0.5, percent: true },
        { one: 'A.value_date', two: 'B.txn_date', tolerance: 3 },
      ],
    ],
    [
      'an average, the latest date within a day, the smallest amount',
      'PROPOSE_MATCH',
      [
        KEY,
        { one: 'A.amount', two: 'B.amount|AVERAGE' },
        { one: 'A.value_date', two: 'B.txn_date|MAX', tolerance: 1 },
        { one: 'A.amount', two: 'B.amount|MIN' },
      ],
    ],
    ['one to one within 1 %', 'RELAX_MATCH', [KEY, { one: 'A.amount', two: 'B.amount', tolerance: 1, percent: true }]],
    [
      'same-side reversal',
      'SAME_SIDE_REVERSAL',
      [
        { one: 'A.ref', two: 'A.ref' },
        { one: 'A.amount', two: 'A.amount|MULTIPLY:-1' },
        { one: 'A.kind', op: 'NOT_EQUAL', two: 'A.kind' },
      ],
    ],
    [
      'late reversal',
      'LATE_REVERSAL',
      [
        { one: 'B.ref', two: 'B.ref' },
        { one: 'B.amount', two: 'B.amount|MULTIPLY:-1' },
      ],
    ],
    ['duplicate match', 'DUPLICATE_MATCH', [KEY, { one: 'A.amount', two: 'B.amount' }]],
    [
      'knock off of bank charges',
      'KNOCK_OFF',
      [{ type: 'FILTER', primary: true, one: 'A.narration', op: 'CONTAINS', two: { value: 'CHARGES' } }],
    ],
    [
      'UPI and NEFT by reference',
      'RECONCILED',
      [KEY, { type: 'FILTER', primary: true, one: 'A.channel', op: 'IN', two: { value: 'UPI,NEFT' } }],
    ],
    [
      'amount and the UTR in the narration',
      'RELAX_MATCH',
      [
        { one: 'A.amount', two: 'B.amount' },
        { type: 'FILTER', one: 'A.narration', op: 'CONTAINS', two: 'B.utr' },
      ],
    ],
    [
      'amount within 2 between two values, a disabled filter ignored',
      'PROPOSE_MATCH',
      [
        KEY,
        { one: 'A.amount', two: 'B.amount', tolerance: 2 },
        { type: 'FILTER', primary: true, one: 'A.channel', two: { value: 'NEFT' }, enabled: false },
        { type: 'FILTER', primary: true, one: 'B.amount', op: 'BETWEEN', two: { value: '400,500' } },
      ],
    ],
    [
      'a text date against a date, a timestamp against a date constant, thousands separators',
      'RECONCILED',
      [
        KEY,
        { one: 'A.value_date', two: 'B.utr|DATE', tolerance: 2 },
        { type: 'FILTER', primary: true, one: 'A.posted_at', op: 'GREATER_THAN_EQUAL', two: { value: '2026-01-01' } },
        { type: 'FILTER', primary: true, one: 'A.amount|ROUND:2', op: 'LESS_THAN', two: { value: '1,00,000.50' } },
      ],
    ],
  ])('accepts %s', async (_label, ruleType, conditions) => {
    const res = await post(withConditions(conditions, ruleType));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('Group by (a side added up by a column the other side lacks)', () => {
  it('saves a rule with a Group by on the summed side and no Equal key, stored without element two', async () => {
    const res = await post(
      withConditions([
        { one: 'A.amount', two: 'B.amount|SUM' },
        { one: 'A.value_date', two: 'B.txn_date', tolerance: 3 },
        { type: 'GROUP_BY', one: 'B.utr|TRIM', two: 'A.ref', tolerance: 2 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().conditions[2];
    expect(saved).toMatchObject({
      sequence: 3,
      ruleConditionType: 'GROUP_BY',
      operator: 'EQUAL',
      elementOne: { columnName: 'utr', transforms: [{ type: 'TRIM' }] },
      elementSecond: { valueType: 'CONSTANT', value: null },
      tolerance: null,
    });
  });

  it.each([
    [
      'on the side that is not added up',
      [
        { one: 'A.amount', two: 'B.amount|SUM' },
        { type: 'GROUP_BY', one: 'A.ref' },
      ] as C[],
      atCondition(2, P.groupByOtherSide),
    ],
    [
      'in a rule without an aggregate',
      [KEY, { type: 'GROUP_BY', one: 'B.utr' }] as C[],
      atCondition(2, P.groupByNeedsAggregate),
    ],
  ])('refuses a Group by %s', async (_label, conditions, answer) => {
    const res = await post(withConditions(conditions));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(answer);
  });
});
