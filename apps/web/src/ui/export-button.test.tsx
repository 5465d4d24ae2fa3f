import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { ExportButton } from '@/ui/export-button';

const mock = new MockAdapter(http);

const VIEW = {
  Find: 'ByTab',
  tab: 'unreconciled',
  reconId: 3,
  dataSourceId: 7,
  fromDate: '2026-11-01',
  toDate: '2026-11-15',
  start: 20,
  length: 10,
  draw: 3,
  'columns[0][data]': 'amount',
  'columns[0][search][type]': 'GREATER_THAN',
  'columns[0][search][value]': '100',
  'order[0][column]': 0,
  'order[0][dir]': 'desc',
  status: undefined,
};

beforeEach(() => {
  signIn({}, 1);
  mock.onPost('/v2/dashletdownloads').reply(202, {
    id: 1,
    fileName: 'x.csv',
    reportType: 'TRANSACTIONS',
    format: 'XLSX',
    scope: 'CUSTOM_COLUMNS',
    status: 'SUBMITTED',
    requestedOn: '2026-11-21T10:00:00.000Z',
    requestedBy: 'operator',
    finishedOn: null,
    rowCount: null,
    size: null,
    error: null,
  });
});
afterEach(() => mock.reset());

const renderButton = () =>
  renderRoute(<ExportButton view={VIEW} columns={[{ name: 'reference' }, { name: 'amount', label: 'Amount' }]} />);

describe('Export button', () => {
  it('exports the whole view (not the page) as CSV with all columns by default', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Export', hidden: false }));

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post?.[0]?.data)).toEqual({
      reportType: 'TRANSACTIONS',
      format: 'CSV',
      scope: 'ALL_COLUMNS',
      view: {
        tab: 'unreconciled',
        reconId: '3',
        dataSourceId: '7',
        fromDate: '2026-11-01',
        toDate: '2026-11-15',
        'columns[0][data]': 'amount',
        'columns[0][search][type]': 'GREATER_THAN',
        'columns[0][search][value]': '100',
        'order[0][column]': '0',
        'order[0][dir]': 'desc',
      },
    });
  });

  it('asks for at least one column when choosing columns, then sends them in the chosen order as XLSX', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await userEvent.click(await screen.findByText('XLSX'));
    await userEvent.click(screen.getByText('Choose columns'));
    const okButton = () => screen.getAllByRole('button', { name: 'Export' }).at(-1) as HTMLElement;
    await userEvent.click(okButton());
    expect(await screen.findByText('Choose at least one column')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Amount'));
    await userEvent.click(await screen.findByTitle('Status'));
    await userEvent.click(okButton());

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post?.[0]?.data)).toMatchObject({
      format: 'XLSX',
      scope: 'CUSTOM_COLUMNS',
      columns: ['amount', '_status'],
    });
  });
});
