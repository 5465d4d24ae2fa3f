import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import GlConfigPage from '@/features/gl/gl-config-page';
import GlReportPage from '@/features/gl/gl-report-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const config = (overrides: Record<string, unknown> = {}) => ({
  id: 5,
  glName: 'Main GL',
  ageingBuckets: [7, 15, 30, 60, 90],
  closedUntil: null,
  reopenApprovalId: null,
  items: [
    {
      id: 51,
      name: 'Bank suspense',
      side: 'DEBIT',
      sign: 1,
      sequence: 1,
      sources: [
        {
          dataSourceId: 7,
          dataSourceName: 'Bank Statement',
          reconName: 'Bank vs Gateway',
          amountColumn: 'amount',
          dateColumn: 'value_date',
          filters: [],
        },
      ],
    },
  ],
  lastRefresh: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

describe('GL config page', () => {
  it('closes the books up to a day after a confirmation, then asks for the reopening to be approved', async () => {
    mock.onGet('/v2/glconfigurations').replyOnce(200, { data: [config()] });
    mock.onPut('/v2/glconfigurations/5').replyOnce(200, {
      message: 'Books closed',
      approvalId: null,
      config: config({ closedUntil: '2026-10-31' }),
    });
    mock.onGet('/v2/glconfigurations').reply(200, { data: [config({ closedUntil: '2026-10-31' })] });
    renderRoute(
      <WithModule>
        <WithAccess codes={['glConfig']}>
          <GlConfigPage />
        </WithAccess>
      </WithModule>,
      { path: '/reports/gl-config' },
    );
    const row = (await screen.findByText('Main GL', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Bank suspense (Dr)')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Close Books' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Close up to');
    await userEvent.type(input, '31-10-2026{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Books' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(mock.history.put?.[0]?.params).toMatchObject({ Operation: 'CloseBooks' });
    expect(JSON.parse(mock.history.put?.[0]?.data as string)).toEqual({ closeDate: '2026-10-31' });
    expect(await screen.findByText('Closed up to 31-10-2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reopen Books' })).toBeTruthy();
  });
});

describe('GL config editor', () => {
  it("checks each filter before saving and says what is wrong in the server's words", async () => {
    const [item] = config().items;
    const withFilter = config({
      items: [
        {
          ...item,
          sources: [
            {
              ...item?.sources[0],
              filters: [{ field: 'amount', operator: 'GREATER_THAN', values: ['100'] }],
            },
          ],
        },
      ],
    });
    mock.onGet('/v2/glconfigurations', { params: { Find: 'DataSources' } }).reply(200, {
      data: [
        {
          dataSourceId: 7,
          name: 'Bank Statement',
          reconName: 'Bank vs Gateway',
          dateColumn: 'value_date',
          columns: [
            { name: 'reference', dataType: 'VARCHAR', isAmount: false },
            { name: 'value_date', dataType: 'DATE', isAmount: false },
            { name: 'amount', dataType: 'DOUBLE', isAmount: true },
          ],
        },
      ],
    });
    mock.onGet('/v2/glconfigurations').reply(200, { data: [withFilter] });
    mock.onPut('/v2/glconfigurations/5').reply(200, withFilter);
    renderRoute(
      <WithModule>
        <WithAccess codes={['glConfig']}>
          <GlConfigPage />
        </WithAccess>
      </WithModule>,
      { path: '/reports/gl-config' },
    );
    const row = (await screen.findByText('Main GL', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const drawer = await screen.findByRole('dialog');
    const value = await within(drawer).findByLabelText('Value (a, b for lists and ranges)');
    await waitFor(() => expect((value as HTMLInputElement).value).toBe('100'));
    await userEvent.clear(value);
    await userEvent.type(value, '1,00,000');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Filter on amount: "1,00,000" is not a number')).toBeTruthy();
    expect(mock.history.put ?? []).toHaveLength(0);

    await userEvent.clear(value);
    await userEvent.type(value, '100000');
    await waitFor(() => expect(within(drawer).queryByText(/Filter on amount/)).toBeNull());
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put?.[0]?.data as string).items[0].sources[0].filters).toEqual([
      { field: 'amount', operator: 'GREATER_THAN', values: ['100000'] },
    ]);
  });
});

describe('GL report page', () => {
  it('shows each line on its side with the totals and the difference', async () => {
    mock.onGet('/v2/glconfigurations/5').reply(200, config());
    mock.onGet('/v2/gl/5/report').reply(200, {
      glConfigId: 5,
      glName: 'Main GL',
      asOnDate: '2026-11-27',
      fromDate: null,
      lines: [
        {
          itemId: 51,
          name: 'Bank suspense',
          side: 'DEBIT',
          sign: 1,
          balance: '6946.15',
          debit: '6946.15',
          credit: '0.00',
          openCount: 10,
          sources: [{ dataSourceId: 7, dataSourceName: 'Bank Statement', balance: '6946.15', openCount: 10 }],
        },
        {
          itemId: 52,
          name: 'Bank charges',
          side: 'DEBIT',
          sign: -1,
          balance: '-200.80',
          debit: '0.00',
          credit: '200.80',
          openCount: 2,
          sources: [],
        },
      ],
      totals: { debit: '6946.15', credit: '200.80', difference: '6745.35' },
    });
    renderRoute(
      <WithModule>
        <WithAccess codes={['glConfig']}>
          <GlReportPage />
        </WithAccess>
      </WithModule>,
      { path: '/reports/gl-config/:glConfigId/report', initialEntry: '/reports/gl-config/5/report' },
    );
    const charges = (await screen.findByText('Bank charges', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(charges).getByText('₹200.80')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /GL Report — Main GL$/ })).toBeTruthy();
    const total = screen.getByText('Total').closest('tr') as HTMLElement;
    expect(within(total).getAllByText('₹6,946.15')).toHaveLength(1);
    expect(within(total).getByText('12')).toBeTruthy();
    const difference = screen.getByText('Debit − Credit').closest('tr') as HTMLElement;
    expect(within(difference).getByText('₹6,745.35')).toBeTruthy();
    expect((mock.history.get ?? []).find((r) => r.url === '/v2/gl/5/report')?.params).toMatchObject({
      asOnDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    // The drill-down heads the data source's columns with their labels, as the recon tabs do.
    mock.onGet('/v2/gl/5/config_items/51/transactions').reply(200, {
      draw: 1,
      recordsTotal: 1,
      recordsFiltered: 1,
      columns: ['reference', 'value_date', 'utr_no', 'balance'],
      data: [
        {
          id: 9,
          date: '2026-10-01',
          amount: '6946.15',
          ageDays: 57,
          values: { reference: 'X12', value_date: '2026-10-01', utr_no: 'UTR77', balance: 3068297.1 },
        },
      ],
    });
    const suspense = screen.getByText('Bank suspense').closest('tr') as HTMLElement;
    await userEvent.click(within(suspense).getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText('UTR77', {}, { timeout: 5000 })).toBeTruthy();
    for (const label of ['Reference', 'Value Date', 'UTR No']) {
      expect(screen.getByRole('columnheader', { name: label })).toBeTruthy();
    }
    expect(screen.queryByRole('columnheader', { name: 'value_date' })).toBeNull();
    // A balance with a fraction shows to the paisa, not as 30,68,297.1.
    const balance = screen.getByText(/^(30,68,297\.10|3,068,297\.10)$/).closest('td') as HTMLElement;
    expect(balance.style.textAlign || balance.className).toMatch(/right/);
  });
});
