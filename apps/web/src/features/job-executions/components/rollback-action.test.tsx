import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExecutionDrawer } from '@/features/job-executions/components/execution-drawer';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;
const ROLLERS = ['jobExecutions', 'rollbackHistory', 'createJob'];

function run(overrides: Record<string, unknown> = {}) {
  return {
    id: 41,
    jobId: 3,
    jobName: 'Daily Bank and Gateway Load',
    status: 'COMPLETED',
    statusLabel: 'Completed',
    trigger: 'MANUAL',
    batchNumber: null,
    cycleNumber: null,
    endDate: null,
    errorMessage: null,
    startedBy: 'maker',
    createdAt: '2026-10-02T09:59:00.000Z',
    startedAt: '2026-10-02T10:00:00.000Z',
    finishedAt: '2026-10-02T10:01:30.000Z',
    durationSeconds: 90,
    approvalStatus: null,
    needsFileApproval: false,
    approvedBy: null,
    approvedAt: null,
    activities: [],
    files: [],
    ...overrides,
  };
}

function impact(overrides: Record<string, unknown> = {}) {
  return {
    jobExecutionId: 41,
    jobId: 3,
    jobName: 'Daily Bank and Gateway Load',
    status: 'COMPLETED',
    statusLabel: 'Completed',
    canRollBack: true,
    blockedReason: null,
    tables: [
      {
        pipelineId: 12,
        pipelineName: 'Bank Statement Pipeline',
        dataTableId: 5,
        dataTableName: 'bank_statement',
        files: [{ id: 77, originalName: 'bank_statement.csv', status: 'FINISHED' }],
        rows: 117,
        invalidRows: 2,
      },
    ],
    reconRuns: [
      {
        runId: 18,
        reconId: 4,
        reconName: 'Bank vs Gateway',
        kind: 'ENGINE',
        kindLabel: 'Recon run',
        startedAt: '2026-10-02T10:01:00.000Z',
        startedBy: null,
        rowsClosed: 1200,
        statesRestored: 0,
      },
    ],
    dependencies: [],
    blockingExecutions: [],
    rollbackId: null,
    ...overrides,
  };
}

/** The request as the server answers it: queued, with its steps. */
function requested() {
  return {
    rollbackId: 9,
    jobExecutionId: 41,
    jobName: 'Daily Bank and Gateway Load',
    startTime: '2026-10-02T11:00:00.000Z',
    endTime: null,
    executedBy: 'manager',
    status: 'QUEUED',
    statusLabel: 'Queued',
    jobId: 3,
    executionStatus: 'COMPLETED',
    executionStatusLabel: 'Completed',
    attempt: 1,
    errorMessage: null,
    startedAt: null,
    records: [],
    dependencies: [],
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

/** The impact dialog (the drawer is a dialog too, and in tests both are labelled by the same id). */
const findModal = async () =>
  (await screen.findByText(/Roll back run #41 of Daily Bank and Gateway Load/, {}, { timeout: 5000 })).closest(
    '.ant-modal',
  ) as HTMLElement;

function renderDrawer(codes: string[]) {
  return renderRoute(
    <WithAccess codes={codes}>
      <ExecutionDrawer moduleId={1} executionId={41} onClose={() => undefined} />
    </WithAccess>,
  );
}

describe('Rollback action of a run', () => {
  it('shows what would be undone and asks for the rollback on confirmation', async () => {
    mock.onGet('/v2/jobexecutions/41').reply(200, run());
    mock.onGet('/v2/jobexecutions/41/rollback_impact').reply(200, impact());
    mock.onPut('/v2/executionrollbacks').reply(200, requested());
    renderDrawer(ROLLERS);

    await userEvent.click(await screen.findByRole('button', { name: /Rollback/ }, { timeout: 5000 }));
    const modal = await findModal();
    expect(await within(modal).findByText('Bank vs Gateway · run #18', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(modal).getByText('1,200')).toBeTruthy();
    const table = within(modal).getByText('Bank Statement Pipeline').closest('tr') as HTMLElement;
    expect(within(table).getByText('bank_statement.csv')).toBeTruthy();
    expect(within(table).getByText('117')).toBeTruthy();
    expect(mock.history.put).toHaveLength(0);

    // Without a reason nothing is asked: the dialog says what is missing.
    await userEvent.click(within(modal).getByRole('button', { name: 'Roll back' }));
    expect(
      await within(modal).findByText('Say why this run is rolled back: the reason is kept in the audit log'),
    ).toBeTruthy();
    expect(mock.history.put).toHaveLength(0);

    await userEvent.type(within(modal).getByLabelText('Reason for the rollback'), 'Wrong statement loaded');
    await userEvent.click(within(modal).getByRole('button', { name: 'Roll back' }));
    await waitFor(
      () => expect(mock.history.put?.[0]?.params).toEqual({ Operation: 'RetryFailedJob', jobExecution: 41 }),
      {
        timeout: 5000,
      },
    );
    expect(JSON.parse(mock.history.put?.[0]?.data)).toEqual({ reason: 'Wrong statement loaded' });
    await waitFor(
      () =>
        expect(capture.toasts).toContainEqual(
          expect.objectContaining({ type: 'success', title: 'Rollback requested: it runs in the background' }),
        ),
      { timeout: 5000 },
    );
  }, 40_000);

  it('names the later runs that block it and offers no confirmation', async () => {
    mock.onGet('/v2/jobexecutions/41').reply(200, run());
    mock.onGet('/v2/jobexecutions/41/rollback_impact').reply(
      200,
      impact({
        canRollBack: false,
        blockedReason: 'Later job executions used the data of this run: roll them back first — #45 (Evening Load)',
        blockingExecutions: [
          { jobExecutionId: 45, jobName: 'Evening Load', status: 'COMPLETED', reasons: ['CLOSED_LOADED_ROWS'] },
        ],
        dependencies: [
          {
            runId: 23,
            reconId: 4,
            reconName: 'Bank vs Gateway',
            kind: 'ENGINE',
            kindLabel: 'Recon run',
            startedAt: '2026-10-03T10:00:00.000Z',
            startedBy: null,
            rowsClosed: 4,
            statesRestored: 0,
            reason: 'CLOSED_LOADED_ROWS',
            reasonText: 'Matched or changed rows this execution loaded',
            dependsOnRunId: null,
            jobExecutionId: 45,
            jobName: 'Evening Load',
            isBlocking: true,
            status: 'DEPENDENCY_EXPLORED',
            statusLabel: 'Dependency Explored',
          },
        ],
      }),
    );
    renderDrawer(ROLLERS);

    await userEvent.click(await screen.findByRole('button', { name: /Rollback/ }, { timeout: 5000 }));
    const modal = await findModal();
    expect(await within(modal).findByText('Later runs used the data of this run', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(modal).getByText('Run #45')).toBeTruthy();
    expect(within(modal).getByText(/Evening Load — Matched rows it loaded/)).toBeTruthy();
    expect((within(modal).getByRole('button', { name: 'Roll back' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is offered only for a finished run and to holders of the rollback privileges', async () => {
    mock.onGet('/v2/jobexecutions/41').reply(200, run());
    const { unmount } = renderDrawer(['jobExecutions', 'rollbackHistory']);
    await screen.findByText('Daily Bank and Gateway Load', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Rollback/ })).toBeNull();
    unmount();

    mock.onGet('/v2/jobexecutions/41').reply(200, run({ status: 'ROLLED_BACK', statusLabel: 'Rollback' }));
    const { router } = renderDrawer(ROLLERS);
    await screen.findByText('Daily Bank and Gateway Load', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /^Rollback$/ })).toBeNull();
    // A rolled-back run links to its rollback instead.
    await userEvent.click(screen.getByText('Open in Rollback History'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/operations/history/rollback-history?jobExecutionId=41',
      ),
    );
  });
});
