import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import BrsReportPage from '@/features/brs/brs-report-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const side = (overrides: Record<string, unknown>) => ({
  dataSourceId: 7,
  dataSourceName: 'Bank Statement',
  reconName: 'Bank vs Books',
  amountColumn: 'amount',
  drCrColumn: 'dr_cr',
  debitValues: ['DR'],
  dateColumn: 'txn_date',
  narrationColumn: 'narration',
  instrumentColumn: 'chq_ref_no',
  balanceMode: 'COLUMN',
  balanceColumn: 'balance',
  openingBalance: null,
  ...overrides,
});
const config = (overrides: Record<string, unknown> = {}) => ({
  id: 3,
  name: 'HDFC current a/c',
  bank: side({}),
  books: side({ dataSourceId: 8, dataSourceName: 'Cash Book', balanceMode: 'SUM', balanceColumn: null }),
  rules: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const group = (g: string, amount: string, count: number) => ({
  group: g,
  label: g,
  amount,
  add: amount.startsWith('-') ? '0.00' : amount,
  less: amount.startsWith('-') ? amount.slice(1) : '0.00',
  count,
});
const statement = (difference: string, balancePerBank: string) => ({
  brsConfigId: 3,
  name: 'HDFC current a/c',
  asOnDate: '2026-11-27',
  bankSourceName: 'Bank Statement',
  booksSourceName: 'Cash Book',
  balancePerBooks: '105898.75',
  groups: [
    group('ISSUED_NOT_PRESENTED', '9500.75', 2),
    group('BANK_CREDITS_NOT_IN_BOOKS', '8145.37', 2),
    group('DEPOSITED_NOT_CREDITED', '-3000.00', 1),
    group('BANK_DEBITS_NOT_IN_BOOKS', '0.00', 0),
    group('OTHER', '-1900.00', 2),
  ],
  totalAdd: '17646.12',
  totalLess: '4900.00',
  balancePerBankComputed: '118644.87',
  balancePerBank,
  difference,
});

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

const renderPage = () =>
  renderRoute(
    <WithModule>
      <WithAccess codes={['brsReport']}>
        <BrsReportPage />
      </WithAccess>
    </WithModule>,
    { path: '/reports/brs-report' },
  );

describe('BRS report page', () => {
  it('lays the statement out as accountants do and highlights a difference the open items leave unexplained', async () => {
    mock.onGet('/v2/brsconfigurations').reply(200, { data: [config()] });
    mock.onGet('/v2/brs/3/statement').reply(200, statement('-123.45', '118521.42'));
    renderPage();
    const books = (await screen.findByText('Balance as per books (Cash Book)', {}, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(books).getByText('₹1,05,898.75')).toBeTruthy();
    const issued = screen.getByText('Add: Cheques issued but not yet presented').closest('tr') as HTMLElement;
    expect(within(issued).getByText('₹9,500.75')).toBeTruthy();
    expect(within(issued).getByText('2')).toBeTruthy();
    expect(screen.getByText('Less: Cheques / deposits paid in but not yet credited')).toBeTruthy();
    // A group without items stays in its usual column, nil as a dash.
    const charges = screen.getByText('Less: Bank charges / debits in bank not in books').closest('tr') as HTMLElement;
    expect(within(charges).getByText('—')).toBeTruthy();
    const computed = screen.getByText('Balance as per bank (computed)').closest('tr') as HTMLElement;
    expect(within(computed).getByText('₹1,18,644.87')).toBeTruthy();
    const difference = screen.getByText('Difference not explained').closest('tr') as HTMLElement;
    expect(within(difference).getByText('-₹123.45')).toBeTruthy();
    expect(screen.getByText('Not reconciled: -₹123.45 is not explained by the open items')).toBeTruthy();
    expect(mock.history.get?.find((r) => r.url === '/v2/brs/3/statement')?.params).toMatchObject({
      asOnDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('opens a group on its items and asks for the export in the Downloads area', async () => {
    mock.onGet('/v2/brsconfigurations').reply(200, { data: [config()] });
    mock.onGet('/v2/brs/3/statement').reply(200, statement('0.00', '118644.87'));
    mock.onGet('/v2/brs/3/groups/ISSUED_NOT_PRESENTED/items').reply(200, {
      draw: 0,
      recordsTotal: 2,
      recordsFiltered: 2,
      total: '9500.75',
      data: [
        {
          side: 'BOOKS',
          id: 11,
          date: '2026-11-24',
          narration: 'Supplier B — cheque issued',
          instrument: '400202',
          direction: 'OUT',
          amount: '8000.00',
          effect: '8000.00',
        },
      ],
    });
    mock.onGet('/v2/brs/3/statement_download').reply(202, {
      id: 90,
      reportType: 'BRS_REPORT',
      fileName: 'x.csv',
      format: 'CSV',
      status: 'SUBMITTED',
      rowCount: null,
      sizeBytes: null,
      error: null,
      requestedAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2026-11-27T10:00:00.000Z',
    });
    renderPage();
    expect(
      await screen.findByText('Reconciled: the open items explain the whole difference', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const issued = screen.getByText('Add: Cheques issued but not yet presented').closest('tr') as HTMLElement;
    await userEvent.click(within(issued).getByRole('button'));
    expect(await screen.findByText('Supplier B — cheque issued')).toBeTruthy();
    expect(screen.getByText('Cheques issued but not yet presented: 2 open items')).toBeTruthy();
    await userEvent.hover(screen.getByRole('button', { name: /Download/ }));
    await userEvent.click(await screen.findByText('Statement (CSV)'));
    await waitFor(() =>
      expect(mock.history.get?.find((r) => r.url === '/v2/brs/3/statement_download')?.params).toMatchObject({
        format: 'CSV',
      }),
    );
  });

  it('asks for an entered bank balance before showing the statement, then sends it', async () => {
    mock.onGet('/v2/brsconfigurations').reply(200, { data: [config({ bank: side({ balanceMode: 'ENTERED' }) })] });
    mock.onGet('/v2/brs/3/statement').reply(200, statement('0.00', '118644.87'));
    renderPage();
    const input = await screen.findByLabelText('Balance per bank statement', {}, { timeout: 5000 });
    expect(mock.history.get?.some((r) => r.url === '/v2/brs/3/statement')).toBe(false);
    await userEvent.type(input, '118644.87{Enter}');
    await waitFor(() =>
      expect(mock.history.get?.find((r) => r.url === '/v2/brs/3/statement')?.params).toMatchObject({
        bankBalance: '118644.87',
      }),
    );
  });

  it('offers to create the first configuration when the product has none', async () => {
    mock.onGet('/v2/brsconfigurations').reply(200, { data: [] });
    renderPage();
    expect(
      await screen.findByText('No BRS configuration yet: create one to see the statement.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(mock.history.get?.some((r) => r.url === '/v2/brs/3/statement')).toBe(false);
  });

  it('edits a configuration: the sides and rules go back as they were, with the new name', async () => {
    const rules = [
      { side: 'BANK', direction: null, narrationPattern: '*REVERSAL*', instrumentPattern: null, group: 'OTHER' },
    ];
    mock.onGet('/v2/brsconfigurations').reply(200, { data: [config({ rules })] });
    mock.onGet('/v2/brs/3/statement').reply(200, statement('0.00', '118644.87'));
    mock.onPut('/v2/brsconfigurations/3').reply(200, config({ name: 'HDFC a/c 0042', rules }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByDisplayValue('*REVERSAL*')).toBeTruthy();
    const name = within(drawer).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'HDFC a/c 0042');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    const body = JSON.parse(mock.history.put?.[0]?.data as string);
    expect(body).toMatchObject({
      name: 'HDFC a/c 0042',
      bank: {
        dataSourceId: 7,
        drCrColumn: 'dr_cr',
        debitValues: ['DR'],
        balanceMode: 'COLUMN',
        balanceColumn: 'balance',
      },
      books: { dataSourceId: 8, balanceMode: 'SUM' },
      rules: [{ side: 'BANK', direction: null, narrationPattern: '*REVERSAL*', group: 'OTHER' }],
    });
    await waitFor(() => expect(capture.toasts.map((x) => x.title ?? x.description)).toContain('Successfully Updated'));
  });
});
