import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionsTabView } from '@/features/transactions/components/transactions-tab-view';
import {
  MATCHED_ROWS,
  OPEN_ROWS,
  page,
  type Routes,
  routeTransactions,
  row,
} from '@/features/transactions/testing/fixtures';
import { readTabMemory, writePeriodMemory, writeTabMemory } from '@/features/transactions/transactions-cache';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
const ALL_CODES = [
  'allTransactions',
  'reconciledTransaction',
  'unReconciledTransaction',
  'reversal',
  'knockOff',
  'reconDuplicate',
  'viewMappedRow',
  'viewMapping',
];

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

type Tab = Parameters<typeof TransactionsTabView>[0]['tab'];
function renderTab(tab: Tab, codes = ALL_CODES) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <TransactionsTabView tab={tab} />
      </WithAccess>
    </WithModule>,
    { path: `/transactions/recon/${tab}` },
  );
}

const rowCalls = () =>
  (mock.history.get ?? []).filter((r) => r.url === '/v2/transactions' && r.params?.Find === 'ByTab');
const lastParams = () => rowCalls().at(-1)?.params as Record<string, unknown>;
// The rows wait for the recon and its period (one more call): a cold first render on a loaded machine takes seconds.
const rowOf = async (text: string) =>
  (await screen.findByText(text, {}, { timeout: 20_000 })).closest('tr') as HTMLElement;

// Each test drives a whole page of Ant Design tables through real events: seconds each on a loaded machine.
describe('a transactions tab', { timeout: 60_000 }, () => {
  it("shows the first recon's side A over the last 15 days on its first date column, in the module formats", async () => {
    routes.ByTab = () => [200, page(MATCHED_ROWS)];
    renderTab('reconciled');

    const proposed = await rowOf('BNK0000201');
    expect(within(proposed).getByText('Proposed match')).toBeTruthy();
    expect(within(proposed).getByText('₹26,455.50')).toBeTruthy();
    expect(within(proposed).getByText('03-10-2026')).toBeTruthy();
    expect(within(proposed).getByText('Credited a day late')).toBeTruthy();
    expect(lastParams()).toMatchObject({
      tab: 'reconciled',
      reconId: 4,
      dataSourceId: 11,
      dateColumn: 'value_date',
      fromDate: dayjs().subtract(15, 'day').format('YYYY-MM-DD'),
      toDate: dayjs().format('YYYY-MM-DD'),
      start: 0,
    });
    // An inactive element (balance) is hidden at first.
    expect(screen.queryByText('Balance')).toBeNull();
  });

  it('reads side B when its tab is chosen, and remembers it for the tab', async () => {
    routes.ByTab = () => [200, page([])];
    renderTab('all');
    await waitFor(() => expect(lastParams()).toMatchObject({ dataSourceId: 11 }), { timeout: 10_000 });

    await userEvent.click(screen.getByText('B · Gateway Settlement'));

    await waitFor(() => expect(lastParams()).toMatchObject({ dataSourceId: 12, dateColumn: 'settlement_date' }), {
      timeout: 5000,
    });
    expect(readTabMemory(1, 'all').dataSourceId).toBe(12);
  });

  it('filters a column with an operator on the server, shows the filter and remembers it', async () => {
    routes.ByTab = () => [200, page(OPEN_ROWS)];
    renderTab('unreconciled');
    await rowOf('BNK0000101');
    const header = screen.getAllByRole('columnheader').find((h) => h.textContent?.includes('Amount'));
    if (!header) throw new Error('Amount column expected');

    await userEvent.click(within(header).getByRole('button'));
    const operator = await screen.findByRole('combobox', { name: 'Operator' }, { timeout: 10_000 });
    const dropdown = operator.closest('.ant-dropdown') as HTMLElement;
    await userEvent.click(operator);
    await userEvent.click(await screen.findByTitle('Greater than', {}, { timeout: 10_000 }));
    await userEvent.type(within(dropdown).getByRole('textbox', { name: 'Value' }), '1000{Enter}');

    await waitFor(
      () =>
        expect(lastParams()).toMatchObject({
          'columns[0][data]': 'amount',
          'columns[0][search][type]': 'GREATER_THAN',
          'columns[0][search][value]': '1000',
        }),
      { timeout: 10_000 },
    );
    expect(screen.getByText('Amount greater than 1000')).toBeTruthy();
    expect(readTabMemory(1, 'unreconciled').filters).toEqual({ amount: { operator: 'GREATER_THAN', value: '1000' } });
  });

  it('starts from the filters remembered for the module and tab', async () => {
    // The section's period (one for every tab), a custom range chosen earlier in the module.
    writePeriodMemory(1, { preset: 'custom', from: '2026-09-01', to: '2026-09-30' });
    writeTabMemory(1, 'reconciled', {
      dataSourceId: 12,
      statuses: ['PROPOSE_MATCH'],
      filters: { utr: { operator: 'STARTS_WITH', value: '2245' } },
    });
    routes.ByTab = () => [200, page([])];
    renderTab('reconciled');

    await waitFor(
      () =>
        expect(lastParams()).toMatchObject({
          dataSourceId: 12,
          fromDate: '2026-09-01',
          toDate: '2026-09-30',
          status: 'PROPOSE_MATCH',
          'columns[0][data]': 'utr',
          'columns[0][search][type]': 'STARTS_WITH',
        }),
      { timeout: 10_000 },
    );
    expect(screen.getByText('UTR starts with 2245')).toBeTruthy();
  });

  it('exports exactly the view listed: recon, side, range, statuses, filters, order and the columns shown', async () => {
    // The section's period (one for every tab), a custom range chosen earlier in the module.
    writePeriodMemory(1, { preset: 'custom', from: '2026-09-01', to: '2026-09-30' });
    writeTabMemory(1, 'reconciled', {
      dataSourceId: 12,
      statuses: ['PROPOSE_MATCH', 'RELAX_MATCH'],
      filters: { utr: { operator: 'STARTS_WITH', value: '2245' } },
    });
    routes.ByTab = () => [
      200,
      page([
        row(
          301,
          { utr: '2245001', settlement_date: '2026-09-03', net_amount: '100.0000' },
          { status: 'PROPOSE_MATCH', matchId: 900 },
        ),
      ]),
    ];
    mock.onPost('/v2/dashletdownloads').reply(202, {
      id: 5,
      fileName: 'x.csv',
      reportType: 'TRANSACTIONS',
      format: 'CSV',
      scope: 'CUSTOM_COLUMNS',
      status: 'SUBMITTED',
      requestedOn: '2026-11-21T10:00:00.000Z',
      requestedBy: 'operator',
      finishedOn: null,
      rowCount: null,
      size: null,
      error: null,
    });
    renderTab('reconciled', [...ALL_CODES, 'viewRecons']);
    await rowOf('2245001');
    const header = screen.getAllByRole('columnheader').find((h) => h.textContent?.includes('Net Amount'));
    if (!header) throw new Error('Net Amount column expected');
    await userEvent.click(header);
    await waitFor(() => expect(lastParams()).toMatchObject({ 'order[0][dir]': 'asc' }), { timeout: 10_000 });
    const listed = lastParams();

    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await userEvent.click(await screen.findByText('Choose columns', {}, { timeout: 10_000 }));
    // Choosing columns starts from the ones the table shows, in its order.
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTitle('Status')).toBeTruthy();
    expect(within(dialog).getByTitle('Net Amount')).toBeTruthy();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Export' }).at(-1) as HTMLElement);

    await waitFor(() => expect(mock.history.post).toHaveLength(1), { timeout: 10_000 });
    const body = JSON.parse(mock.history.post?.[0]?.data);
    const { start: _s, length: _l, draw: _d, Find: _f, count: _c, ...view } = listed;
    expect(body.view).toEqual(
      Object.fromEntries(Object.entries(view).flatMap(([k, v]) => (v === '' ? [] : [[k, String(v)]]))),
    );
    expect(body.view).toMatchObject({
      tab: 'reconciled',
      dataSourceId: '12',
      fromDate: '2026-09-01',
      toDate: '2026-09-30',
      status: 'PROPOSE_MATCH,RELAX_MATCH',
      'columns[0][data]': 'utr',
      'columns[0][search][type]': 'STARTS_WITH',
      'columns[0][search][value]': '2245',
      'columns[1][data]': 'net_amount',
      'order[0][column]': '1',
      'order[0][dir]': 'asc',
    });
    expect(body.scope).toBe('CUSTOM_COLUMNS');
    // In the table's order: reference, date and amount first, then the status.
    expect(body.columns.slice(0, 4)).toEqual(['utr', 'settlement_date', 'net_amount', '_status']);
    expect(body.columns).not.toContain('_loaded_at');
  });

  it('offers no export to a person who may not download transactions', async () => {
    routes.ByTab = () => [200, page(OPEN_ROWS)];
    renderTab('unreconciled');
    await rowOf('BNK0000101');
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });

  it('asks the exact counts after a page whose counts were capped', async () => {
    routes.ByTab = () => [200, page(OPEN_ROWS, { recordsTotal: 10_001, recordsFiltered: 10_001, isCountCapped: true })];
    routes.ByTabCount = () => [200, { recordsTotal: 250_004, recordsFiltered: 250_004 }];
    renderTab('unreconciled');

    expect(await screen.findByText('1-50 of 250004 items', {}, { timeout: 10_000 })).toBeTruthy();
    const count = (mock.history.get ?? []).find((r) => r.params?.Find === 'ByTabCount');
    expect(count?.params).toMatchObject({ tab: 'unreconciled', reconId: 4, dataSourceId: 11, start: 0 });
    expect(lastParams()).toMatchObject({ count: 'capped' });
  });

  it('offers the days up to the latest date when the range holds nothing', async () => {
    routes.ByTab = () => [200, page([], { latestDate: '2026-10-31' })];
    renderTab('all');

    await userEvent.click(await screen.findByText('Show the days up to 31-10-2026', {}, { timeout: 10_000 }));

    await waitFor(() => expect(lastParams()).toMatchObject({ fromDate: '2026-10-16', toDate: '2026-10-31' }), {
      timeout: 5000,
    });
  });

  it('knocks off the selected open rows with the reason asked for', async () => {
    routes.ByTab = () => [200, page(OPEN_ROWS)];
    mock
      .onPut('/v2/transactions')
      .reply(200, { operation: 'KnockOff', runId: 9, rows: 2, matchIds: [], message: 'Rows knocked off' });
    renderTab('unreconciled');
    await userEvent.click(within(await rowOf('BNK0000101')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('BNK0000102')).getByRole('checkbox'));
    expect(screen.getByText('2 rows selected · Amount ₹1,750.25')).toBeTruthy();
    // Nothing of the unreconciled tab can be unmatched.
    expect(screen.queryByText('Unmatch')).toBeNull();

    await userEvent.click(screen.getByText('Knock off'));
    const dialog = (
      await screen.findByText('Knock off 2 rows', { selector: '.ant-modal-title' }, { timeout: 10_000 })
    ).closest('.ant-modal') as HTMLElement;
    // The dialog repeats what closes: the recon and tab, the side, the count, the total and the references.
    expect(within(dialog).getByText('Bank vs Gateway Settlement › Unreconciled')).toBeTruthy();
    expect(within(dialog).getByText('A · Bank Statement')).toBeTruthy();
    expect(within(dialog).getByText('Total Amount').closest('tr')?.textContent).toBe('Total Amount₹1,750.25');
    expect(within(dialog).getByText('Rows').closest('tr')?.textContent).toBe('Rows2');
    expect(within(dialog).getByText('BNK0000101, BNK0000102')).toBeTruthy();
    const confirm = within(dialog)
      .getByText('Knock off 2 rows', { selector: 'button span' })
      .closest('button') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Bank charges');
    await userEvent.click(confirm);

    await waitFor(() => expect(mock.history.put).toHaveLength(1), { timeout: 10_000 });
    expect(mock.history.put?.[0]?.params).toEqual({ Operation: 'KnockOff' });
    expect(JSON.parse(mock.history.put?.[0]?.data)).toEqual({
      reconId: 4,
      dataSourceId: 11,
      rowIds: [101, 102],
      reason: 'Bank charges',
    });
    await waitFor(() => expect(screen.queryByText(/rows selected/)).toBeNull(), { timeout: 10_000 });
  });

  it('unmatches the groups of the selected rows after a confirmation', async () => {
    routes.ByTab = () => [200, page(MATCHED_ROWS)];
    mock
      .onPut('/v2/transactions')
      .reply(200, { operation: 'Unmatch', runId: 9, rows: 4, matchIds: [900, 901], message: 'x' });
    renderTab('reconciled');
    await userEvent.click(within(await rowOf('BNK0000201')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('BNK0000202')).getByRole('checkbox'));
    // A reconciled row cannot be accepted: accept is for proposed matches only.
    expect((screen.getByText('Accept').closest('button') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByText('Unmatch'));
    const popup = (await screen.findByText('Unmatch 2 groups?', {}, { timeout: 10_000 })).closest(
      '.ant-popover',
    ) as HTMLElement;
    await userEvent.click(within(popup).getByText('Unmatch', { selector: 'button span' }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1), { timeout: 10_000 });
    expect(mock.history.put?.[0]?.params).toEqual({ Operation: 'Unmatch' });
    expect(JSON.parse(mock.history.put?.[0]?.data)).toEqual({ reconId: 4, matchIds: [900, 901] });
  });

  it('offers no selection to a person who may only read the tab', async () => {
    routes.ByTab = () => [200, page(OPEN_ROWS)];
    renderTab('all', ['allTransactions']);
    const first = await rowOf('BNK0000101');
    expect(within(first).queryByRole('checkbox')).toBeNull();
  });

  it('opens the row named in the address (a global-search hit) on its side, with its group; closing drops it', async () => {
    routes.ByTab = () => [200, page([])];
    const b = { ...row(301, { utr: '3636800037' }), status: 'RECONCILED', matchId: 901 };
    routes.MappedRow = () => [
      200,
      { row: { ...b, side: 'B', dataSourceId: 12, dataSourceName: 'Gateway Settlement' }, group: null },
    ];
    mock.onGet('/v2/transactions/group/901').reply(200, {
      matchId: 901,
      reconId: 4,
      rows: [
        { ...MATCHED_ROWS[1], side: 'A', dataSourceId: 11, dataSourceName: 'Bank Statement' },
        { ...b, side: 'B', dataSourceId: 12, dataSourceName: 'Gateway Settlement' },
      ],
    });
    mock.onGet('/v2/transactions/explain').reply(404, [{ message: 'Resource not found', code: 'NOT_FOUND' }]);
    const { router } = renderRoute(
      <WithModule>
        <WithAccess codes={ALL_CODES}>
          <TransactionsTabView tab="reconciled" />
        </WithAccess>
      </WithModule>,
      {
        path: '/transactions/recon/reconciled',
        initialEntry: '/transactions/recon/reconciled?reconId=4&dataSourceId=12&rowId=301',
      },
    );

    const drawer = (
      await screen.findByText('Gateway Settlement · row 301 · group 901', {}, { timeout: 10_000 })
    ).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText(/^Side A · Bank Statement/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(drawer).getByText('BNK0000202')).toBeTruthy();
    // The table behind reads the row's side.
    await waitFor(() => expect(lastParams()).toMatchObject({ reconId: 4, dataSourceId: 12 }), { timeout: 10_000 });

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    // Closing drops the hit's parameters; the section's period stays in the address.
    await waitFor(
      () => {
        const params = new URLSearchParams(router.state.location.search);
        expect(['reconId', 'dataSourceId', 'rowId'].filter((k) => params.has(k))).toEqual([]);
      },
      { timeout: 10_000 },
    );
    expect(new URLSearchParams(router.state.location.search).get('period')).toBe('latestRun');
  });

  it('opens a matched row with its group side by side and explains it', async () => {
    routes.ByTab = () => [200, page(MATCHED_ROWS)];
    mock.onGet('/v2/transactions/group/901').reply(200, {
      matchId: 901,
      reconId: 4,
      rows: [
        { ...MATCHED_ROWS[1], side: 'A', dataSourceId: 11, dataSourceName: 'Bank Statement' },
        {
          ...row(301, { utr: '3636800037', settlement_date: '2026-10-02', net_amount: '100.0000' }),
          status: 'RECONCILED',
          matchId: 901,
          side: 'B',
          dataSourceId: 12,
          dataSourceName: 'Gateway Settlement',
        },
      ],
    });
    mock.onGet('/v2/transactions/explain').reply(200, {
      dataSourceId: 11,
      rowId: 202,
      status: 'RECONCILED',
      matchId: 901,
      row: {},
      matchedBy: { ruleId: 3, name: 'UTR and amount', runId: 2, reason: null },
      counterparts: [
        {
          dataSourceId: 12,
          rowId: 301,
          status: 'RECONCILED',
          held: 2,
          total: 2,
          row: {},
          conditions: [
            {
              sequence: 1,
              ruleConditionType: 'MATCHING',
              text: 'A.utr = B.utr',
              valueOne: '3636800037',
              valueTwo: '3636800037',
              holds: true,
            },
          ],
        },
      ],
      rules: [],
    });
    renderTab('reconciled');

    await userEvent.click(within(await rowOf('BNK0000202')).getByText('₹100.00'));

    const drawer = (await screen.findByText('Bank Statement · row 202 · group 901', {}, { timeout: 10_000 })).closest(
      '.ant-drawer',
    ) as HTMLElement;
    await within(drawer).findByText('Side B · Gateway Settlement (1 row)', {}, { timeout: 10_000 });
    expect(within(drawer).getByText('3636800037')).toBeTruthy();
    expect(within(drawer).getByText('Bank Statement · row 202 · group 901')).toBeTruthy();

    await userEvent.click(within(drawer).getByText('Why?'));
    expect(
      await within(drawer).findByText('Matched by the rule "UTR and amount"', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(within(drawer).getByText('UTR (A) = UTR (B)')).toBeTruthy();
  });

  it('says so when the server cannot explain a row yet', async () => {
    routes.ByTab = () => [200, page(OPEN_ROWS)];
    mock.onGet('/v2/transactions/explain').reply(404, [{ message: 'Resource not found', code: 'NOT_FOUND' }]);
    renderTab('unreconciled');

    await userEvent.click(within(await rowOf('BNK0000101')).getByText('₹1,500.00'));

    const drawer = (await screen.findByText('Bank Statement · row 101', {}, { timeout: 10_000 })).closest(
      '.ant-drawer',
    ) as HTMLElement;
    expect(
      await within(drawer).findByText('The explanation is not available on this server yet.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });
  it('shows reference, date and amount first, pinned on the left, then the status', async () => {
    routes.ByTab = () => [200, page(MATCHED_ROWS)];
    renderTab('reconciled');
    await rowOf('BNK0000201');

    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim() ?? '');
    const titled = headers.filter((h) => h !== '');
    expect(titled.slice(0, 4)).toEqual(['Reference', 'Value Date', 'Amount', 'Status']);
    const amount = screen.getAllByRole('columnheader').find((h) => h.textContent?.trim() === 'Amount');
    expect(amount?.className).toMatch(/ant-table-cell-fix-(left|start)/);
    // A 50-row page, as the pager says.
    expect(lastParams()).toMatchObject({ length: 50 });
    expect(screen.getByText('50 / page')).toBeTruthy();
  });

  it('shows the tickets raised on a row next to its status (issue 14)', async () => {
    routes.ByTab = () => [
      200,
      page([{ ...(MATCHED_ROWS[0] as (typeof MATCHED_ROWS)[number]), ticketIds: [4, 9] }, ...MATCHED_ROWS.slice(1)]),
    ];
    renderTab('reconciled');
    const tr = await rowOf('BNK0000201');
    const badge = within(tr).getByLabelText('Ticket #4, Ticket #9');
    expect(badge.textContent).toBe('#4 +1');
    const other = await rowOf(MATCHED_ROWS[1]?.values.reference as string);
    expect(within(other).queryByLabelText(/Ticket #/)).toBeNull();
  });

  it('keeps each cell under its heading in the Unreconciled tab, with the selection column and a ticketed row', async () => {
    routes.ByTab = () => [
      200,
      page([{ ...(OPEN_ROWS[0] as (typeof OPEN_ROWS)[number]), ticketIds: [12] }, ...OPEN_ROWS.slice(1)]),
    ];
    renderTab('unreconciled');
    const ticketed = await rowOf('BNK0000101');
    const plain = await rowOf('BNK0000102');
    const headings = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim() ?? '');
    // A row checkbox column first, then the headed columns: each row has as many cells as there are headings.
    expect(within(ticketed).getByRole('checkbox')).toBeTruthy();
    const cellsOf = (tr: HTMLElement) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
    expect(cellsOf(ticketed)).toHaveLength(headings.length);
    expect(cellsOf(plain)).toHaveLength(headings.length);
    const under = (tr: HTMLElement, title: string) => cellsOf(tr)[headings.indexOf(title)];
    expect(under(ticketed, 'Reference')).toBe('BNK0000101');
    expect(under(ticketed, 'Value Date')).toBe('05-10-2026');
    expect(under(ticketed, 'Status')).toBe('Unreconciled#12');
    expect(under(plain, 'Reference')).toBe('BNK0000102');
    expect(under(plain, 'Status')).toBe('Unreconciled');
  });

  it('remembers the columns hidden and pinned per user and per tab, across a reload', async () => {
    routes.ByTab = () => [200, page(OPEN_ROWS)];
    const first = renderTab('unreconciled');
    await rowOf('BNK0000101');
    expect(screen.getByText('05-10-2026')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const popover = (await screen.findByText(/of \d+ shown/, {}, { timeout: 10_000 })).closest(
      '.ant-popover',
    ) as HTMLElement;
    await userEvent.click(within(popover).getByText('Value Date'));
    await userEvent.click(within(popover).getByRole('button', { name: 'Unpin Amount' }));
    await waitFor(() => expect(screen.queryByText('05-10-2026')).toBeNull(), { timeout: 5000 });
    first.unmount();

    // The same tab after a reload: still hidden, Amount no longer pinned.
    renderTab('unreconciled');
    await rowOf('BNK0000101');
    expect(screen.queryByText('05-10-2026')).toBeNull();
    const amount = screen.getAllByRole('columnheader').find((h) => h.textContent?.trim() === 'Amount');
    expect(amount?.className).not.toMatch(/ant-table-cell-fix-(left|start)/);
  });

  it("keeps one tab's column choice out of another tab and away from another user", async () => {
    routes.ByTab = () => [200, page(OPEN_ROWS)];
    const first = renderTab('unreconciled');
    await rowOf('BNK0000101');
    await userEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const popover = (await screen.findByText(/of \d+ shown/, {}, { timeout: 10_000 })).closest(
      '.ant-popover',
    ) as HTMLElement;
    await userEvent.click(within(popover).getByText('Value Date'));
    await waitFor(() => expect(screen.queryByText('05-10-2026')).toBeNull(), { timeout: 5000 });
    first.unmount();

    const other = renderTab('all');
    await rowOf('BNK0000101');
    expect(screen.getByText('05-10-2026')).toBeTruthy();
    other.unmount();

    signIn({ id: 77, userName: 'checker' }, 1);
    renderTab('unreconciled');
    await rowOf('BNK0000101');
    expect(screen.getByText('05-10-2026')).toBeTruthy();
  });

  it('moves between rows with the arrow keys, ticks one with Space and opens one with Enter', async () => {
    routes.ByTab = () => [200, page(OPEN_ROWS)];
    renderTab('unreconciled');
    const first = await rowOf('BNK0000101');
    const second = await rowOf('BNK0000102');
    expect(first.tabIndex).toBe(0);
    expect(second.tabIndex).toBe(-1);

    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    expect(second.tabIndex).toBe(0);
    await userEvent.keyboard(' ');
    await waitFor(() => expect(second.getAttribute('aria-selected')).toBe('true'), { timeout: 5000 });
    expect(screen.getByText('1 row selected · Amount ₹250.25')).toBeTruthy();
    expect((within(second).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-selected')).toBe('false');

    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Bank Statement · row 101', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
