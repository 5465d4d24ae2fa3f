import type { ActivityExecution, JobExecutionDetail } from '@recon/contract';
import { screen, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActivityTable } from '@/features/job-executions/components/activity-table';
import { ExecutionSummary } from '@/features/job-executions/components/execution-summary';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);

const PIPELINE: ActivityExecution = {
  id: 501,
  sequence: 1,
  type: 'PIPE_LINE',
  typeId: 12,
  name: 'Bank Statement Pipeline',
  status: 'COMPLETED',
  statusLabel: 'Completed',
  attempt: 1,
  counts: { files: 1, totalRows: 120, loadedRows: 117, invalidRows: 2, duplicateRows: 1, rejectedFiles: 0 },
  errorMessage: null,
  startedAt: '2026-10-02T10:00:00.000Z',
  finishedAt: '2026-10-02T10:01:00.000Z',
};
const RECON: ActivityExecution = {
  ...PIPELINE,
  id: 502,
  sequence: 2,
  type: 'RECON',
  typeId: 4,
  name: 'Bank vs Gateway Settlement',
  status: 'FAILED',
  statusLabel: 'Failed',
  attempt: 2,
  counts: {},
  errorMessage: 'Activity type RECON cannot run yet in this version',
};

beforeEach(() => {
  signIn({}, 1);
  mock.onGet('/v2/pipelines/12/file_summary').reply(200, { data: [] });
});
afterEach(() => mock.reset());

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('activity table', () => {
  it('names activity types as the job editor does and tells a try only when it is not the first', () => {
    renderRoute(<ActivityTable moduleId={1} executionId={41} runStatus="FAILED" activities={[PIPELINE, RECON]} />);

    expect(within(rowOf('Bank Statement Pipeline')).getByText('Pipeline')).toBeTruthy();
    expect(screen.queryByText('PIPE_LINE')).toBeNull();
    expect(within(rowOf('Bank Statement Pipeline')).queryByText(/Attempt/)).toBeNull();
    expect(within(rowOf('Bank vs Gateway Settlement')).getByText('Recon')).toBeTruthy();
    expect(within(rowOf('Bank vs Gateway Settlement')).getByText('Attempt 2')).toBeTruthy();
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
