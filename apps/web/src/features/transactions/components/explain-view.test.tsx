import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExplainView } from '@/features/transactions/components/explain-view';
import { RECON } from '@/features/transactions/testing/fixtures';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
beforeEach(() => signIn({}, 1));
afterEach(() => mock.reset());

const key = (valueOne: string, valueTwo: string) => ({
  sequence: 1,
  ruleConditionType: 'MATCHING',
  text: 'A.reference = B.utr',
  valueOne,
  valueTwo,
  holds: valueOne === valueTwo,
});
const total = (groupValue: string, rowValue: string, difference: string) => ({
  sequence: 2,
  text: 'A.amount = B.net_amount |Sum',
  aggregation: 'SUM',
  columnName: 'net_amount',
  groupValue,
  rowValue,
  difference,
  holds: difference === '0.0000',
});
const member = (rowId: number, status: string, value: string) => ({
  rowId,
  status,
  values: [value],
  row: { utr: 'UTR1', net_amount: value },
});
const group = (over: Record<string, unknown>) => ({
  dataSourceId: 12,
  rowCount: 2,
  counterpart: { dataSourceId: 11, rowId: 202, rowCount: 1 },
  held: 2,
  total: 2,
  ...over,
});

function renderExplain() {
  return renderRoute(
    <WithModule>
      <ExplainView recon={RECON} dataSourceId={11} rowId={202} />
    </WithModule>,
  );
}

describe('ExplainView for rules with Sum or Average', () => {
  it('shows a matched row its group total, its own amount and the difference, as money', async () => {
    mock.onGet('/v2/transactions/explain').reply(200, {
      dataSourceId: 11,
      rowId: 202,
      status: 'RECONCILED',
      matchId: 901,
      row: {},
      matchedBy: { ruleId: 3, name: 'Settlement total', runId: 2, reason: null },
      counterparts: [],
      group: group({
        members: [member(301, 'RECONCILED', '125000.5000'), member(302, 'RECONCILED', '4999.4800')],
        keys: [key('UTR1', 'UTR1')],
        totals: [total('129999.9800', '130000.0000', '-0.0200')],
      }),
      rules: [],
    });
    renderExplain();

    const card = (await screen.findByText('Group', {}, { timeout: 10_000 })).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Group total')).toBeTruthy();
    expect(within(card).getByText('This row')).toBeTruthy();
    expect(within(card).getByText('Difference')).toBeTruthy();
    expect(within(card).getByText('₹1,29,999.98')).toBeTruthy();
    expect(within(card).getByText('₹1,30,000.00')).toBeTruthy();
    expect(within(card).getByText('-₹0.02')).toBeTruthy();
    // The rows added up, each with its amount.
    expect(within(card).getByText('2 rows of B · Gateway Settlement added up:')).toBeTruthy();
    expect(within(card).getByText('₹1,25,000.50')).toBeTruthy();
    expect(within(card).getByText('₹4,999.48')).toBeTruthy();
  });

  it('lists the nearest candidate groups of an open row with their totals and what failed', async () => {
    mock.onGet('/v2/transactions/explain').reply(200, {
      dataSourceId: 11,
      rowId: 202,
      status: 'UNRECONCILED',
      matchId: null,
      row: {},
      matchedBy: null,
      counterparts: [],
      rules: [
        {
          ruleId: 3,
          name: 'Settlement total',
          ruleType: 'RECONCILED',
          excludedBy: null,
          candidates: [],
          groups: [
            group({
              held: 1,
              members: [member(305, 'UNRECONCILED', '60.0000'), member(306, 'UNRECONCILED', '40.1000')],
              keys: [key('UTR1', 'UTR1')],
              totals: [total('100.1000', '100.0000', '0.1000')],
            }),
            group({
              rowCount: 1,
              held: 1,
              members: [member(307, 'UNRECONCILED', '100.0000')],
              keys: [key('UTR1', 'UTR9')],
              totals: [total('100.0000', '100.0000', '0.0000')],
            }),
          ],
        },
      ],
    });
    renderExplain();

    expect(await screen.findByText('Group of 2 rows', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Group of 1 row')).toBeTruthy();
    // The nearest group is open: its totals and the verdict of the amount.
    expect(screen.getByText('₹100.10')).toBeTruthy();
    expect(screen.getByText('₹0.10')).toBeTruthy();
    expect(screen.getAllByText('1 of 2 conditions hold')).toHaveLength(2);
    // The other group's settlement is in its title; opened, its key comparison shows it against this row's.
    expect(screen.getAllByText('UTR9')).toHaveLength(1);
    await userEvent.click(screen.getByText('Group of 1 row'));
    expect(await screen.findAllByText('UTR9')).toHaveLength(2);
  });
});

describe('ExplainView in finance words', () => {
  it("names the tabs' columns, formats money and dates and gives tolerances their units", async () => {
    const condition = (sequence: number, text: string, valueOne: string, valueTwo: string, holds: boolean) => ({
      sequence,
      ruleConditionType: 'MATCHING',
      text,
      valueOne,
      valueTwo,
      holds,
    });
    mock.onGet('/v2/transactions/explain').reply(200, {
      dataSourceId: 11,
      rowId: 202,
      status: 'UNRECONCILED',
      matchId: null,
      row: {},
      matchedBy: null,
      counterparts: [],
      rules: [
        {
          ruleId: 3,
          name: 'Reference, amount and date',
          ruleType: 'RECONCILED',
          excludedBy: null,
          groups: undefined,
          candidates: [
            {
              dataSourceId: 12,
              rowId: 305,
              status: 'UNRECONCILED',
              held: 2,
              total: 3,
              row: {},
              conditions: [
                condition(1, 'A.reference |Trim = B.utr', 'UTR1', 'UTR1', true),
                condition(2, 'A.amount = B.net_amount (± 0.01)', '125000.5000', '125000.5100', true),
                condition(3, 'A.value_date = B.settlement_date (± 1)', '2026-03-01', '2026-03-04', false),
              ],
            },
          ],
        },
      ],
    });
    renderExplain();

    expect(await screen.findByText('Reference (A) |Trim = UTR (B)', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Amount (A) = Net Amount (B) ± ₹0.01')).toBeTruthy();
    expect(screen.getByText('₹1,25,000.50')).toBeTruthy();
    expect(screen.getByText('₹1,25,000.51')).toBeTruthy();
    expect(screen.getByText('Value Date (A) = Settlement Date (B) ± 1 day')).toBeTruthy();
    expect(screen.getByText('01-03-2026')).toBeTruthy();
    expect(screen.queryByText(/A\.amount/)).toBeNull();
  });
});
