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

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/jobs/3').reply(200, JOB);
});
afterEach(() => {
  capture.release();
  mock.reset();
});

describe('upload file and run job', () => {
  it('uploads the files of a file pipeline one by one, then runs the job with them', async () => {
    mock
      .onPost('/v2/pipelines/4/files')
      .replyOnce(200, uploaded(11, 'bank_01.csv'))
      .onPost('/v2/pipelines/4/files')
      .replyOnce(400, { message: 'Configure the file upload of this pipeline before uploading files', errors: [] });
    mock.onPost('/v2/jobs').reply(200, { id: 41 });
    renderRoute(
      <WithModule>
        <UploadFileAndRunJobPage />
      </WithModule>,
      {
        path: '/operations/jobs/upload-file-and-run-job/:jobId',
        initialEntry: '/operations/jobs/upload-file-and-run-job/3',
      },
    );
    await screen.findByText('1. Bank Statement Load');
    expect(screen.getByText('Pulls its data from RAZORPAY: nothing to upload.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run Job' }).hasAttribute('disabled')).toBe(true);

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, [new File(['a'], 'bank_01.csv'), new File(['b'], 'bank_02.csv')]);

    const records = await screen.findByRole('table');
    await waitFor(() => expect(within(records).getByText('bank_02.csv')).toBeTruthy());
    expect(mock.history.post?.map((r) => (r.data as FormData).get('files'))).toMatchObject([
      { name: 'bank_01.csv' },
      { name: 'bank_02.csv' },
    ]);
    expect(within(records).getByText('Uploaded')).toBeTruthy();
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
});
