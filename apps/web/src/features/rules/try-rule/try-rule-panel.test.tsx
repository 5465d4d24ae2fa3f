import type { RuleCondition } from '@recon/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConditionRow, RuleHead, Sides } from '@/features/rules/condition-rows';
import { ELEMENTS_A, ELEMENTS_B, RECON, SIDE_A, SIDE_B } from '@/features/rules/testing/fixtures';
import { TryRulePanel } from '@/features/rules/try-rule/try-rule-panel';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute } from '@/testing/render';

configure({ asyncUtilTimeout: 15_000 });

const mock = new MockAdapter(http);
beforeEach(() => signIn({}, 1));
afterEach(() => mock.reset());

const SIDES: Sides = {
  a: { side: 'A', dataSourceId: SIDE_A.id, name: SIDE_A.name, elements: ELEMENTS_A },
  b: { side: 'B', dataSourceId: SIDE_B.id, name: SIDE_B.name, elements: ELEMENTS_B },
};
const column = (
  dataSourceId: number,
  columnName: string,
  aggregation: RuleCondition['elementOne']['aggregation'] = null,
) => ({
  valueType: 'COLUMN' as const,
  dataSourceId,
  columnName,
  value: null,
  transforms: [],
  aggregation,
});
const matching = (key: string, one: string, two: string, extra: Partial<RuleCondition> = {}): ConditionRow => ({
  key,
  sequence: 1,
  ruleConditionType: 'MATCHING',
  conditionJointType: 'AND',
  primaryCondition: false,
  conditionEnable: true,
  elementOne: column(SIDE_A.id, one),
  operator: 'EQUAL',
  elementSecond: column(SIDE_B.id, two, extra.elementSecond?.aggregation ?? null),
  tolerance: null,
  ...extra,
});
const SUM_RULE = [
  matching('k1', 'reference', 'order_id'),
  matching('k2', 'amount', 'gross_amount', { sequence: 2, elementSecond: column(SIDE_B.id, 'gross_amount', 'SUM') }),
];

const transactionRow = (id: number, values: Record<string, string>) => ({
  id,
  status: 'UNRECONCILED',
  matchId: null,
  ruleId: null,
  ruleName: null,
  closedBy: null,
  closedByUser: null,
  reconciledAt: null,
  reason: null,
  fileId: 1,
  fileName: 'f.csv',
  loadedAt: '2026-11-21T10:00:00Z',
  values,
});
const page = (data: unknown[]) => ({
  draw: 1,
  recordsTotal: data.length,
  recordsFiltered: data.length,
  data,
  dateColumn: '_loaded_at',
  fromDate: null,
  toDate: null,
  latestDate: null,
  isCountCapped: false,
});

function Harness({ rows }: { rows: ConditionRow[] }) {
  const [form] = Form.useForm<RuleHead>();
  return (
    <Form form={form} initialValues={{ reconId: RECON.id, ruleType: 'RECONCILED', name: '', enabled: true }}>
      <Form.Item name="reconId" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="ruleType" hidden>
        <Input />
      </Form.Item>
      <TryRulePanel form={form} rows={rows} sides={SIDES} />
    </Form>
  );
}

async function openAndPick() {
  mock
    .onGet('/v2/transactions')
    .reply((config) =>
      config.params.dataSourceId === SIDE_A.id
        ? [200, page([transactionRow(1, { reference: 'ORD-1', amount: '1000.1000' })])]
        : [
            200,
            page([
              transactionRow(7, { order_id: 'ORD-1', gross_amount: '500.0000' }),
              transactionRow(8, { order_id: 'ORD-1', gross_amount: '500.0500' }),
            ]),
          ],
    );
  await userEvent.click(await screen.findByText('Try this rule'));
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Pick row 1 of side A' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Pick row 7 of side B' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Pick row 8 of side B' }));
  expect(screen.getByText('2 of 20 picked')).toBeTruthy();
  // The rows to pick show amounts as the app writes them, not the stored "1000.1000".
  expect(screen.getByText('1,000.10')).toBeTruthy();
  expect(screen.getByText('500.05')).toBeTruthy();
}

const render = (rows: ConditionRow[]) =>
  renderRoute(
    <WithModule>
      <Harness rows={rows} />
    </WithModule>,
  );

describe('Try this rule', { timeout: 60_000 }, () => {
  it('tries the rule as edited on the picked rows and shows values, the group total and each verdict', async () => {
    mock.onPost('/v2/rules/try').reply(200, {
      aggregatedSides: ['B'],
      sameSide: null,
      conditions: [
        {
          sequence: 1,
          ruleConditionType: 'MATCHING',
          primaryCondition: false,
          text: 'A.reference = B.order_id',
          elementOne: { side: 'A', text: 'A.reference', values: [{ rowId: 1, value: 'ORD-1' }] },
          elementSecond: {
            side: 'B',
            text: 'B.order_id',
            values: [
              { rowId: 7, value: 'ORD-1' },
              { rowId: 8, value: 'ORD-1' },
            ],
          },
        },
      ],
      rows: [
        { side: 'A', dataSourceId: 11, rowId: 1, status: 'UNRECONCILED', isOpen: true, filters: [], values: {} },
        { side: 'B', dataSourceId: 12, rowId: 7, status: 'UNRECONCILED', isOpen: true, filters: [], values: {} },
        { side: 'B', dataSourceId: 12, rowId: 8, status: 'RECONCILED', isOpen: false, filters: [], values: {} },
      ],
      pairs: [
        {
          first: { side: 'A', rowIds: [1] },
          second: { side: 'B', rowIds: [7, 8] },
          verdicts: [
            { sequence: 1, holds: true, valueOne: 'ORD-1', valueTwo: 'ORD-1', difference: null },
            { sequence: 2, holds: false, valueOne: '1000.1000', valueTwo: '1000.0500', difference: '-0.0500' },
          ],
          held: 1,
          total: 2,
        },
      ],
      missing: { A: [], B: [] },
    });
    render(SUM_RULE);
    await openAndPick();
    await userEvent.click(screen.getByRole('button', { name: /Try on the picked rows/ }));

    expect(await screen.findByText('B group of 2 rows (7, 8)')).toBeTruthy();
    const sent = JSON.parse(mock.history.post?.[0]?.data as string);
    expect(sent).toMatchObject({ reconId: RECON.id, rowIdsA: [1], rowIdsB: [7, 8], rule: { ruleType: 'RECONCILED' } });
    expect(sent.rule.conditions.map((c: RuleCondition) => [c.sequence, c.elementSecond.aggregation])).toEqual([
      [1, null],
      [2, 'SUM'],
    ]);
    expect(screen.getByText('The rows picked on side B are added up as one group.')).toBeTruthy();
    expect(screen.getByText('difference -0.0500')).toBeTruthy();
    expect(screen.getByText('1 of 2 hold')).toBeTruthy();
    expect(screen.getByText('not open: a run skips it')).toBeTruthy();
    const values = screen
      .getByText('Side B: the value of each element on each row')
      .closest('.ant-table') as HTMLElement;
    expect(within(values).getAllByText('ORD-1')).toHaveLength(2);
  });

  it('shows the problem a save would refuse without asking the server', async () => {
    render([matching('k1', 'reference', 'order_id', { tolerance: 1 })]);
    await openAndPick();
    await userEvent.click(screen.getByRole('button', { name: /Try on the picked rows/ }));
    expect(
      await screen.findByText('Condition 1: a tolerance applies to amounts and dates, not text values'),
    ).toBeTruthy();
    expect(mock.history.post ?? []).toHaveLength(0);
  });

  it("shows the server's refusal in place", async () => {
    mock.onPost('/v2/rules/try').reply(400, {
      message: 'Pick at most 20 rows a side',
      errors: [{ field: 'rowIdsA', defaultMessage: 'Pick at most 20 rows a side' }],
    });
    render(SUM_RULE);
    await openAndPick();
    await userEvent.click(screen.getByRole('button', { name: /Try on the picked rows/ }));
    await waitFor(() => expect(screen.getByText('Pick at most 20 rows a side')).toBeTruthy());
  });
});
