import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import RunJobPage from '@/features/jobs/run-job-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const filters = (enabled: string[]) =>
  ['SHOW_DATE_RANGE', 'SHOULD_RUN_BATCH_WISE', 'SHOULD_RUN_CYCLE_WISE', 'SHOW_BATCH_NUMBER_TIME_MAPPING'].map(
    (name, i) => ({ filterName: { id: i + 1, dataType: 'BOOLEAN', name }, enabled: enabled.includes(name) }),
  );
const job = (enabled: string[]) => ({
  id: 3,
  name: 'Daily Bank and Gateway Load',
  description: 'Loads the day’s files',
  noOfRetrial: 1,
  retrialInterval: 5,
  scheduleType: 'MANUAL',
  cronExpression: null,
  cronState: null,
  moduleId: 1,
  dashboardId: null,
  fileApprovalEnabled: false,
  eventName: null,
  activities: [],
  jobFilters: filters(enabled),
  lastExecution: null,
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-01T09:00:00Z',
});
const EXECUTION = {
  id: 41,
  jobId: 3,
  jobName: 'Daily Bank and Gateway Load',
  status: 'RUNNABLE',
  statusLabel: 'Queued',
  trigger: 'MANUAL',
  batchNumber: null,
  cycleNumber: 9,
  endDate: null,
  errorMessage: null,
  startedBy: 'asha.k',
  createdAt: '2026-10-01T09:00:00Z',
  startedAt: null,
  finishedAt: null,
  durationSeconds: null,
  approvalStatus: null,
  needsFileApproval: false,
  approvedBy: null,
  approvedAt: null,
  activities: [],
  files: [],
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage() {
  return renderRoute(
    <WithModule>
      <RunJobPage />
    </WithModule>,
    { path: '/operations/jobs/run-job/:jobId', initialEntry: '/operations/jobs/run-job/3' },
  );
}

describe('run job', () => {
  it('asks for the batch number of a batch-wise job and sends nothing without it', async () => {
    mock.onGet('/v2/jobs/3').reply(200, job(['SHOULD_RUN_BATCH_WISE', 'SHOW_BATCH_NUMBER_TIME_MAPPING']));
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Run Job' }));

    expect(capture.toasts).toEqual([expect.objectContaining({ type: 'error', title: 'Batch Number is required' })]);
    expect(mock.history.post).toHaveLength(0);
    // With the time mapping, batches are the day's half-hour slots.
    await userEvent.click(screen.getByRole('combobox', { name: 'Batch Number' }));
    expect(await screen.findByTitle('1 (00:30)')).toBeTruthy();
  });

  it('asks for the cycle of a cycle-wise job', async () => {
    mock.onGet('/v2/jobs/3').reply(200, job(['SHOULD_RUN_CYCLE_WISE']));
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Run Job' }));

    expect(capture.toasts).toEqual([expect.objectContaining({ type: 'error', title: 'Cycle Number is required' })]);
  });

  it('sends cycle 1C as 9 and opens the new run in the execution history', async () => {
    mock.onGet('/v2/jobs/3').reply(200, job(['SHOULD_RUN_CYCLE_WISE']));
    mock.onPost('/v2/jobs').reply(200, EXECUTION);
    const { router } = renderPage();

    await userEvent.click(await screen.findByRole('combobox', { name: 'Cycle Number' }));
    await userEvent.click(await screen.findByTitle('1C'));
    await userEvent.click(screen.getByRole('button', { name: 'Run Job' }));

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/operations/history/execution-history?executionId=41',
      ),
    );
    expect(mock.history.post?.[0]?.params).toEqual({ opertionType: 'MANUAL_JOB_EXEC' });
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      id: 3,
      jobExecutionParam: { batchNumber: null, cycleNumber: 9, endDate: null },
    });
    expect(capture.toasts).toContainEqual(expect.objectContaining({ type: 'success', title: 'Job execution started' }));
  });
});
