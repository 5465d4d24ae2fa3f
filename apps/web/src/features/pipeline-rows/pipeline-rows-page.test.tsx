import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import DuplicateRowsPage from '@/features/pipeline-rows/duplicate-rows-page';
import InvalidRowsPage from '@/features/pipeline-rows/invalid-rows-page';
import { readPipelineRowsMemory, writePipelineRowsMemory } from '@/features/pipeline-rows/pipeline-rows-cache';
import { http } from '@/lib/http';
import { MODULE_CACHE_NAMES, readModuleCache, writeModuleCache } from '@/lib/module-cache';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);

function dataSource(id: number, name: string, table: string) {
  return {
    id,
    name,
    recon: { id: 4, name: 'Bank vs Gateway Settlement' },
    pipeline: { id: 10 + id, name: `${name} Pipeline` },
    table,
    sequence: id,
    isActive: true,
    dataElementCount: 3,
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: '2026-10-01T00:00:00.000Z',
  };
}
const element = (id: number, name: string, type: string, active = true) => ({
  id,
  name,
  inputType: 'TEXT',
  type,
  active,
  sequence: id,
});

const INVALID_ROW = {
  id: 900,
  fileId: 77,
  fileName: 'bank_statement.csv',
  rowNo: 14,
  reasons: ['amount: not an amount', 'value_date: not a valid date in format DD-MM-YYYY'],
  createdAt: '2026-10-02T10:00:00.000Z',
  values: { reference: 'BNK0000014', value_date: '31-02-2026', amount: '1,50', balance: '249628.9100' },
};
const DUPLICATE_ROW = {
  id: 901,
  fileId: 77,
  fileName: 'bank_statement.csv',
  rowNo: 20,
  loadedAt: '2026-10-02T10:00:00.000Z',
  values: { reference: 'BNK0000002', value_date: '2026-10-02', amount: '125000.5000', balance: '0.0125' },
};

beforeEach(() => {
  signIn({}, 1);
  mock.onGet('/v2/datasources').reply(200, {
    data: [dataSource(1, 'Bank Statement', 'bank_statement'), dataSource(2, 'PG Settlement', 'pg_settlement')],
  });
  mock.onGet(/\/v2\/datasources\/\d+/).reply(200, {
    data: [
      element(1, 'reference', 'VARCHAR'),
      element(2, 'value_date', 'DATE'),
      element(3, 'amount', 'DOUBLE'),
      element(4, 'balance', 'DOUBLE'),
    ],
  });
  mock.onGet('/v2/datatables/columns').reply(200, {
    data: [
      { name: 'reference', type: 'VARCHAR', isMoney: false, isSystem: false },
      { name: 'value_date', type: 'DATE', isMoney: false, isSystem: false },
      { name: 'amount', type: 'DOUBLE', isMoney: true, isSystem: false },
      { name: 'balance', type: 'DOUBLE', isMoney: false, isSystem: false },
    ],
  });
});
afterEach(() => {
  mock.reset();
  localStorage.clear();
});

function renderPage(kind: 'invalid' | 'duplicates') {
  const path = `/transactions/pipeline/${kind}`;
  return renderRoute(
    <WithModule>
      <WithAccess codes={['invalidData', 'pipelineDuplicate', 'fileUpload']}>
        {kind === 'invalid' ? <InvalidRowsPage /> : <DuplicateRowsPage />}
      </WithAccess>
    </WithModule>,
    { path },
  );
}

const rowCalls = (kind: string) => (mock.history.get ?? []).filter((r) => r.url === `/v2/pipelinerows/${kind}`);
const lastRowParams = (kind: string) => rowCalls(kind).at(-1)?.params as Record<string, unknown>;

describe('pipeline rows pages', () => {
  it('shows the invalid rows of the first data source over the last 15 days, each reason as a tag', async () => {
    mock
      .onGet('/v2/pipelinerows/invalid')
      .reply(200, { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [INVALID_ROW] });
    renderPage('invalid');

    const row = (await screen.findByText('BNK0000014', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    // Reasons and headings name the columns as the recon tabs do.
    expect(within(row).getByText('Amount: not an amount')).toBeTruthy();
    expect(within(row).getByText('Value Date: not a valid date in format DD-MM-YYYY')).toBeTruthy();
    const headings = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Reference', 'Value Date', 'Amount']));
    expect(headings).not.toContain('value_date');
    // The file's own text where it is not a number or an ISO date.
    expect(within(row).getByText('1,50')).toBeTruthy();
    expect(within(row).getByText('31-02-2026')).toBeTruthy();
    expect(within(row).getByText('14')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'bank_statement.csv' }).getAttribute('href')).toBe(
      '/operations/history/file-upload?fileId=77',
    );
    expect(lastRowParams('invalid')).toMatchObject({
      dataSourceId: 1,
      start: 0,
      length: 50,
      fromDate: dayjs().subtract(15, 'day').format('YYYY-MM-DD'),
      toDate: dayjs().format('YYYY-MM-DD'),
    });
  });

  it('shows money and dates of duplicate rows in the module formats, other decimals exact', async () => {
    mock
      .onGet('/v2/pipelinerows/duplicates')
      .reply(200, { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [DUPLICATE_ROW] });
    renderPage('duplicates');

    const row = (await screen.findByText('BNK0000002', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('₹1,25,000.50')).toBeTruthy();
    expect(within(row).getByText('02-10-2026')).toBeTruthy();
    expect(within(row).getByText('0.0125')).toBeTruthy();
  });

  it('starts on the data source and range remembered for the module', async () => {
    writePipelineRowsMemory(1, { dataSourceId: 2, from: '2026-09-01', to: '2026-09-30' });
    mock.onGet('/v2/pipelinerows/invalid').reply(200, { draw: 1, recordsTotal: 0, recordsFiltered: 0, data: [] });
    renderPage('invalid');

    await screen.findByText('No Data available', {}, { timeout: 5000 });
    expect(lastRowParams('invalid')).toMatchObject({ dataSourceId: 2, fromDate: '2026-09-01', toDate: '2026-09-30' });
    expect(screen.getByTitle('PG Settlement (Bank vs Gateway Settlement)')).toBeTruthy();
  });

  it('remembers a chosen data source without losing the other transaction filters of the module', async () => {
    writeModuleCache(MODULE_CACHE_NAMES.transactionFilters, 1, { reconFilters: { status: 'ALL' } });
    mock
      .onGet('/v2/pipelinerows/invalid')
      .reply(200, { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [INVALID_ROW] });
    renderPage('invalid');
    await screen.findByText('BNK0000014', {}, { timeout: 5000 });

    await userEvent.click(screen.getByRole('combobox', { name: 'Data Source' }));
    await userEvent.click(
      await screen.findByTitle('PG Settlement (Bank vs Gateway Settlement)', {}, { timeout: 5000 }),
    );

    await waitFor(() => expect(lastRowParams('invalid')).toMatchObject({ dataSourceId: 2, start: 0 }), {
      timeout: 5000,
    });
    expect(readPipelineRowsMemory(1).dataSourceId).toBe(2);
    expect(readModuleCache(MODULE_CACHE_NAMES.transactionFilters, 1)).toMatchObject({
      reconFilters: { status: 'ALL' },
    });
  });

  it('searches a column on the server', async () => {
    mock
      .onGet('/v2/pipelinerows/invalid')
      .reply(200, { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [INVALID_ROW] });
    renderPage('invalid');
    await screen.findByText('BNK0000014', {}, { timeout: 5000 });
    const header = screen.getAllByRole('columnheader').find((h) => h.textContent?.includes('Reference'));
    if (!header) throw new Error('reference column expected');

    await userEvent.click(within(header).getByRole('button'));
    await userEvent.type(
      await screen.findByPlaceholderText('Search Reference', {}, { timeout: 5000 }),
      'BNK00000{Enter}',
    );

    await waitFor(
      () =>
        expect(lastRowParams('invalid')).toMatchObject({
          'columns[0][data]': 'reference',
          'columns[0][search][value]': 'BNK00000',
          start: 0,
        }),
      { timeout: 5000 },
    );
  });

  it('hides a column on request and remembers it for the data source', async () => {
    mock
      .onGet('/v2/pipelinerows/invalid')
      .reply(200, { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [INVALID_ROW] });
    renderPage('invalid');
    await screen.findByText('BNK0000014', {}, { timeout: 5000 });
    expect(screen.getByText('2,49,628.91')).toBeTruthy();

    await userEvent.click(screen.getByText('Columns'));
    const chooser = await screen.findByText('8 of 8 shown', {}, { timeout: 5000 });
    const popover = chooser.closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popover).getByText('Balance'));

    await waitFor(() => expect(screen.queryByText('2,49,628.91')).toBeNull(), { timeout: 5000 });
    expect(readPipelineRowsMemory(1).hiddenColumns).toEqual({ '1': ['balance'] });
  });
});
