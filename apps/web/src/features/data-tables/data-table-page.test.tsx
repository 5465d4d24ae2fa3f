import type { DataTableDetail } from '@recon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import DataTablePage from '@/features/data-tables/data-table-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const TABLE: DataTableDetail = {
  id: 11,
  name: 'bank_statement',
  kind: 'DATA',
  description: 'Bank statement lines',
  columnCount: 3,
  tableName: 'm1_bank_statement',
  createdAt: '2026-11-21T10:00:00Z',
  historyTableName: 'm1_bank_statement_history',
  invalidTableName: 'm1_bank_statement_invalid',
  updatedAt: '2026-11-21T10:00:00Z',
  columns: [
    { id: 1, name: 'reference', dataType: 'VARCHAR', isMoney: false, maxLength: 40, sequence: 1 },
    { id: 2, name: 'value_date', dataType: 'DATE', isMoney: false, maxLength: null, sequence: 2 },
    { id: 3, name: 'amount', dataType: 'DOUBLE', isMoney: true, maxLength: null, sequence: 3 },
  ],
  duplicateCheck: {
    id: 7,
    dataTableId: 11,
    tableName: 'm1_bank_statement',
    columnNames: ['reference'],
    isEnabled: true,
  },
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/datatables/11').reply(200, TABLE);
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage() {
  return renderRoute(
    <WithModule>
      <DataTablePage />
    </WithModule>,
    {
      path: '/operations/configuration/data-tables/view-data-table/:id',
      initialEntry: '/operations/configuration/data-tables/view-data-table/11',
    },
  );
}

describe('data table page', { timeout: 60_000 }, () => {
  it('shows where the table lives and its columns', async () => {
    renderPage();

    expect(await screen.findByText('m1_bank_statement_history')).toBeTruthy();
    expect(screen.getByText('Columns (3)')).toBeTruthy();
    const amount = screen.getByText('amount').closest('tr') as HTMLElement;
    expect(within(amount).getByText('Money')).toBeTruthy();
  });

  it('saves the duplicate-check columns by table name', async () => {
    mock
      .onPut('/v2/duplicatecheckconfigs')
      .reply(200, { ...TABLE.duplicateCheck, columnNames: ['reference', 'amount'] });
    renderPage();
    const picker = await screen.findByRole('combobox', { name: 'Duplicate check columns' });

    await userEvent.click(picker);
    await userEvent.click(await screen.findByTitle('amount'));
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toEqual({
      tableName: 'm1_bank_statement',
      columnNames: ['reference', 'amount'],
      isEnabled: true,
    });
  });

  it('deletes the duplicate check only after "Are you sure?" is confirmed', async () => {
    mock.onDelete('/v2/duplicatecheckconfigs/7').reply(200, { message: 'Duplicate check config deleted' });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    expect(mock.history.delete).toHaveLength(0);
    const popup = (await screen.findByText('Are you sure?')).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(mock.history.delete?.map((r) => r.url)).toEqual(['/v2/duplicatecheckconfigs/7']));
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toEqual(['Duplicate check config deleted']));
  });

  it('adds a column, refusing a name the table already has', async () => {
    mock.onPost('/v2/datatables/11/columns').reply(200, TABLE);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Add Column/ }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Column Name' });

    await userEvent.type(name, 'amount');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Column' }));
    expect(await within(dialog).findByText('Column "amount" already exists in this table')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, 'utr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Column' }));

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      name: 'utr',
      dataType: 'VARCHAR',
      isMoney: false,
      maxLength: null,
    });
  });
});
