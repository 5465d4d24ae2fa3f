import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobExecutionsQuery } from '@/features/job-executions/api/get-job-executions';
import ExecutionHistoryPage from '@/features/job-executions/execution-history-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

function runRow(overrides: Record<string, unknown> = {}) {
  return {
    id: 41,
    jobId: 3,
    jobName: 'Daily Bank and Gateway Load',
    status: 'COMPLETED',
    statusLabel: 'Completed',
    trigger: 'MANUAL',
    batchNumber: 3,
    cycleNumber: 9,
    endDate: '2026-10-02',
    errorMessage: null,
    startedBy: 'admin',
    createdAt: '2026-10-02T09:59:00.000Z',
    startedAt: '2026-10-02T10:00:00.000Z',
    finishedAt: '2026-10-02T10:03:05.000Z',
    durationSeconds: 185,
    approvalStatus: null,
    ...overrides,
  };
}

const page = (rows: unknown[]) => ({ draw: 1, recordsTotal: rows.length, recordsFiltered: rows.length, data: rows });

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/jobs').reply(200, {
    data: [
      { id: 3, name: 'Daily Bank and Gateway Load', moduleId: 1, moduleName: 'Payments' },
      { id: 9, name: 'Cards Load', moduleId: 2, moduleName: 'Cards' },
    ],
  });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(initialEntry = '/operations/history/execution-history', codes = ['jobExecutions']) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <ExecutionHistoryPage />
      </WithAccess>
    </WithModule>,
    { path: '/operations/history/execution-history', initialEntry },
  );
}

const listCalls = () => (mock.history.get ?? []).filter((r) => r.url === '/v2/jobexecutions');
const lastListParams = () => listCalls().at(-1)?.params as Record<string, unknown>;

describe('execution history page', () => {
  it('lists the runs with the spec labels, batch slot, cycle label and duration', async () => {
    mock.onGet('/v2/jobexecutions').reply(
      200,
      page([
        runRow(),
        runRow({
          id: 42,
          status: 'RUNNABLE',
          statusLabel: 'Queued',
          startedAt: null,
          finishedAt: null,
          durationSeconds: null,
        }),
        runRow({ id: 43, status: 'ROLLED_BACK', statusLabel: 'Rollback', trigger: 'CRON', startedBy: null }),
      ]),
    );
    renderPage();

    const completed = (await screen.findByText('Completed', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(completed).getByText('Batch 3 (01:30)')).toBeTruthy();
    expect(within(completed).getByText('Cycle 1C')).toBeTruthy();
    expect(within(completed).getByText('3m 05s')).toBeTruthy();
    expect(within(completed).getByText('02-10-2026')).toBeTruthy();
    expect(screen.getByText('Queued')).toBeTruthy();
    const rolledBack = screen.getByText('Rollback').closest('tr') as HTMLElement;
    expect(within(rolledBack).getByText('Scheduled')).toBeTruthy();
    expect(within(rolledBack).getByText('Scheduler')).toBeTruthy();
  });

  it('asks for the last 15 days by default, in the brand page size', async () => {
    mock.onGet('/v2/jobexecutions').reply(200, page([runRow()]));
    renderPage();
    await screen.findByText('Completed', {}, { timeout: 5000 });

    expect(lastListParams()).toMatchObject({
      start: 0,
      length: 50,
      fromDate: dayjs().subtract(15, 'day').format('YYYY-MM-DD'),
      toDate: dayjs().format('YYYY-MM-DD'),
    });
  });

  it('sends the job and status filters of the URL and offers only the jobs of the module', async () => {
    mock.onGet('/v2/jobexecutions').reply(200, page([runRow({ status: 'FAILED', statusLabel: 'Failed' })]));
    renderPage('/operations/history/execution-history?jobId=3&status=FAILED&from=2026-10-01&to=2026-10-05');
    await screen.findByText('Failed', {}, { timeout: 5000 });

    expect(lastListParams()).toMatchObject({
      jobId: 3,
      status: 'FAILED',
      fromDate: '2026-10-01',
      toDate: '2026-10-05',
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Job Name' }));
    expect(await screen.findByRole('option', { name: 'Daily Bank and Gateway Load' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Cards Load' })).toBeNull();
  });

  it('sorts on the server and keeps the sort in the URL', async () => {
    mock.onGet('/v2/jobexecutions').reply(200, page([runRow()]));
    const { router } = renderPage();
    await screen.findByText('Completed', {}, { timeout: 5000 });

    await userEvent.click(screen.getByRole('columnheader', { name: /Duration/ }));

    await waitFor(() => expect(router.state.location.search).toContain('sort=durationSeconds'), { timeout: 5000 });
    const params = lastListParams();
    const index = Object.entries(params).find(
      ([k, v]) => /^columns\[\d+\]\[data\]$/.test(k) && v === 'durationSeconds',
    );
    expect(index).toBeTruthy();
    const column = /\d+/.exec(index?.[0] ?? '')?.[0];
    expect(params).toMatchObject({ 'order[0][column]': Number(column), 'order[0][dir]': 'asc' });
  });

  it('asks again while a run is queued or processing and stops once none is', async () => {
    mock
      .onGet('/v2/jobexecutions')
      .replyOnce(200, page([runRow({ status: 'RUNNING', statusLabel: 'Processing...' })]))
      .onGet('/v2/jobexecutions')
      .reply(200, page([runRow()]));
    const { client } = renderPage();
    await screen.findByText('Processing...', {}, { timeout: 5000 });
    expect(screen.getByText(/Refreshing every 5 s/)).toBeTruthy();

    await client.refetchQueries({ queryKey: ['job-executions', 1, 'list'] });

    expect(await screen.findByText('Completed', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/Refreshing every/)).toBeNull();
  });

  it('sets the refresh interval only while a run of the page is queued or processing', () => {
    const { refetchInterval } = jobExecutionsQuery(1, {
      start: 0,
      length: 50,
      fromDate: '2026-10-01',
      toDate: '2026-10-15',
    });
    if (typeof refetchInterval !== 'function') throw new Error('the interval depends on the answer');
    const withRows = (rows: unknown[]) => refetchInterval({ state: { data: page(rows) } } as never);
    expect(withRows([runRow({ status: 'RUNNABLE' })])).toBe(5000);
    expect(withRows([runRow({ status: 'RUNNING' }), runRow()])).toBe(5000);
    expect(withRows([runRow(), runRow({ status: 'FAILED' })])).toBe(false);
  });

  it('shows No Data available when no run matches', async () => {
    mock.onGet('/v2/jobexecutions').reply(200, page([]));
    renderPage();
    expect(await screen.findByText('No Data available', {}, { timeout: 5000 })).toBeTruthy();
  });
});
