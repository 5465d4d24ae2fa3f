import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import RollbackHistoryPage from '@/features/rollbacks/rollback-history-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

function row(overrides: Record<string, unknown> = {}) {
  return {
    rollbackId: 9,
    jobExecutionId: 41,
    jobName: 'Daily Bank and Gateway Load',
    startTime: '2026-10-02T10:00:00.000Z',
    endTime: '2026-10-02T10:00:07.000Z',
    executedBy: 'manager',
    status: 'ROLLBACK_FINISHED',
    statusLabel: 'Rollback Finished',
    ...overrides,
  };
}
const page = (rows: unknown[]) => ({ draw: 1, recordsTotal: rows.length, recordsFiltered: rows.length, data: rows });

function detail(overrides: Record<string, unknown> = {}) {
  return {
    ...row({ status: 'ROLLBACK_FAILED', statusLabel: 'Failed', endTime: '2026-10-02T10:00:05.000Z' }),
    jobId: 3,
    executionStatus: 'COMPLETED',
    executionStatusLabel: 'Completed',
    attempt: 1,
    errorMessage: 'Step 3 (Pipeline Gateway Pipeline): injected failure',
    startedAt: '2026-10-02T10:00:01.000Z',
    records: [
      {
        id: 1,
        sequence: 1,
        entityKind: 'recon',
        entityKindLabel: 'Recon',
        entityId: 4,
        entityName: 'Bank vs Gateway',
        reconRunId: 18,
        fileIds: [],
        status: 'ROLLBACK_FINISHED',
        statusLabel: 'Rolled Back',
        counts: { stateRowsRemoved: 1200, statesRestored: 2 },
        errorMessage: null,
        startedAt: '2026-10-02T10:00:01.000Z',
        finishedAt: '2026-10-02T10:00:02.000Z',
      },
      {
        id: 2,
        sequence: 2,
        entityKind: 'pipeline',
        entityKindLabel: 'Pipeline',
        entityId: 12,
        entityName: 'Gateway Pipeline',
        reconRunId: null,
        fileIds: [77],
        status: 'ROLLBACK_FAILED',
        statusLabel: 'Failed',
        counts: {},
        errorMessage: 'injected failure',
        startedAt: '2026-10-02T10:00:02.000Z',
        finishedAt: '2026-10-02T10:00:05.000Z',
      },
    ],
    dependencies: [
      {
        runId: 19,
        reconId: 4,
        reconName: 'Bank vs Gateway',
        kind: 'UNMATCH',
        kindLabel: 'Unmatch',
        startedAt: '2026-10-02T09:30:00.000Z',
        startedBy: 'operator',
        rowsClosed: 2,
        statesRestored: 2,
        reason: 'CLOSED_LOADED_ROWS',
        reasonText: 'Matched or changed rows this execution loaded',
        dependsOnRunId: null,
        jobExecutionId: null,
        jobName: null,
        isBlocking: false,
        status: 'ROLLBACK_FINISHED',
        statusLabel: 'Rolled Back',
      },
    ],
    ...overrides,
  };
}

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(initialEntry = '/operations/history/rollback-history', codes = ['rollbackHistory']) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <RollbackHistoryPage />
      </WithAccess>
    </WithModule>,
    { path: '/operations/history/rollback-history', initialEntry },
  );
}

const listParams = () =>
  (mock.history.get ?? []).filter((r) => r.url === '/v2/executionrollbacks').at(-1)?.params as Record<string, unknown>;

describe('rollback history page', () => {
  it("lists the rollbacks with the spec's columns and status labels in their colours", async () => {
    mock
      .onGet('/v2/executionrollbacks')
      .reply(
        200,
        page([
          row(),
          row({ rollbackId: 8, status: 'ONGOING', statusLabel: 'Ongoing..', endTime: null }),
          row({ rollbackId: 7, status: 'ROLLBACK_FAILED', statusLabel: 'Failed' }),
          row({ rollbackId: 6, status: 'REJECTED', statusLabel: 'Approval rejected' }),
        ]),
      );
    renderPage();

    const finished = (await screen.findByText('Rollback #9', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(finished).getByText('Daily Bank and Gateway Load')).toBeTruthy();
    expect(within(finished).getByText('Run #41')).toBeTruthy();
    expect(within(finished).getByText('manager')).toBeTruthy();
    const tagOf = (text: string) => screen.getByText(text).closest('.ant-tag') as HTMLElement;
    expect(tagOf('Rollback Finished').className).toContain('ant-tag-success');
    expect(tagOf('Ongoing..').className).toContain('ant-tag-processing');
    expect(tagOf('Failed').className).toContain('ant-tag-error');
    expect(tagOf('Approval rejected').className).toContain('ant-tag-error');
    const ongoing = screen.getByText('Rollback #8').closest('tr') as HTMLElement;
    expect(within(ongoing).getByText('—')).toBeTruthy();
    for (const header of ['Rollback #', 'Job Name', 'Start Time', 'End Time', 'Executed By', 'Status']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(screen.getByText(/Refreshing every 3 s/)).toBeTruthy();
    expect(listParams()).toMatchObject({ start: 0, 'columns[1][data]': 'jobName' });
    expect(listParams().fromDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('sends the status and job name filters to the server', async () => {
    mock.onGet('/v2/executionrollbacks').reply(200, page([row()]));
    renderPage(
      '/operations/history/rollback-history?status=ROLLBACK_FAILED&jobName=Daily&from=2026-10-01&to=2026-10-31',
    );
    await screen.findByText('Rollback #9', {}, { timeout: 5000 });
    expect(listParams()).toMatchObject({
      status: 'ROLLBACK_FAILED',
      fromDate: '2026-10-01',
      toDate: '2026-10-31',
      'columns[1][search][value]': 'Daily',
    });
  });

  it("shows one run's rollbacks whenever they were requested, until Show all", async () => {
    mock.onGet('/v2/executionrollbacks').reply(200, page([row()]));
    renderPage('/operations/history/rollback-history?jobExecutionId=41');
    await screen.findByText('Rollback #9', {}, { timeout: 5000 });
    expect(listParams()).toMatchObject({ jobExecutionId: 41 });
    expect(listParams().fromDate).toBeUndefined();
    await userEvent.click(screen.getByText('Show all'));
    await waitFor(() => expect(listParams().jobExecutionId).toBeUndefined(), { timeout: 5000 });
    expect(listParams().fromDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('opens a rollback with its steps, what each undid, the failure and the dependencies', async () => {
    mock.onGet('/v2/executionrollbacks').reply(200, page([row()]));
    mock.onGet('/v2/executionrollbacks/9').reply(200, detail());
    renderPage('/operations/history/rollback-history?rollbackId=9');

    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(
      await within(dialog).findByText('Step 3 (Pipeline Gateway Pipeline): injected failure', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const recon = within(dialog).getByText('Bank vs Gateway · run #18').closest('tr') as HTMLElement;
    expect(within(recon).getByText('Rows re-opened: 1,200')).toBeTruthy();
    expect(within(recon).getByText('Earlier states restored: 2')).toBeTruthy();
    expect(within(recon).getByText('Rolled Back')).toBeTruthy();
    const pipeline = within(dialog).getByText('Gateway Pipeline').closest('tr') as HTMLElement;
    expect(within(pipeline).getByText('injected failure')).toBeTruthy();
    const dependency = within(dialog).getByText('Unmatch · run #19').closest('tr') as HTMLElement;
    expect(within(dependency).getByText('Matched rows it loaded')).toBeTruthy();
    expect(within(dependency).getByText('operator')).toBeTruthy();
    // Without the right to request rollbacks there is no retry.
    expect(within(dialog).queryByRole('button', { name: /Retry rollback/ })).toBeNull();
  });

  it('retries a failed rollback only after the confirmation', async () => {
    mock.onGet('/v2/executionrollbacks').reply(200, page([row()]));
    mock.onGet('/v2/executionrollbacks/9').reply(200, detail());
    mock
      .onPut('/v2/executionrollbacks/executeFailedJob/9')
      .reply(200, detail({ status: 'QUEUED', statusLabel: 'Queued', attempt: 2 }));
    renderPage('/operations/history/rollback-history?rollbackId=9', ['rollbackHistory', 'jobExecutions', 'createJob']);

    // Text queries: role queries over the page, the drawer and its tables are slow on a loaded machine.
    await userEvent.click(await screen.findByText('Retry rollback', {}, { timeout: 5000 }));
    expect(await screen.findByText('Are you sure?', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/continues from the step that failed/)).toBeTruthy();
    expect(mock.history.put).toHaveLength(0);
    await userEvent.click(screen.getByText('Confirm'));

    await waitFor(
      () => expect(mock.history.put?.map((r) => r.url)).toEqual(['/v2/executionrollbacks/executeFailedJob/9']),
      {
        timeout: 5000,
      },
    );
    await waitFor(
      () =>
        expect(capture.toasts).toContainEqual(
          expect.objectContaining({ type: 'success', title: 'Rollback resumed from the step that failed' }),
        ),
      { timeout: 5000 },
    );
  }, 40_000);
});
