import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import GlobalSearchPage from '@/features/transactions/global-search-page';
import MappedRowPage from '@/features/transactions/mapped-row-page';
import ReconMappingPage from '@/features/transactions/recon-mapping-page';
import {
  groupRow,
  MATCHED_ROWS,
  OPEN_ROWS,
  RECON,
  type Routes,
  routeTransactions,
  row,
} from '@/features/transactions/testing/fixtures';

const reply = (status: number, body: unknown): [number, unknown] => [status, body];

import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
const CODES = ['globalSearch', 'viewMappedRow', 'viewMapping', 'allTransactions'];

let routes: Routes = {};
beforeEach(() => {
  signIn({}, 1);
  routes = {};
  routeTransactions(mock, routes);
});
afterEach(() => {
  mock.reset();
  localStorage.clear();
});

function render(element: React.ReactElement, path: string, initialEntry = path) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={CODES}>{element}</WithAccess>
    </WithModule>,
    { path, initialEntry },
  );
}
const calls = (find: string) =>
  (mock.history.get ?? []).filter((r) => r.url === '/v2/transactions' && r.params?.Find === find);

describe('global search', { timeout: 60_000 }, () => {
  it('finds a reference in every data source and says where and in which state', async () => {
    routes.GlobalSearch = () =>
      reply(200, {
        data: [
          {
            ...groupRow(MATCHED_ROWS[1] as never, 'A'),
            reconId: 4,
            reconName: RECON.name,
            matchedColumns: ['reference'],
          },
        ],
        cappedDataSourceIds: [11],
      });
    render(<GlobalSearchPage />, '/transactions/global-search');

    await userEvent.type(screen.getByLabelText('Reference'), 'BN{Enter}');
    expect(await screen.findByText('Type at least 3 characters', {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls('GlobalSearch')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Reference'), 'K00002{Enter}');
    const hit = (await screen.findByText('BNK0000202', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    expect(within(hit).getByText('A · Bank Statement')).toBeTruthy();
    expect(within(hit).getByText('Reconciled')).toBeTruthy();
    expect(within(hit).getByText('₹100.00')).toBeTruthy();
    expect(screen.getByText(/Only the first 20 rows are shown for: Bank Statement/)).toBeTruthy();
  });

  it("opens a hit on its recon tab with the row named in the address, or on All without the tab's privilege", async () => {
    const hit = {
      ...groupRow(MATCHED_ROWS[1] as never, 'A'),
      reconId: 4,
      reconName: RECON.name,
      matchedColumns: ['reference'],
    };
    routes.GlobalSearch = () => reply(200, { data: [hit], cappedDataSourceIds: [] });
    const withTab = renderRoute(
      <WithModule>
        <WithAccess codes={[...CODES, 'reconciledTransaction']}>
          <GlobalSearchPage />
        </WithAccess>
      </WithModule>,
      { path: '/transactions/global-search', initialEntry: '/transactions/global-search?value=BNK0000202' },
    );
    await userEvent.click(await screen.findByText('BNK0000202', {}, { timeout: 10_000 }));
    expect((await screen.findByTestId('current-path')).textContent).toBe(
      '/transactions/recon/reconciled?reconId=4&dataSourceId=11&rowId=202',
    );
    withTab.unmount();

    render(<GlobalSearchPage />, '/transactions/global-search', '/transactions/global-search?value=BNK0000202');
    await userEvent.click(await screen.findByText('BNK0000202', {}, { timeout: 10_000 }));
    expect((await screen.findByTestId('current-path')).textContent).toBe(
      '/transactions/recon/all?reconId=4&dataSourceId=11&rowId=202',
    );
  });
});

describe('recon mapping', { timeout: 60_000 }, () => {
  it("pairs side A's columns with side B's and says how each rule compares them, transform arguments included", async () => {
    routes.ReconMapping = () =>
      reply(200, {
        reconId: 4,
        reconName: RECON.name,
        sideA: { id: 11, name: 'Bank Statement' },
        sideB: { id: 12, name: 'Gateway Settlement' },
        data: [
          {
            columnA: 'value_date',
            columnB: 'settlement_date',
            rules: [
              {
                ruleId: 5,
                ruleName: 'Credited a day late',
                ruleType: 'PROPOSE_MATCH',
                enabled: true,
                ruleSequence: 5,
                conditionSequence: 3,
                operator: 'EQUAL',
                tolerance: 1,
                a: { dataSourceId: 11, column: 'value_date', transforms: [], aggregation: null },
                b: { dataSourceId: 12, column: 'settlement_date', transforms: [], aggregation: null },
              },
            ],
          },
          {
            columnA: 'reference',
            columnB: 'utr',
            rules: [
              {
                ruleId: 3,
                ruleName: 'UTR and amount',
                ruleType: 'RECONCILED',
                enabled: false,
                ruleSequence: 3,
                conditionSequence: 1,
                operator: 'EQUAL',
                tolerance: null,
                a: {
                  dataSourceId: 11,
                  column: 'reference',
                  transforms: [{ type: 'TRIM', argument: null }],
                  aggregation: null,
                },
                b: {
                  dataSourceId: 12,
                  column: 'utr',
                  transforms: [
                    { type: 'REGEX_EXTRACT', argument: null, args: { pattern: 'NEFT-([A-Z0-9]+)-', group: 1 } },
                    { type: 'TRIM', argument: null },
                  ],
                  aggregation: null,
                },
              },
            ],
          },
        ],
      });
    render(<ReconMappingPage />, '/transactions/recon-mapping');

    const dates = (await screen.findByText('Value Date', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    expect(within(dates).getByText('Settlement Date')).toBeTruthy();
    expect(within(dates).getByText('Equal ± 1 day')).toBeTruthy();
    const reference = screen.getByText('Reference').closest('tr') as HTMLElement;
    expect(within(reference).getByText('3. UTR and amount (disabled)')).toBeTruthy();
    // A transform's arguments are shown with their names: the pattern an extract uses is read, not guessed.
    expect(
      within(reference).getByText('Trim · Equal · Extract (pattern: NEFT-([A-Z0-9]+)-, group: 1) → Trim'),
    ).toBeTruthy();
  });
});

describe('mapped row', { timeout: 60_000 }, () => {
  it('shows the row of the address with its group side by side', async () => {
    const b = row(
      301,
      { utr: 'UTR301', settlement_date: '2026-10-02', net_amount: '100.0000' },
      { status: 'RECONCILED', matchId: 901 },
    );
    routes.MappedRow = () =>
      reply(200, {
        row: groupRow(MATCHED_ROWS[1] as never, 'A'),
        group: { matchId: 901, reconId: 4, rows: [groupRow(MATCHED_ROWS[1] as never, 'A'), groupRow(b, 'B')] },
      });
    mock.onGet('/v2/transactions/explain').reply(404, [{ message: 'Resource not found', code: 'NOT_FOUND' }]);
    render(
      <MappedRowPage />,
      '/transactions/mapped-row',
      '/transactions/mapped-row?reconId=4&dataSourceId=11&rowId=202',
    );

    expect(await screen.findByText('Side B · Gateway Settlement (1 row)', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('UTR301')).toBeTruthy();
    expect(screen.getByText('BNK0000202')).toBeTruthy();
  });

  it('asks for a row, then shows an open row alone', async () => {
    routes.MappedRow = () =>
      reply(200, {
        row: groupRow(OPEN_ROWS[0] as never, 'A'),
        group: null,
      });
    render(<MappedRowPage />, '/transactions/mapped-row');
    expect(await screen.findByText(/Choose a recon, a side and a row ID/, {}, { timeout: 10_000 })).toBeTruthy();

    await waitFor(() => expect(screen.getByText('A · Bank Statement')).toBeTruthy(), { timeout: 10_000 });
    await userEvent.type(screen.getByLabelText('Row ID'), '101');
    await userEvent.click(screen.getByText('Show'));

    expect(
      await screen.findByText('This row is not matched with any other row.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('BNK0000101')).toBeTruthy();
  });

  it('says when the row is not there', async () => {
    routes.MappedRow = () => reply(404, [{ message: 'Transaction not found', code: 'NOT_FOUND' }]);
    render(
      <MappedRowPage />,
      '/transactions/mapped-row',
      '/transactions/mapped-row?reconId=4&dataSourceId=11&rowId=999',
    );
    expect(await screen.findByText('There is no such row in this recon side.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
