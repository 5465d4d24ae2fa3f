import type { RuleDetail } from '@recon/contract';
import { describe, expect, it } from 'vitest';
import {
  blankCondition,
  type ConditionRow,
  changeRow,
  copyHead,
  elementKind,
  operatorsFor,
  remapSides,
  type Sides,
  switchType,
  toSaveRequest,
  withoutRow,
  withRow,
} from '@/features/rules/condition-rows';

const SIDES: Sides = {
  a: {
    side: 'A',
    dataSourceId: 11,
    name: 'Bank',
    elements: [
      { id: 1, name: 'ref', inputType: 'text', type: 'VARCHAR', active: true, sequence: 1 },
      { id: 2, name: 'amount', inputType: 'number', type: 'DOUBLE', active: true, sequence: 2 },
    ],
  },
  b: {
    side: 'B',
    dataSourceId: 12,
    name: 'Gateway',
    elements: [{ id: 3, name: 'txn_date', inputType: 'date', type: 'DATETIME', active: true, sequence: 1 }],
  },
};

const shape = (rows: readonly ConditionRow[]) =>
  rows.map(
    (r) =>
      `${r.sequence}:${r.ruleConditionType}${r.ruleConditionType === 'FILTER' ? (r.primaryCondition ? '/primary' : '/secondary') : ''}`,
  );

describe('the order of conditions', () => {
  it('puts a new condition in its place and renumbers: matching, primary filters, secondary filters', () => {
    let rows = withRow([], blankCondition('FILTER', SIDES));
    const secondary = { ...blankCondition('FILTER', SIDES), primaryCondition: false };
    rows = withRow(rows, secondary);
    rows = withRow(rows, blankCondition('MATCHING', SIDES));
    expect(shape(rows)).toEqual(['1:MATCHING', '2:FILTER/primary', '3:FILTER/secondary']);
    rows = withRow(rows, blankCondition('MATCHING', SIDES));
    expect(shape(rows)).toEqual(['1:MATCHING', '2:MATCHING', '3:FILTER/primary', '4:FILTER/secondary']);
  });

  it('renumbers after a delete', () => {
    const first = blankCondition('MATCHING', SIDES);
    let rows = withRow(withRow(withRow([], first), blankCondition('MATCHING', SIDES)), blankCondition('FILTER', SIDES));
    rows = withoutRow(rows, first.key);
    expect(shape(rows)).toEqual(['1:MATCHING', '2:FILTER/primary']);
  });

  it('moves a row whose type or primary flag changes, and keeps the others where they are', () => {
    const filter = blankCondition('FILTER', SIDES);
    const matching = blankCondition('MATCHING', SIDES);
    let rows = withRow(withRow([], matching), filter);
    rows = changeRow(rows, filter.key, { ...filter, primaryCondition: false });
    expect(shape(rows)).toEqual(['1:MATCHING', '2:FILTER/secondary']);
    const toMatching = switchType(rows[1] as ConditionRow, 'MATCHING', SIDES);
    rows = changeRow(rows, filter.key, toMatching);
    expect(shape(rows)).toEqual(['1:MATCHING', '2:MATCHING']);
    const edited = changeRow(rows, matching.key, { ...matching, conditionEnable: false });
    expect(edited.map((r) => r.key)).toEqual(rows.map((r) => r.key));
  });
});

describe('new and switched conditions', () => {
  it('starts a matching condition on side A against side B, and against side A for a same-side rule', () => {
    expect(blankCondition('MATCHING', SIDES).elementSecond.dataSourceId).toBe(12);
    expect(blankCondition('MATCHING', SIDES, 'SAME_SIDE_REVERSAL').elementSecond.dataSourceId).toBe(11);
    expect(blankCondition('FILTER', SIDES)).toMatchObject({
      primaryCondition: true,
      elementOne: { valueType: 'COLUMN', dataSourceId: 11 },
      elementSecond: { valueType: 'CONSTANT', value: '' },
    });
  });

  it('clears what a filter does not take when a matching condition becomes one, and back', () => {
    const matching = {
      ...blankCondition('MATCHING', SIDES),
      tolerance: 1,
      elementOne: { ...blankCondition('MATCHING', SIDES).elementOne, aggregation: 'SUM' as const },
    };
    const filter = switchType(matching, 'FILTER', SIDES);
    expect(filter).toMatchObject({ primaryCondition: true, tolerance: null, elementSecond: { valueType: 'CONSTANT' } });
    expect(filter.elementOne.aggregation).toBeNull();
    const back = switchType({ ...filter, operator: 'IN' }, 'MATCHING', SIDES);
    expect(back).toMatchObject({ primaryCondition: false, operator: 'EQUAL', elementSecond: { dataSourceId: 12 } });
  });

  it('offers list operators only against values', () => {
    const filter = blankCondition('FILTER', SIDES);
    expect(operatorsFor(filter)).toContain('IN');
    const againstColumn = { ...filter, elementSecond: blankCondition('MATCHING', SIDES).elementSecond };
    expect(operatorsFor(againstColumn)).not.toContain('IN');
    expect(operatorsFor(blankCondition('MATCHING', SIDES))).not.toContain('IS_NULL');
  });
});

describe('element kinds', () => {
  const el = (
    dataSourceId: number,
    columnName: string,
    transforms: { type: 'DATE' | 'TRIM'; argument: null }[] = [],
  ) => ({
    valueType: 'COLUMN' as const,
    dataSourceId,
    columnName,
    transforms,
  });
  it('follows the column type and the transforms', () => {
    expect(elementKind(el(11, 'amount'), SIDES)).toBe('number');
    expect(elementKind(el(12, 'txn_date'), SIDES)).toBe('date');
    expect(elementKind(el(11, 'ref', [{ type: 'DATE', argument: null }]), SIDES)).toBe('date');
    expect(elementKind(el(11, 'amount', [{ type: 'TRIM', argument: null }]), SIDES)).toBeNull();
    expect(elementKind(el(11, 'nope'), SIDES)).toBeNull();
  });
});

describe('the save request', () => {
  it('sends the head trimmed and the conditions ordered, numbered and without editor keys', () => {
    const filter = {
      ...blankCondition('FILTER', SIDES),
      elementOne: { ...blankCondition('FILTER', SIDES).elementOne, columnName: 'ref' },
    };
    const matching = blankCondition('MATCHING', SIDES);
    const request = toSaveRequest(
      { name: '  Exact ', description: ' d ', reconId: 5, ruleType: 'RECONCILED', enabled: true },
      [filter, matching],
      9,
    );
    expect(request).toMatchObject({ id: 9, name: 'Exact', description: 'd', reconId: 5, ruleType: 'RECONCILED' });
    expect(request.conditions.map((c) => [c.sequence, c.ruleConditionType])).toEqual([
      [1, 'MATCHING'],
      [2, 'FILTER'],
    ]);
    expect(request.conditions[0]).not.toHaveProperty('key');
    expect(request.conditions[1]?.elementOne.columnName).toBe('ref');
  });

  it('moves the elements to the new sides when the recon changes', () => {
    const rows = [blankCondition('MATCHING', SIDES)];
    const other: Sides = {
      a: { ...(SIDES.a as NonNullable<Sides['a']>), dataSourceId: 21 },
      b: { ...(SIDES.b as NonNullable<Sides['b']>), dataSourceId: 22 },
    };
    const [moved] = remapSides(rows, SIDES, other);
    expect([moved?.elementOne.dataSourceId, moved?.elementSecond.dataSourceId]).toEqual([21, 22]);
  });

  it('names a copy "Copy of …"', () => {
    const detail = { name: 'Exact', description: '', reconId: 5, ruleType: 'RECONCILED', enabled: false } as RuleDetail;
    expect(copyHead(detail)).toEqual({
      name: 'Copy of Exact',
      description: '',
      reconId: 5,
      ruleType: 'RECONCILED',
      enabled: false,
    });
  });
});
