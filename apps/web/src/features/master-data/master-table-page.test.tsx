import type { DataTableDetail } from '@recon/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import MasterTablePage from '@/features/master-data/master-table-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const TABLE: DataTableDetail = {
  id: 14,
  name: 'merchant_master',
  kind: 'MASTER',
  description: 'Merchants and their fee rates',
  columnCount: 4,
  tableName: 'm1_merchant_master',
  createdAt: '2026-11-21T10:00:00Z',
  historyTableName: 'm1_merchant_master_history',
  invalidTableName: 'm1_merchant_master_invalid',
  updatedAt: '2026-11-21T10:00:00Z',
  columns: [
    { id: 1, name: 'merchant_id', dataType: 'BIGINT', isMoney: false, maxLength: null, sequence: 1 },
    { id: 2, name: 'name', dataType: 'VARCHAR', isMoney: false, maxLength: 5, sequence: 2 },
    { id: 3, name: 'monthly_cap', dataType: 'DOUBLE', isMoney: true, maxLength: null, sequence: 3 },
    { id: 4, name: 'onboarded_on', dataType: 'DATE', isMoney: false, maxLength: null, sequence: 4 },
  ],
  duplicateCheck: null,
};

const ROW = {
  _id: 3,
  merchant_id: '9007199254740993',
  name: 'Acme',
  monthly_cap: '1250000.5000',
  onboarded_on: '2025-03-07',
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/masterdata/14').reply(200, TABLE);
  mock.onGet('/v2/masterdata/14/rows').reply(200, { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [ROW] });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(initialEntry = '/operations/configuration/master-data/view-master-data/14') {
  return renderRoute(
    <WithModule>
      <MasterTablePage />
    </WithModule>,
    { path: '/operations/configuration/master-data/view-master-data/:id', initialEntry },
  );
}

const field = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('master data rows', { timeout: 90_000 }, () => {
  it('shows money grouped with its decimals, dates as DD-MM-YYYY and big ids exactly', async () => {
    renderPage();

    expect(await screen.findByText('12,50,000.50')).toBeTruthy();
    expect(screen.getByText('07-03-2025')).toBeTruthy();
    expect(screen.getByText('9007199254740993')).toBeTruthy();
  });

  it('sends a column search kept in the URL', async () => {
    renderPage('/operations/configuration/master-data/view-master-data/14?column=name&value=Ac');

    await screen.findByText('Acme');
    expect(mock.history.get?.filter((r) => r.url === '/v2/masterdata/14/rows').at(-1)?.params).toMatchObject({
      'columns[0][data]': 'name',
      'columns[0][search][value]': 'Ac',
    });
  });

  it("checks each value by its column type with the server's messages before adding a row", async () => {
    mock.onPost('/v2/masterdata/14/rows').reply(200, { ...ROW, _id: 4 });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Add Row/ }));
    const dialog = await screen.findByRole('dialog');

    fireEvent.change(field(dialog, 'merchant_id'), { target: { value: '12.5' } });
    fireEvent.change(field(dialog, 'monthly_cap'), { target: { value: '1,000' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Value of "merchant_id" must be a whole number')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Value of "monthly_cap" must be an amount with at most 16 digits before the point and 4 after',
      ),
    ).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);

    fireEvent.change(field(dialog, 'merchant_id'), { target: { value: '77' } });
    fireEvent.change(field(dialog, 'monthly_cap'), { target: { value: '1000.25' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      values: { merchant_id: '77', name: null, monthly_cap: '1000.25', onboarded_on: null },
    });
  });

  it('sends only the changed columns of an edited row, and shows server field errors beside them', async () => {
    mock.onPut('/v2/masterdata/14/rows/3').replyOnce(400, {
      message: 'Value of "name" must be at most 5 characters',
      errors: [{ field: 'values.name', defaultMessage: 'Value of "name" must be at most 5 characters' }],
    });
    mock.onPut('/v2/masterdata/14/rows/3').reply(200, { ...ROW, name: 'Acm' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit row 3' }));
    const dialog = await screen.findByRole('dialog');

    fireEvent.change(field(dialog, 'name'), { target: { value: 'Acm' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Value of "name" must be at most 5 characters')).toBeTruthy();
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toEqual({ values: { name: 'Acm' } });
  });

  it('opens Add Row empty after a row was edited', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit row 3' }));
    expect((field(await screen.findByRole('dialog'), 'name') as HTMLInputElement).value).toBe('Acme');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: /Add Row/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add Row')).toBeTruthy();
    expect((field(dialog, 'name') as HTMLInputElement).value).toBe('');
    expect((field(dialog, 'merchant_id') as HTMLInputElement).value).toBe('');
  });

  it('deletes a row only after "Are you sure?" is confirmed', async () => {
    mock.onDelete('/v2/masterdata/14/rows/3').reply(200, { message: 'Row deleted' });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete row 3' }));
    expect(mock.history.delete).toHaveLength(0);
    const popup = (await screen.findByText('Are you sure?')).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(mock.history.delete?.map((r) => r.url)).toEqual(['/v2/masterdata/14/rows/3']));
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toEqual(['Row deleted']));
  });
});
