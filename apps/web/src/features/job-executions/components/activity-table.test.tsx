import type { ActivityExecution, JobExecutionDetail } from '@recon/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActivityTable } from '@/features/job-executions/components/activity-table';
import { ExecutionSummary } from '@/features/job-executions/components/execution-summary';
import { PIPELINE_ACTIVITY, RECON_ACTIVITY } from '@/features/job-executions/testing/fixtures';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);

const PIPELINE = PIPELINE_ACTIVITY;
const RECON: ActivityExecution = { ...RECON_ACTIVITY, attempt: 2 };

beforeEach(() => {
  signIn({}, 1);
  mock.onGet('/v2/pipelines/12/file_summary').reply(200, { data: [] });
});
afterEach(() => mock.reset());

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

const FILE = {
  fileId: 77,
  fileName: 'bank_statement.csv',
  status: 'FINISHED',
  uploadStatus: 'VALID',
  errorKind: 'No Error',
  errorMessage: null,
  totalRows: 120,
  validRows: 120,
  invalidRows: 0,
  duplicateRows: 0,
  uploadedAt: '2026-10-02T09:58:00.000Z',
};

/** The table as the drawer shows it while the run moves on: each button is the next state the server reports. */
function Moving({ steps }: { steps: { runStatus: string; activities: ActivityExecution[] }[] }) {
  const [step, setStep] = useState(0);
  const current = steps[step] ?? steps[0];
  if (!current) return null;
  return (
    <>
      <button type="button" onClick={() => setStep(step + 1)}>
        next
      </button>
      <ActivityTable moduleId={1} executionId={41} runStatus={current.runStatus} activities={current.activities} />
    </>
  );
}

const EMAIL_FETCH: ActivityExecution = {
  ...PIPELINE_ACTIVITY,
  id: 500,
  type: 'EMAIL_FETCH',
  typeId: null,
  name: null,
  status: 'PARTIALLY_COMPLETED',
  statusLabel: 'Partially Completed',
  counts: { mails: 4, attachments: 3, filesStored: 2, alreadyFetched: 0, skipped: 1, failed: 0 },
};
const fetchedMail = (over: Record<string, unknown>) => ({
  id: 1,
  integrationId: 3,
  ruleId: 8,
  ruleName: 'Bank settlement mails',
  pipelineName: 'Bank Statement Pipeline',
  account: 'recon@shop.example',
  messageId: 'm1',
  sender: 'settlements@bank.example',
  subject: 'Settlement report 25-11',
  receivedAt: '2026-11-25T06:30:00.000Z',
  attachmentName: 'settlement_25-11.csv',
  fileId: 77,
  status: 'LOADED',
  detail: null,
  createdAt: '2026-11-25T07:00:00.000Z',
  ...over,
});

describe('activity table', () => {
  it('opens an email fetch activity onto the mails it fetched: sender, attachment, pipeline, outcome and why', async () => {
    mock.onGet('/v2/integrations/email/fetchEmails/metaData/41').reply(200, {
      data: [
        fetchedMail({}),
        fetchedMail({
          id: 2,
          messageId: 'm2',
          ruleName: 'PSP payouts',
          pipelineName: 'Payouts',
          sender: 'payouts@psp.example',
          subject: 'Payouts',
          attachmentName: 'payouts.csv',
          fileId: null,
          status: 'SKIPPED',
          detail: 'Rule "PSP payouts" skipped: This pipeline has no file upload config',
        }),
      ],
    });
    renderRoute(
      <ActivityTable moduleId={1} executionId={41} runStatus="PARTIALLY_COMPLETED" activities={[EMAIL_FETCH]} />,
    );

    expect(within(rowOf('Email Fetch')).getByText('Partially Completed')).toBeTruthy();
    const counts = screen.getByText('Mail fetched').closest('.ant-descriptions') as HTMLElement;
    expect(within(counts).getByText('Files stored').closest('th')?.nextElementSibling?.textContent).toBe('2');
    expect(within(counts).getByText('Skipped')).toBeTruthy();

    const stored = (await screen.findByText('settlement_25-11.csv')).closest('tr') as HTMLElement;
    expect(within(stored).getByText('Settlement report 25-11')).toBeTruthy();
    expect(within(stored).getByText('From settlements@bank.example to recon@shop.example')).toBeTruthy();
    expect(within(stored).getByText('Into Bank Statement Pipeline by rule Bank settlement mails')).toBeTruthy();
    expect(within(stored).getByText('Stored')).toBeTruthy();
    expect(within(stored).getByText('File #77')).toBeTruthy();
    const skipped = screen.getByText('payouts.csv').closest('tr') as HTMLElement;
    expect(within(skipped).getByText('Skipped')).toBeTruthy();
    expect(
      within(skipped).getByText('Rule "PSP payouts" skipped: This pipeline has no file upload config'),
    ).toBeTruthy();
  });

  it('lists under an email fetch activity with a rule only the mails of that rule', async () => {
    mock.onGet('/v2/integrations/email/fetchEmails/metaData/41').reply(200, {
      data: [fetchedMail({}), fetchedMail({ id: 2, ruleId: 9, attachmentName: 'payouts.csv' })],
    });
    renderRoute(
      <ActivityTable
        moduleId={1}
        executionId={41}
        runStatus="COMPLETED"
        activities={[{ ...EMAIL_FETCH, typeId: 8, name: 'Bank settlement mails', status: 'COMPLETED' }]}
      />,
    );
    expect(await screen.findByText('settlement_25-11.csv')).toBeTruthy();
    expect(screen.queryByText('payouts.csv')).toBeNull();
  });

  it('names activity types as the job editor does and tells a try only when it is not the first', () => {
    renderRoute(<ActivityTable moduleId={1} executionId={41} runStatus="FAILED" activities={[PIPELINE, RECON]} />);

    expect(within(rowOf('Bank Statement Pipeline')).getByText('Pipeline')).toBeTruthy();
    expect(screen.queryByText('PIPE_LINE')).toBeNull();
    expect(within(rowOf('Bank Statement Pipeline')).queryByText(/Attempt/)).toBeNull();
    expect(within(rowOf('Bank vs Gateway Settlement')).getByText('Recon')).toBeTruthy();
    expect(within(rowOf('Bank vs Gateway Settlement')).getByText('Attempt 2')).toBeTruthy();
  });

  it('opens a pipeline activity that was queued when the run was opened once it starts; a row closed stays closed', async () => {
    mock.onGet('/v2/pipelines/12/file_summary').reply(200, { data: [FILE] });
    const queued = { ...PIPELINE, status: 'RUNNABLE', statusLabel: 'Queued', attempt: 0, counts: {} };
    renderRoute(
      <Moving
        steps={[
          { runStatus: 'RUNNING', activities: [queued] },
          { runStatus: 'COMPLETED', activities: [PIPELINE] },
          { runStatus: 'COMPLETED', activities: [{ ...PIPELINE, attempt: 2 }] },
        ]}
      />,
    );
    expect(screen.queryByText('bank_statement.csv')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(await screen.findByText('bank_statement.csv', {}, { timeout: 5000 })).toBeTruthy();

    await userEvent.click(within(rowOf('Bank Statement Pipeline')).getByRole('button', { name: /collapse/i }));
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(within(rowOf('Bank Statement Pipeline')).getByRole('button', { name: /expand/i })).toBeTruthy();
  });

  it("reads a pipeline's files again when the run's status changes, so a rollback's marks show", async () => {
    // The rollback marks the files as it ends.
    let reads = 0;
    mock.onGet('/v2/pipelines/12/file_summary').reply(() => {
      reads += 1;
      return [200, { data: [{ ...FILE, status: reads === 1 ? 'FINISHED' : 'ROLLED_BACK' }] }];
    });
    renderRoute(
      <Moving
        steps={[
          { runStatus: 'ROLLBACK_IN_PROGRESS', activities: [PIPELINE] },
          { runStatus: 'ROLLED_BACK', activities: [PIPELINE] },
        ]}
      />,
    );
    expect(await screen.findByText('Finished', {}, { timeout: 5000 })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(await screen.findByText('Rolled Back', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the activities of a rolled-back run as rolled back, in grey, and those that never ran as not run', () => {
    const done = { ...PIPELINE, statusLabel: 'Rolled back' };
    const queued: ActivityExecution = { ...RECON, status: 'RUNNABLE', statusLabel: 'Queued', attempt: 0 };
    renderRoute(<ActivityTable moduleId={1} executionId={41} runStatus="ROLLED_BACK" activities={[done, queued]} />);

    const tag = within(rowOf('Bank Statement Pipeline')).getByText('Rolled back').closest('.ant-tag') as HTMLElement;
    expect(tag.className).not.toMatch(/success/);
    expect(within(rowOf('Bank vs Gateway Settlement')).getByText('Not Run')).toBeTruthy();
  });

  it('shows a type it does not know as it is', () => {
    renderRoute(
      <ActivityTable
        moduleId={1}
        executionId={41}
        runStatus="COMPLETED"
        activities={[{ ...RECON, type: 'SOMETHING_NEW', name: null, errorMessage: null, status: 'COMPLETED' }]}
      />,
    );
    expect(screen.getByText('SOMETHING_NEW')).toBeTruthy();
  });
});

describe('recon summary', () => {
  it("shows a recon activity's counts as a labelled table in finance words, not raw keys", () => {
    const done: ActivityExecution = {
      ...RECON_ACTIVITY,
      status: 'COMPLETED',
      statusLabel: 'Completed',
      errorMessage: null,
      counts: { reconRun: 7, rowsA: 1200, rowsB: 1180, groups: 1150, RECONCILED: 2300, KNOCK_OFF: 80 },
    };
    renderRoute(<ActivityTable moduleId={1} executionId={41} runStatus="COMPLETED" activities={[done]} />);

    expect(screen.getByText('Recon summary')).toBeTruthy();
    const label = (text: string) => screen.getByText(text).closest('th') as HTMLElement;
    expect(label('Recon run').nextElementSibling?.textContent).toBe('#7');
    expect(label('Side A rows closed').nextElementSibling?.textContent).toBe('1,200');
    expect(label('Side B rows closed').nextElementSibling?.textContent).toBe('1,180');
    expect(label('Matches made').nextElementSibling?.textContent).toBe('1,150');
    expect(label('Rows closed as Reconciled').nextElementSibling?.textContent).toBe('2,300');
    expect(label('Rows closed as Knock off').nextElementSibling?.textContent).toBe('80');
    expect(screen.queryByText(/rowsA|reconRun|KNOCK_OFF/)).toBeNull();
  });

  it('says how many rows a run left out because their books are closed', () => {
    const done: ActivityExecution = {
      ...RECON_ACTIVITY,
      status: 'COMPLETED',
      statusLabel: 'Completed',
      errorMessage: null,
      counts: { reconRun: 8, rowsA: 2, rowsB: 2, groups: 2, RECONCILED: 4, leftOutA: 1500 },
    };
    renderRoute(<ActivityTable moduleId={1} executionId={42} runStatus="COMPLETED" activities={[done]} />);

    const label = screen.getByText('Side A rows left out: books closed').closest('th') as HTMLElement;
    expect(label.nextElementSibling?.textContent).toBe('1,500');
    expect(screen.queryByText(/leftOut/)).toBeNull();
  });
});

describe('execution summary', () => {
  it('shows a dash for what the run lacks, not an empty box', () => {
    const run = {
      id: 41,
      jobId: 3,
      jobName: 'Daily Bank and Gateway Load',
      status: 'RUNNING',
      statusLabel: 'Processing...',
      trigger: 'MANUAL',
      batchNumber: null,
      cycleNumber: null,
      endDate: null,
      errorMessage: null,
      startedBy: 'maker',
      createdAt: '2026-10-02T09:59:00.000Z',
      startedAt: '2026-10-02T10:00:00.000Z',
      finishedAt: null,
      durationSeconds: null,
      approvalStatus: null,
      needsFileApproval: false,
      approvedBy: null,
      approvedAt: null,
      activities: [],
      files: [],
    } as unknown as JobExecutionDetail;
    renderRoute(<ExecutionSummary execution={run} />);

    // Batch, cycle, end date, finished and duration: not there yet, or not used by this job.
    expect(screen.getAllByText('—')).toHaveLength(5);
    expect(screen.getByText('maker')).toBeTruthy();
  });
});
