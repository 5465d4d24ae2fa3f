import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ReportConfigListPage from '@/features/reports/report-config-list-page';
import ReportsExecutionPage from '@/features/reports/reports-execution-page';
import { http } from '@/lib/http';
import { readModuleCache, writeModuleCache } from '@/lib/module-cache';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const report = (overrides: Record<string, unknown> = {}) => ({
  id: 3,
  name: 'Rows of a region',
  description: 'Settlement rows by region',
  dataSourceId: 7,
  dataSourceName: 'Bank Statement',
  reconName: 'Bank vs Gateway',
  columns: [
    { field: 'reference', label: 'Reference' },
    { field: 'amount', label: 'Amount' },
  ],
  filters: [{ field: 'region', operator: 'IN', values: ['NORTH'], connector: 'AND', dynamic: true }],
  groupBy: [],
  aggregates: [],
  sort: [],
  createdBy: 'admin',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  lastRun: null,
  ...overrides,
});
const execution = (id: number, values: string[]) => ({
  id,
  reportId: 3,
  reportName: 'Rows of a region',
  status: 'COMPLETED',
  trigger: 'MANUAL',
  runBy: 'admin',
  jobExecutionId: null,
  startedAt: '2026-11-02T10:00:00.000Z',
  finishedAt: '2026-11-02T10:00:01.250Z',
  durationMs: 1250,
  rowCount: 2,
  filters: [{ field: 'region', operator: 'IN', values, connector: 'AND', dynamic: true }],
  error: null,
});
const page = <T,>(data: T[]) => ({ draw: 0, recordsTotal: data.length, recordsFiltered: data.length, data });

beforeEach(() => {
  localStorage.clear();
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

describe('Reports Execution', () => {
  it('asks the run-time filter with the value remembered for the module, runs it and pages its results', async () => {
    writeModuleCache('reportFilters', 1, { '3': { '0': 'EAST' } });
    mock.onGet('/v2/reports').reply(200, page([report()]));
    mock.onGet('/v2/reports/3').reply(200, report());
    mock.onGet('/v2/reports/executions').replyOnce(200, page([]));
    mock.onPost('/v2/reports/3/executions').replyOnce(200, execution(41, ['EAST', 'WEST']));
    mock.onGet('/v2/reports/executions').reply(200, page([execution(41, ['EAST', 'WEST'])]));
    mock.onGet('/v2/reports/executions/41/results').reply(200, {
      ...page([
        ['R7', '777.77'],
        ['R5', '500.00'],
      ]),
      columns: [
        { key: 'c1', label: 'Reference', kind: 'text' },
        { key: 'c2', label: 'Amount', kind: 'amount' },
      ],
    });
    renderRoute(
      <WithModule>
        <WithAccess codes={['reportExecutions']}>
          <ReportsExecutionPage />
        </WithAccess>
      </WithModule>,
      { path: '/reports/reports-execution', initialEntry: '/reports/reports-execution?report=3' },
    );
    const value = (await screen.findByLabelText('Value for Region', {}, { timeout: 5000 })) as HTMLInputElement;
    await waitFor(() => expect(value.value).toBe('EAST'));
    await userEvent.type(value, ', WEST');
    await userEvent.click(screen.getByRole('button', { name: /Run Report/ }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({
      filterValues: [{ index: 0, values: ['EAST', 'WEST'] }],
    });
    const results = await screen.findByText('Rows of a region — run #41', {}, { timeout: 5000 });
    const card = results.closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('₹777.77')).toBeTruthy();
    expect(within(card).getByText('1.25 s')).toBeTruthy();
    expect(readModuleCache('reportFilters', 1)).toEqual({ '3': { '0': 'EAST, WEST' } });
    expect(await screen.findByRole('cell', { name: 'Region is one of EAST, WEST' })).toBeTruthy();
  });

  it('exports a run to the Downloads area', async () => {
    mock.onGet('/v2/reports').reply(200, page([report()]));
    mock.onGet('/v2/reports/3').reply(200, report());
    mock.onGet('/v2/reports/executions').reply(200, page([execution(41, ['NORTH'])]));
    mock.onGet('/v2/reports/executions/41/results').reply(200, { ...page([]), columns: [] });
    mock.onGet('/v2/reports/executions/41/download').replyOnce(202, {
      id: 9,
      fileName: 'rows.csv',
      reportType: 'REPORT',
      format: 'CSV',
      scope: 'ALL_COLUMNS',
      status: 'SUBMITTED',
      requestedOn: '2026-11-02T10:00:00.000Z',
      requestedBy: 'admin',
      finishedOn: null,
      rowCount: null,
      size: null,
      error: null,
    });
    renderRoute(
      <WithModule>
        <WithAccess codes={['reportExecutions']}>
          <ReportsExecutionPage />
        </WithAccess>
      </WithModule>,
      { path: '/reports/reports-execution', initialEntry: '/reports/reports-execution?report=3' },
    );
    await userEvent.hover(await screen.findByRole('button', { name: /Export/ }, { timeout: 5000 }));
    await userEvent.click(await screen.findByText('CSV file'));
    await waitFor(() =>
      expect(mock.history.get.some((r) => r.url === '/v2/reports/executions/41/download')).toBe(true),
    );
    const asked = mock.history.get.find((r) => r.url === '/v2/reports/executions/41/download');
    expect(asked?.params).toMatchObject({ format: 'CSV' });
  });
});

describe('Report Config List', () => {
  it('lists the reports and previews a definition in the editor before saving it', async () => {
    mock.onGet('/v2/reports').reply((config) =>
      config.params?.Find === 'DataSources'
        ? [
            200,
            {
              data: [
                {
                  dataSourceId: 7,
                  name: 'Bank Statement',
                  reconName: 'Bank vs Gateway',
                  columns: [
                    { name: 'reference', label: 'Reference', kind: 'text' },
                    { name: 'amount', label: 'Amount', kind: 'number' },
                  ],
                },
              ],
            },
          ]
        : [200, page([report()])],
    );
    mock.onPost('/v2/reports/preview').replyOnce(200, {
      columns: [
        { key: 'c1', label: 'Reference', kind: 'text' },
        { key: 'c2', label: 'Amount', kind: 'amount' },
      ],
      rows: [['R1', '1000.10']],
    });
    renderRoute(
      <WithModule>
        <WithAccess codes={['reportsList', 'reportExecutions']}>
          <ReportConfigListPage />
        </WithAccess>
      </WithModule>,
      { path: '/reports/report-config-list' },
    );
    const row = (await screen.findByText('Rows of a region', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Bank Statement (Bank vs Gateway)')).toBeTruthy();
    expect(within(row).getByText('Asks at run time')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0]?.data as string)).toMatchObject({
      dataSourceId: 7,
      columns: [
        { field: 'reference', label: 'Reference' },
        { field: 'amount', label: 'Amount' },
      ],
      filters: [{ field: 'region', operator: 'IN', values: ['NORTH'], connector: 'AND', dynamic: true }],
    });
    expect(await within(drawer).findByText('₹1,000.10')).toBeTruthy();
    expect(within(drawer).getByText('Preview: the first row')).toBeTruthy();
  });
});
