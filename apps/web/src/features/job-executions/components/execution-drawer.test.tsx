import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExecutionDrawer } from '@/features/job-executions/components/execution-drawer';
import ExecutionHistoryPage from '@/features/job-executions/execution-history-page';
import {
  awaitingApproval,
  executionDetail,
  PIPELINE_ACTIVITY,
  RECON_ACTIVITY,
} from '@/features/job-executions/testing/fixtures';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const FILE_SUMMARY = {
  data: [
    {
      fileId: 77,
      fileName: 'bank_statement.csv',
      status: 'FINISHED',
      uploadStatus: 'VALID',
      errorKind: 'File Contains Invalid Records',
      errorMessage: 'amount: not an amount (2 rows)',
      totalRows: 120,
      validRows: 117,
      invalidRows: 2,
      duplicateRows: 1,
      uploadedAt: '2026-10-02T09:58:00.000Z',
    },
  ],
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/jobs').reply(200, { data: [] });
  mock.onGet('/v2/jobexecutions').reply(200, { draw: 1, recordsTotal: 0, recordsFiltered: 0, data: [] });
  mock.onGet('/v2/pipelines/12/file_summary').reply(200, FILE_SUMMARY);
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(id = 41) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['jobExecutions']}>
        <ExecutionHistoryPage />
      </WithAccess>
    </WithModule>,
    {
      path: '/operations/history/execution-history',
      initialEntry: `/operations/history/execution-history?executionId=${id}`,
    },
  );
}

/** The drawer alone, as the page opens it. */
function renderDrawer(codes: string[]) {
  return renderRoute(
    <WithAccess codes={codes}>
      <ExecutionDrawer moduleId={1} executionId={41} onClose={() => undefined} />
    </WithAccess>,
  );
}

const dialog = () => screen.getByRole('dialog');

/** The server's maker-checker answer: may this user decide on run 41's files? */
const answerApprovalCheck = (answer: { canApprove: boolean; message: string | null }) =>
  mock.onPost('/v2/jobexecutions/41/file-approval-validate-maker-checker').reply(200, answer);

describe('execution drawer', () => {
  it('opens from ?executionId= with the activities, their counts and the files each pipeline loaded', async () => {
    mock.onGet('/v2/jobexecutions/41').reply(200, executionDetail());
    renderPage();

    const pipelineRow = (await screen.findByText('Bank Statement Pipeline', {}, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(pipelineRow).getByText('117')).toBeTruthy();
    expect(within(pipelineRow).getByText('120')).toBeTruthy();
    expect(await screen.findByText('bank_statement.csv', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('File Contains Invalid Records')).toBeTruthy();
    expect(screen.getByText('amount: not an amount (2 rows)')).toBeTruthy();
    expect(mock.history.get?.find((r) => r.url === '/v2/pipelines/12/file_summary')?.params).toEqual({
      jobExecutionId: 41,
    });
    expect(within(dialog()).getAllByText('Activity type RECON cannot run yet in this version').length).toBeGreaterThan(
      0,
    );
  });

  it('shows why a rejected file failed, per column with counts and samples, and what skip rules took out', async () => {
    mock.onGet('/v2/jobexecutions/41').reply(200, executionDetail());
    mock.onGet('/v2/pipelines/12/file_summary').reply(200, {
      data: [
        {
          ...FILE_SUMMARY.data[0],
          fileName: 'settlement.txt',
          status: 'REJECTED',
          errorMessage: '628 of 640 rows are invalid, over the limit of 0 rows: nothing was loaded.',
          totalRows: 640,
          validRows: 0,
          invalidRows: 628,
          duplicateRows: 0,
          skippedRows: 3,
          skipped: [{ reason: 'Rows at the bottom', count: 3 }],
          rejection: {
            reasons: [
              {
                column: 'posted_date',
                problem: 'not a valid date in format YYYY-MM-DD',
                count: 628,
                samples: ['01.03.2026'],
              },
            ],
            firstRows: [
              {
                rowNo: 2,
                reasons: ['posted_date: not a valid date in format YYYY-MM-DD'],
                values: { posted_date: '01.03.2026' },
              },
            ],
          },
        },
      ],
    });
    renderPage();

    expect(await screen.findByText('settlement.txt', {}, { timeout: 5000 })).toBeTruthy();
    expect(
      screen.getByText("posted_date: 628 rows not a valid date in format YYYY-MM-DD, e.g. '01.03.2026'"),
    ).toBeTruthy();
    expect(screen.getByText('Rows at the bottom')).toBeTruthy();
    expect(screen.getByText('First 1 failing rows')).toBeTruthy();
  });

  it('closes by dropping executionId from the URL', async () => {
    mock
      .onGet('/v2/jobexecutions/41')
      .reply(200, executionDetail({ status: 'COMPLETED', statusLabel: 'Completed', errorMessage: null }));
    const { router } = renderPage();
    await screen.findByText('Bank Statement Pipeline', {}, { timeout: 5000 });

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(router.state.location.search).not.toContain('executionId'), { timeout: 5000 });
  });

  it('retries a failed run from its failed activity only after the confirmation', async () => {
    mock.onGet('/v2/jobexecutions/41').reply(200, executionDetail());
    mock
      .onPut('/v2/jobexecutions/executeFailedJob/41')
      .reply(200, executionDetail({ status: 'RUNNABLE', statusLabel: 'Queued' }));
    renderDrawer(['jobExecutions', 'createJob']);

    await userEvent.click(await screen.findByRole('button', { name: /Retry from failed activity/ }, { timeout: 5000 }));
    expect(await screen.findByText('Are you sure?', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/continues from activity 2 \(Bank vs Gateway Settlement\)/)).toBeTruthy();
    expect(mock.history.put).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(
      () => expect(mock.history.put?.map((r) => r.url)).toEqual(['/v2/jobexecutions/executeFailedJob/41']),
      { timeout: 5000 },
    );
    await waitFor(
      () =>
        expect(capture.toasts).toContainEqual(
          expect.objectContaining({ type: 'success', title: 'Job execution resumed from its failed activity' }),
        ),
      { timeout: 5000 },
    );
  });

  it('offers no retry without the createJob privilege', async () => {
    mock.onGet('/v2/jobexecutions/41').reply(200, executionDetail());
    renderDrawer(['jobExecutions']);
    await screen.findByText('Bank Statement Pipeline', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Retry from failed activity/ })).toBeNull();
  });

  it('tells a checker who may not approve why, and offers no decision', async () => {
    mock.onGet('/v2/jobexecutions/41').reply(200, awaitingApproval());
    answerApprovalCheck({ canApprove: false, message: 'You started this run: another user must approve its files' });
    renderDrawer(['jobExecutions', 'fileApproval']);

    expect(
      await screen.findByText('You started this run: another user must approve its files', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      jobExecutionId: 41,
      selectedExecutionActivities: [501],
    });
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull();
  });

  it('approves the files of a waiting run after the confirmation', async () => {
    mock.onGet('/v2/jobexecutions/41').reply(200, awaitingApproval());
    answerApprovalCheck({ canApprove: true, message: null });
    mock
      .onPut('/v2/jobexecutions/41/update_data_ingestion_status')
      .reply(200, executionDetail({ status: 'RUNNABLE', statusLabel: 'Queued' }));
    renderDrawer(['jobExecutions', 'fileApproval']);

    await userEvent.click(await screen.findByRole('button', { name: /Approve/ }, { timeout: 5000 }));
    expect(mock.history.put).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }, { timeout: 5000 }));

    await waitFor(() => expect(mock.history.put?.[0]?.params).toEqual({ approvalStatus: 'APPROVED' }), {
      timeout: 5000,
    });
    // No body: the server refuses a form body on this call.
    expect(mock.history.put?.[0]?.data).toBeUndefined();
    await waitFor(
      () =>
        expect(capture.toasts).toContainEqual(
          expect.objectContaining({ type: 'success', title: 'Files approved: the run continues' }),
        ),
      { timeout: 5000 },
    );
  });

  it('rejects the files of a waiting run after the confirmation', async () => {
    mock.onGet('/v2/jobexecutions/41').reply(200, awaitingApproval());
    answerApprovalCheck({ canApprove: true, message: null });
    mock
      .onPut('/v2/jobexecutions/41/update_data_ingestion_status')
      .reply(200, executionDetail({ status: 'REJECTED', statusLabel: 'Rejected' }));
    renderDrawer(['jobExecutions', 'fileApproval']);

    await userEvent.click(await screen.findByRole('button', { name: /Reject/ }, { timeout: 5000 }));
    expect(await screen.findByText(/Every row these files loaded is removed/, {}, { timeout: 5000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(mock.history.put?.[0]?.params).toEqual({ approvalStatus: 'REJECTED' }), {
      timeout: 5000,
    });
  });

  it('does not ask the server about approval for a user without fileApproval', async () => {
    mock
      .onGet('/v2/jobexecutions/41')
      .reply(200, awaitingApproval({ activities: [PIPELINE_ACTIVITY, RECON_ACTIVITY] }));
    renderDrawer(['jobExecutions']);

    expect(
      await screen.findByText(/wait for approval by a user with the file approval privilege/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });
});
