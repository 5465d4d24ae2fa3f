import type { DataTableDetail } from '@recon/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import CreateDataTablePage, { CreateMasterTablePage } from '@/features/data-tables/create-data-table-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const CREATED: DataTableDetail = {
  id: 12,
  name: 'bank_statement',
  kind: 'DATA',
  description: '',
  columnCount: 2,
  tableName: 'm1_bank_statement',
  createdAt: '2026-11-21T10:00:00Z',
  historyTableName: 'm1_bank_statement_history',
  invalidTableName: 'm1_bank_statement_invalid',
  updatedAt: '2026-11-21T10:00:00Z',
  columns: [],
  duplicateCheck: null,
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

const PATH = '/operations/configuration/data-tables/create-data-table';
const renderPage = (page = <CreateDataTablePage />) => renderRoute(page, { path: PATH });

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

async function pickType(row: number, dataType: string) {
  await userEvent.click(screen.getByRole('combobox', { name: `Column ${row} data type` }));
  const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  const item = open?.querySelector(`.ant-select-item-option[title="${dataType}"]`);
  if (!item) throw new Error(`no option ${dataType}`);
  await userEvent.click(item);
}

const create = () => userEvent.click(screen.getByRole('button', { name: 'Create' }));

describe('create data table', { timeout: 120_000 }, () => {
  it("checks the name and every column with the server's messages and sends nothing", async () => {
    renderPage();
    type('Name', 'Bank Statement');
    type('Column 1 name', '_row');
    await userEvent.click(screen.getByRole('button', { name: /Add Column/ }));
    type('Column 2 name', 'amount');
    await userEvent.click(screen.getByRole('button', { name: /Add Column/ }));
    type('Column 3 name', 'amount');

    await create();

    expect(
      await screen.findByText(
        'Table name must start with a lower-case letter and use only lower-case letters, digits and _ (at most 40 characters)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Column "_row" may not start with _ (reserved for system columns)')).toBeTruthy();
    expect(screen.getByText('Column "amount" is defined more than once')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });

  it('sends the columns in their order, money only for DOUBLE or FLOAT and a length only for VARCHAR', async () => {
    mock.onPost('/v2/datatables').reply(200, CREATED);
    const { router } = renderPage();
    type('Name', 'bank_statement');
    type('Column 1 name', 'reference');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Column 1 max length' }), { target: { value: '40' } });
    await userEvent.click(screen.getByRole('button', { name: /Add Column/ }));
    type('Column 2 name', 'amount');
    await pickType(2, 'DOUBLE');
    expect((screen.getByRole('checkbox', { name: 'Column 2 holds money' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('spinbutton', { name: 'Column 2 max length' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /Add Column/ }));
    type('Column 3 name', 'value_date');
    await pickType(3, 'DATE');
    // The date column goes first.
    await userEvent.click(screen.getByRole('button', { name: 'Move column 3 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move column 2 up' }));

    await create();

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      name: 'bank_statement',
      description: '',
      columns: [
        { name: 'value_date', dataType: 'DATE', isMoney: false, maxLength: null },
        { name: 'reference', dataType: 'VARCHAR', isMoney: false, maxLength: 40 },
        { name: 'amount', dataType: 'DOUBLE', isMoney: true, maxLength: null },
      ],
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/operations/configuration/data-tables/view-data-table/12'),
    );
    expect(capture.toasts.map((t) => t.title)).toEqual(['Successfully Created']);
  });

  it("shows the server's field errors beside their fields", async () => {
    mock.onPost('/v2/datatables').reply(400, {
      message: 'A data table with this name already exists',
      errors: [{ field: 'name', defaultMessage: 'A data table with this name already exists' }],
    });
    renderPage();
    type('Name', 'bank_statement');
    type('Column 1 name', 'reference');

    await create();

    expect(await screen.findByText('A data table with this name already exists')).toBeTruthy();
    expect(capture.toasts).toEqual([]);
  });

  it('creates a master table with the same editor', async () => {
    mock.onPost('/v2/masterdata').reply(200, { ...CREATED, kind: 'MASTER', id: 14 });
    const { router } = renderPage(<CreateMasterTablePage />);
    expect(screen.getByText('Create Master Data Table')).toBeTruthy();
    type('Name', 'merchant_master');
    type('Column 1 name', 'merchant_id');

    await create();

    await waitFor(() => expect(mock.history.post?.map((r) => r.url)).toEqual(['/v2/masterdata']));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/operations/configuration/master-data/view-master-data/14'),
    );
  });
});
