import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import UploadFileAndRunJobPage from '@/features/jobs/upload-file-and-run-job-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const activity = (id: number, sequence: number, typeId: number, name: string, pipelineSource: string) => ({
  id,
  sequence,
  enabled: true,
  type: 'PIPE_LINE',
  activity: { typeId, name, pipelineSource, integrationAuthId: null, jobConfiguration: null, additionalInfo: null },
  bulkProcessorActivityDetails: null,
  disputeActivity: null,
});
const JOB = {
  id: 3,
  name: 'Daily Bank and Gateway Load',
  description: '',
  noOfRetrial: 1,
  retrialInterval: 5,
  scheduleType: 'MANUAL',
  cronExpression: null,
  cronState: null,
  moduleId: 1,
  dashboardId: null,
  fileApprovalEnabled: false,
  eventName: null,
  activities: [activity(1, 1, 4, 'Bank Statement Load', 'FILE'), activity(2, 2, 6, 'Razorpay Pull', 'RAZORPAY')],
  jobFilters: [],
  lastExecution: null,
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-01T09:00:00Z',
};
const uploaded = (fileId: number, fileName: string) => ({
  data: [
    {
      fileId,
      fileName,
      status: 'UPLOADED',
      uploadStatus: 'UPLOADED',
      errorKind: null,
      errorMessage: null,
      sizeBytes: 120,
    },
  ],
});

/** A file of the history waiting for its run, as GET /v2/files lists it. */
const waitingFile = (id: number, fileName: string, over: Record<string, unknown> = {}) => ({
  id,
  fileName,
  pipelineId: 4,
  pipelineName: 'Bank Statement Load',
  status: 'UPLOADED',
  uploadStatus: 'UPLOADED',
  errorKind: null,
  totalRows: null,
  validRows: null,
  invalidRows: null,
  duplicateRows: null,
  skippedRows: null,
  skipped: [],
  rejection: null,
  sizeBytes: 2560,
  jobExecutionId: null,
  uploadedBy: 'admin',
  uploadedAt: '2026-10-02T09:58:00.000Z',
  ...over,
});
/** What the server holds as waiting for pipeline 4: a test changes it as files are uploaded or discarded. */
let waiting: ReturnType<typeof waitingFile>[] = [];

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  waiting = [];
  mock.onGet('/v2/jobs/3').reply(200, JOB);
  mock.onGet('/v2/files').reply((config) => {
    const rows = config.params?.pipelineId === 4 && config.params?.status === 'UPLOADED' ? waiting : [];
    return [200, { draw: 1, recordsTotal: rows.length, recordsFiltered: rows.length, data: rows }];
  });
});

function renderPage() {
  return renderRoute(
    <WithModule>
      <UploadFileAndRunJobPage />
    </WithModule>,
    {
      path: '/operations/jobs/upload-file-and-run-job/:jobId',
      initialEntry: '/operations/jobs/upload-file-and-run-job/3',
    },
  );
}
afterEach(() => {
  capture.release();
  mock.reset();
});

describe('upload file and run job', { timeout: 60_000 }, () => {
  it('uploads the files of a file pipeline one by one, then runs the job with them', async () => {
    mock
      .onPost('/v2/pipelines/4/files')
      .replyOnce(() => {
        waiting = [waitingFile(11, 'bank_01.csv')];
        return [200, uploaded(11, 'bank_01.csv')];
      })
      .onPost('/v2/pipelines/4/files')
      .replyOnce(400, { message: 'Configure the file upload of this pipeline before uploading files', errors: [] });
    mock.onPost('/v2/jobs').reply(200, { id: 41 });
    renderPage();
    await screen.findByText('1. Bank Statement Load');
    expect(screen.getByText('Pulls its data from RAZORPAY: nothing to upload.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run Job' }).hasAttribute('disabled')).toBe(true);

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, [new File(['a'], 'bank_01.csv'), new File(['b'], 'bank_02.csv')]);

    const records = await screen.findByRole('table');
    await waitFor(() => expect(within(records).getByText('bank_02.csv')).toBeTruthy());
    await waitFor(() => expect(within(records).getByText('bank_01.csv')).toBeTruthy());
    expect(mock.history.post?.map((r) => (r.data as FormData).get('files'))).toMatchObject([
      { name: 'bank_01.csv' },
      { name: 'bank_02.csv' },
    ]);
    expect(within(records).getByText('Waiting to run')).toBeTruthy();
    expect(
      within(records).getByText('bank_02.csv: Configure the file upload of this pipeline before uploading files'),
    ).toBeTruthy();
    expect(capture.toasts).toContainEqual(
      expect.objectContaining({
        type: 'error',
        title: 'bank_02.csv: Configure the file upload of this pipeline before uploading files',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Run Job' }));

    await waitFor(() => expect(mock.history.post).toHaveLength(3));
    expect(JSON.parse(String(mock.history.post?.[2]?.data))).toEqual({
      id: 3,
      jobExecutionParam: { batchNumber: null, cycleNumber: null, endDate: null },
      fileIds: [11],
    });
  });

  it('lists what was uploaded before, with its size, rows and header check, until it is discarded', async () => {
    waiting = [
      waitingFile(21, 'bank_03.csv', { errorKind: 'No Error', totalRows: 1250 }),
      waitingFile(22, 'bank_04.csv', { sizeBytes: 1_572_864 }),
    ];
    mock.onDelete('/v2/files/22').reply(() => {
      waiting = waiting.filter((f) => f.id !== 22);
      const detail = {
        errorMessage: 'Discarded by admin before it was run',
        contentSha256: 'ab',
        activityExecutionId: null,
        updatedAt: '2026-10-02T10:00:00.000Z',
      };
      return [200, { ...waitingFile(22, 'bank_04.csv'), ...detail, status: 'DELETED' }];
    });
    mock.onPost('/v2/jobs').reply(200, { id: 42 });
    renderPage();

    const row = (await screen.findByText('bank_03.csv')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2.5 KB')).toBeTruthy();
    expect(within(row).getByText('1,250')).toBeTruthy();
    expect(within(row).getByText('Matches the configuration')).toBeTruthy();
    expect(within(row).getByText('Waiting to run')).toBeTruthy();
    const other = screen.getByText('bank_04.csv').closest('tr') as HTMLElement;
    expect(within(other).getByText('1.5 MB')).toBeTruthy();
    expect(within(other).getByText('Checked when the job runs')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run Job' }).hasAttribute('disabled')).toBe(false);

    await userEvent.click(within(other).getByRole('button', { name: 'Discard bank_04.csv' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(mock.history.delete?.map((r) => r.url)).toEqual(['/v2/files/22']));
    await waitFor(() => expect(screen.queryByText('bank_04.csv')).toBeNull());
    expect(capture.toasts).toContainEqual(expect.objectContaining({ type: 'success', title: 'File discarded' }));

    await userEvent.click(screen.getByRole('button', { name: 'Run Job' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post?.[0]?.data)).fileIds).toEqual([21]);
  });
});
