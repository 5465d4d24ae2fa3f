import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AllDashboardsPage from '@/features/dashboards/all-dashboards-page';
import DashletEditPage from '@/features/dashboards/dashlet-edit-page';
import DashletListPage from '@/features/dashboards/dashlet-list-page';
import { layoutFor } from '@/features/dashboards/new-dashboard-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

// ECharts draws on a canvas jsdom does not have: the chart stands in as the labelled box the page renders.
vi.mock('@/features/dashboards/components/dashlet-chart', () => ({
  DashletChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const dashlet = (id: number, name: string, kind: string, chartType: string) => ({
  id,
  name,
  kind,
  reconId: kind === 'RUNS' ? null : 4,
  reconName: kind === 'RUNS' ? null : 'Bank vs Gateway',
  chartType,
  parameters: {},
  dashboardCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const MATCH = dashlet(11, 'Match rate', 'MATCH_RATE', 'NUMBER');
const BREAKS = dashlet(12, 'Top partners', 'TOP_BREAKS', 'TABLE');
const RUNS = dashlet(13, 'Runs and failures', 'RUNS', 'BAR');
const AGE = dashlet(14, 'Open by age', 'OPEN_BY_AGE', 'BAR');
const figures = (kind: string, chartType: string, rest: object) => ({
  kind,
  chartType,
  title: 'x',
  asOnDate: '2026-11-27',
  headline: null,
  ...rest,
});

/** A page of the area as the module's user with these privileges sees it at its path. */
const renderPage = (page: ReactElement, path: string, codes: string[]) =>
  renderRoute(
    <WithModule>
      <WithAccess codes={codes}>{page}</WithAccess>
    </WithModule>,
    { path },
  );

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

describe('All Dashboard', () => {
  it('shows the default dashboard with each dashlet in its own state: figures, a table, a failure, nothing yet', async () => {
    mock.onGet('/v2/dashboards').reply(200, {
      data: [{ id: 3, name: 'Recon health', isDefault: true, dashletCount: 4, createdAt: '', updatedAt: '' }],
    });
    mock.onGet('/v2/dashboards/3').reply(200, {
      id: 3,
      name: 'Recon health',
      isDefault: true,
      createdAt: '',
      updatedAt: '',
      layout: [
        { dashletId: 11, x: 0, y: 0, w: 3, h: 4, dashlet: MATCH },
        { dashletId: 12, x: 3, y: 0, w: 5, h: 4, dashlet: BREAKS },
        { dashletId: 13, x: 8, y: 0, w: 4, h: 4, dashlet: RUNS },
        { dashletId: 14, x: 0, y: 4, w: 6, h: 4, dashlet: AGE },
      ],
    });
    mock.onGet('/v2/dashlets/11/data').reply(
      200,
      figures('MATCH_RATE', 'NUMBER', {
        columns: [
          { key: 'name', label: 'Data source', kind: 'label' },
          { key: 'total', label: 'Rows', kind: 'count' },
          { key: 'matched', label: 'Matched', kind: 'count' },
          { key: 'open', label: 'Open', kind: 'count' },
        ],
        rows: [{ name: 'Total', total: 10, matched: 4, open: 6 }],
        headline: { label: 'Match rate', value: '40.00%' },
      }),
    );
    mock.onGet('/v2/dashlets/12/data').reply(
      200,
      figures('TOP_BREAKS', 'TABLE', {
        columns: [
          { key: 'key', label: 'partner', kind: 'label' },
          { key: 'count', label: 'Open rows', kind: 'count' },
          { key: 'amount', label: 'Open amount', kind: 'money' },
        ],
        rows: [{ key: 'Gamma', count: 1, amount: '500.00' }],
      }),
    );
    mock.onGet('/v2/dashlets/13/data').reply(500, {});
    mock.onGet('/v2/dashlets/14/data').reply(
      200,
      figures('OPEN_BY_AGE', 'BAR', {
        columns: [
          { key: 'bucket', label: 'Age (days)', kind: 'label' },
          { key: 'count', label: 'Open rows', kind: 'count' },
        ],
        rows: [{ bucket: '0-7', count: 0 }],
      }),
    );
    renderPage(<AllDashboardsPage />, '/dashboard/all', ['dashboards']);
    const rate = await screen.findByTestId('dashlet-11', {}, { timeout: 5000 });
    expect(await within(rate).findByText('40.00%')).toBeTruthy();
    expect(within(rate).getByText('4 of 10 rows matched, 6 open')).toBeTruthy();
    const breaks = screen.getByTestId('dashlet-12');
    expect(await within(breaks).findByText('Gamma')).toBeTruthy();
    expect(within(breaks).getByText('₹500.00')).toBeTruthy();
    expect(await within(screen.getByTestId('dashlet-13')).findByText('The figures could not be loaded')).toBeTruthy();
    expect(
      await within(screen.getByTestId('dashlet-14')).findByText('Nothing to show yet: no rows match'),
    ).toBeTruthy();
    // Without dashboardConfig the dashlets cannot be dragged.
    expect(screen.queryByLabelText('Drag Match rate')).toBeNull();
  });
});

describe('a REPORT dashlet on a dashboard', () => {
  it('names its report under the title and shows its headline as money', async () => {
    const report = {
      ...dashlet(15, 'Top region', 'REPORT', 'NUMBER'),
      reconId: null,
      reconName: null,
      reportName: 'Totals by region',
    };
    mock.onGet('/v2/dashboards').reply(200, {
      data: [{ id: 5, name: 'Reports', isDefault: true, dashletCount: 1, createdAt: '', updatedAt: '' }],
    });
    mock.onGet('/v2/dashboards/5').reply(200, {
      id: 5,
      name: 'Reports',
      isDefault: true,
      createdAt: '',
      updatedAt: '',
      layout: [{ dashletId: 15, x: 0, y: 0, w: 4, h: 4, dashlet: report }],
    });
    mock.onGet('/v2/dashlets/15/data').reply(
      200,
      figures('REPORT', 'NUMBER', {
        columns: [
          { key: 'c1', label: 'Region', kind: 'label' },
          { key: 'c2', label: 'Total', kind: 'money' },
        ],
        rows: [{ c1: 'NORTH', c2: '1250.35' }],
        headline: { label: 'Total', value: '1250.35' },
      }),
    );
    renderPage(<AllDashboardsPage />, '/dashboard/all', ['dashboards']);
    const card = await screen.findByTestId('dashlet-15', {}, { timeout: 5000 });
    expect(within(card).getByText('Report: Totals by region')).toBeTruthy();
    expect(await within(card).findByText('₹1,250.35')).toBeTruthy();
    // Whose figure it is: the first row's group.
    expect(within(card).getByText('Region: NORTH')).toBeTruthy();
  });
});

describe('New Dashlet', () => {
  it('previews the figures of the draft live, then saves it and goes to the Dashlet List', async () => {
    mock.onGet('/v2/recons').reply(200, {
      data: [{ id: 4, name: 'Bank vs Gateway', description: '', dataSourceCount: 2, createdAt: '', updatedAt: '' }],
    });
    mock.onPost('/v2/dashlets/preview').reply(
      200,
      figures('MATCH_RATE', 'NUMBER', {
        columns: [{ key: 'name', label: 'Data source', kind: 'label' }],
        rows: [{ name: 'Total', total: 8, matched: 6, open: 2 }],
        headline: { label: 'Match rate', value: '75.00%' },
      }),
    );
    mock.onPost('/v2/dashlets').reply(200, MATCH);
    renderPage(<DashletEditPage />, '/dashboard/create-dashlet', ['dashboards', 'dashletConfig']);
    await userEvent.type(await screen.findByLabelText('Name', {}, { timeout: 5000 }), 'Gateway match');
    expect(screen.getByText(/Choose a recon/)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Recon'));
    await userEvent.click(await screen.findByTitle('Bank vs Gateway'));
    expect(await screen.findByText('75.00%', {}, { timeout: 5000 })).toBeTruthy();
    expect(JSON.parse(mock.history.post[0]?.data ?? '{}')).toMatchObject({ kind: 'MATCH_RATE', reconId: 4 });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/dashboard/dashlet-list'));
    const saved = JSON.parse(mock.history.post.at(-1)?.data ?? '{}');
    expect(saved).toEqual({
      name: 'Gateway match',
      kind: 'MATCH_RATE',
      reconId: 4,
      chartType: 'NUMBER',
      parameters: { days: null },
    });
  });
});

describe('Dashlet List', () => {
  it('says what each dashlet reads from: its recon, its report, or the job runs', async () => {
    const REPORT = {
      ...dashlet(15, 'Totals', 'REPORT', 'TABLE'),
      reconId: null,
      reconName: null,
      reportName: 'By region',
    };
    mock.onGet('/v2/dashlets').reply(200, { data: [MATCH, RUNS, REPORT] });
    renderPage(<DashletListPage />, '/dashboard/dashlet-list', ['dashboards', 'dashletConfig']);
    expect(await screen.findByRole('columnheader', { name: 'Reads from' })).toBeTruthy();
    await screen.findByText('Totals');
    const rows = screen.getAllByRole('row').slice(1);
    const readsFrom = screen.getAllByRole('columnheader').findIndex((h) => h.textContent === 'Reads from');
    expect(rows.map((r) => r.querySelectorAll('td')[readsFrom]?.textContent)).toEqual([
      'Bank vs Gateway',
      'Job runs of this product',
      'Report: By region',
    ]);
  });
});

describe('New Dashlet of a report', () => {
  it('choosing kind Report shows the report picker and the rows shown; the preview shows the report’s rows', async () => {
    const config = {
      id: 31,
      name: 'Totals by region',
      description: null,
      dataSourceId: 7,
      dataSourceName: 'Bank',
      reconName: 'Bank vs Gateway',
      columns: [{ field: 'region', label: 'Region' }],
      filters: [],
      groupBy: ['region'],
      aggregates: [{ function: 'SUM', field: 'amount', label: 'Total' }],
      sort: [],
      createdBy: 'admin',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
      lastRun: null,
    };
    mock.onGet('/v2/recons').reply(200, { data: [] });
    mock.onGet('/v2/reports').reply(200, { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [config] });
    mock.onPost('/v2/dashlets/preview').reply(
      200,
      figures('REPORT', 'TABLE', {
        columns: [
          { key: 'c1', label: 'Region', kind: 'label' },
          { key: 'c2', label: 'Day', kind: 'label' },
          { key: 'c3', label: 'Total', kind: 'money' },
          { key: 'c4', label: 'Rows', kind: 'count' },
        ],
        // Two rows may read alike in their first column: both are shown; days read DD-MM-YYYY.
        rows: [
          { c1: 'NORTH', c2: '2026-10-01', c3: '1250.35', c4: 2 },
          { c1: 'NORTH', c2: '2026-10-02', c3: '0.00', c4: 0 },
        ],
      }),
    );
    mock.onPost('/v2/dashlets').reply(200, { ...MATCH, kind: 'REPORT', reconId: null, reconName: null });
    renderPage(<DashletEditPage />, '/dashboard/create-dashlet', ['dashboards', 'dashletConfig']);
    await userEvent.type(await screen.findByLabelText('Name', {}, { timeout: 5000 }), 'Regions');
    expect(screen.queryByLabelText('Report')).toBeNull();
    await userEvent.click(screen.getByLabelText('Figure'));
    await userEvent.click(await screen.findByTitle('Report'));
    expect(screen.queryByLabelText('Recon')).toBeNull();
    expect(screen.getByText('Choose a report to see its first rows.')).toBeTruthy();
    expect(screen.getByLabelText('Rows shown')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Report' }));
    await userEvent.click(await screen.findByTitle('Totals by region'));
    expect(await screen.findByText('₹1,250.35', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('NORTH')).toHaveLength(2);
    expect(screen.getByText('02-10-2026')).toBeTruthy();
    expect(JSON.parse(mock.history.post[0]?.data ?? '{}')).toMatchObject({
      kind: 'REPORT',
      reconId: null,
      chartType: 'TABLE',
      parameters: { reportConfigId: 31 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/dashboard/dashlet-list'));
    expect(JSON.parse(mock.history.post.at(-1)?.data ?? '{}')).toEqual({
      name: 'Regions',
      kind: 'REPORT',
      reconId: null,
      chartType: 'TABLE',
      parameters: { reportConfigId: 31, limit: null },
    });
  });
});

describe('New Dashboard layout', () => {
  it('keeps the places of dashlets already on the dashboard and puts new ones below, two per row', () => {
    expect(layoutFor([1, 2, 3], [{ dashletId: 2, x: 0, y: 0, w: 12, h: 4 }])).toEqual([
      { dashletId: 2, x: 0, y: 0, w: 12, h: 4 },
      { dashletId: 1, x: 0, y: 4, w: 6, h: 5 },
      { dashletId: 3, x: 6, y: 4, w: 6, h: 5 },
    ]);
  });
});
