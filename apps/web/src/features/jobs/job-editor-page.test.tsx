import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import JobEditorPage from '@/features/jobs/job-editor-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

/** Tests that drive several Ant Design selects: slow on a busy machine. */
const SLOW_UI_TEST_MS = 40_000;
const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const SAVED_JOB = {
  id: 7,
  name: 'Daily Load',
  description: '',
  noOfRetrial: 0,
  retrialInterval: 0,
  scheduleType: 'MANUAL',
  cronExpression: null,
  cronState: null,
  moduleId: 1,
  dashboardId: null,
  fileApprovalEnabled: false,
  eventName: null,
  activities: [],
  jobFilters: [],
  lastExecution: null,
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-01T09:00:00Z',
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/recons').reply(200, { data: [] });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderCreate() {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['job', 'createJob']}>
        <JobEditorPage />
      </WithAccess>
    </WithModule>,
    { path: '/operations/jobs/create-job' },
  );
}

const errorTitles = () => capture.toasts.filter((t) => t.type === 'error').map((t) => t.title);
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

async function chooseType(sequence: number, label: string) {
  const select = screen.getByRole('combobox', { name: `Activity Type ${sequence}` });
  await userEvent.click(select);
  // The list is virtual: narrow it to the option first.
  fireEvent.change(select, { target: { value: label } });
  await userEvent.click(await screen.findByTitle(label));
}

describe('job editor, step 0', () => {
  it('checks the activities first and sends nothing while a check fails', async () => {
    renderCreate();
    await screen.findByText('Job Details', { selector: '.ant-card-head-title' });

    await next();
    expect(errorTitles()).toEqual(['Please provide atleast one activity']);

    capture.release();
    capture = captureToasts();
    await userEvent.click(screen.getByRole('button', { name: /Add Activity/ }));
    await next();
    expect(errorTitles()).toEqual(['Missing activity name or type']);
    expect(mock.history.post).toHaveLength(0);
  });

  it('marks the empty required fields in place as well as the toast, until they are filled in', async () => {
    renderCreate();
    await screen.findByText('Job Details', { selector: '.ant-card-head-title' });
    expect(screen.queryByText('Job name is required')).toBeNull();

    await next();

    expect(errorTitles()).toEqual(['Please provide atleast one activity']);
    expect(screen.getByText('Job name is required')).toBeTruthy();
    expect(screen.getByText('Please provide atleast one activity', { selector: '[role="alert"]' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Add Activity/ }));
    expect(screen.queryByText('Please provide atleast one activity', { selector: '[role="alert"]' })).toBeNull();
    expect(
      within(screen.getByTestId('activity-row-1')).getByText('Missing activity name or type', {
        selector: '[role="alert"]',
      }),
    ).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Job Name' }), { target: { value: 'Daily Load' } });
    expect(screen.queryByText('Job name is required')).toBeNull();
  });

  it(
    'asks for the bulk processor type, then for a shorter name',
    async () => {
      renderCreate();
      await screen.findByText('Job Details', { selector: '.ant-card-head-title' });
      await userEvent.click(screen.getByRole('button', { name: /Add Activity/ }));
      await chooseType(1, 'Bulk Processor');
      await next();
      expect(errorTitles()).toEqual(['Missing bulk processor type ']);

      capture.release();
      capture = captureToasts();
      await chooseType(1, 'Data Pre-processing');
      fireEvent.change(screen.getByRole('textbox', { name: 'Job Name' }), { target: { value: 'x'.repeat(51) } });
      await next();
      expect(errorTitles()).toEqual(["Number of characters in Job name can't exceed 50"]);
      expect(mock.history.post).toHaveLength(0);
    },
    SLOW_UI_TEST_MS,
  );

  it(
    'creates the job, replaces the step-0 location and moves to step 1',
    async () => {
      mock.onPost('/v2/jobs').reply(200, SAVED_JOB);
      const { router } = renderCreate();
      await screen.findByText('Job Details', { selector: '.ant-card-head-title' });
      fireEvent.change(screen.getByRole('textbox', { name: 'Job Name' }), { target: { value: ' Daily Load ' } });
      await userEvent.click(screen.getByRole('button', { name: /Add Activity/ }));
      await chooseType(1, 'Data Pre-processing');

      await next();

      await waitFor(() => expect(router.state.location.pathname).toBe('/operations/jobs/7/edit-job/1'));
      const body = JSON.parse(String(mock.history.post?.[0]?.data));
      expect(body).toMatchObject({ name: 'Daily Load', scheduleType: 'MANUAL', moduleId: 1, eventName: null });
      expect(body.activities).toEqual([
        {
          id: null,
          sequence: 1,
          enabled: true,
          type: 'DATA_PRE_PROCESSING',
          activity: {
            typeId: null,
            pipelineSource: null,
            integrationAuthId: null,
            jobConfiguration: null,
            additionalInfo: null,
          },
          bulkProcessorActivityDetails: null,
          disputeActivity: null,
        },
      ]);
      expect(capture.toasts).toContainEqual(
        expect.objectContaining({ type: 'success', title: 'New job created successfully' }),
      );
      await router.navigate(-1);
      expect(router.state.location.pathname).toBe('/operations/jobs/7/edit-job/0');
    },
    SLOW_UI_TEST_MS,
  );

  it(
    "fetches mail with one of the module's email parsing rules and mailboxes, or all of them when none is chosen",
    async () => {
      mock.onGet('/v2/jobs').reply(200, {
        data: [
          {
            id: 4,
            name: 'Bank settlement mails',
            sender: 'settlements@bank.example',
            subjectPattern: 'Settlement report *',
            attachmentPattern: 'settlement_*.csv',
            pipelineId: 9,
            pipelineName: 'Bank settlements',
            isActive: true,
          },
          {
            id: 5,
            name: 'Old PSP rule',
            sender: 'ops@psp.example',
            subjectPattern: '',
            attachmentPattern: '*.csv',
            pipelineId: 9,
            pipelineName: 'Bank settlements',
            isActive: false,
          },
        ],
        accounts: [{ id: 12, provider: 'gmail', account: 'recon@shop.example', status: 'CONNECTED' }],
      });
      mock.onPost('/v2/jobs').reply(200, SAVED_JOB);
      renderCreate();
      await screen.findByText('Job Details', { selector: '.ant-card-head-title' });
      fireEvent.change(screen.getByRole('textbox', { name: 'Job Name' }), { target: { value: 'Mail load' } });
      await userEvent.click(screen.getByRole('button', { name: /Add Activity/ }));
      await chooseType(1, 'Email Fetch');
      const rule = screen.getByRole('combobox', { name: 'Activity 1' });
      expect(
        within(rule.closest('.ant-select') as HTMLElement).getByText('All active email parsing rules'),
      ).toBeTruthy();
      await userEvent.click(rule);
      expect((await screen.findByTitle('Old PSP rule (inactive)')).getAttribute('aria-disabled')).toBe('true');
      await userEvent.click(await screen.findByTitle('Bank settlement mails → Bank settlements'));
      await userEvent.click(screen.getByRole('combobox', { name: 'Mailbox of activity 1' }));
      await userEvent.click(await screen.findByTitle('recon@shop.example (gmail)'));

      await next();

      await waitFor(() => expect(mock.history.post).toHaveLength(1));
      const body = JSON.parse(String(mock.history.post?.[0]?.data));
      expect(body.activities[0]).toMatchObject({
        type: 'EMAIL_FETCH',
        activity: { typeId: 4, integrationAuthId: 12, pipelineSource: null },
      });
    },
    SLOW_UI_TEST_MS,
  );

  it(
    "runs a saved report group chosen from the module's groups (GET /v2/scheduleSqlQuerys)",
    async () => {
      mock.onGet('/v2/scheduleSqlQuerys').reply(200, {
        data: [
          {
            id: 6,
            name: 'Month end',
            reports: [
              { id: 3, name: 'Rows of a region' },
              { id: 4, name: 'By region' },
            ],
            updatedAt: '2026-11-01T10:00:00Z',
          },
        ],
      });
      mock.onPost('/v2/jobs').reply(200, SAVED_JOB);
      renderCreate();
      await screen.findByText('Job Details', { selector: '.ant-card-head-title' });
      fireEvent.change(screen.getByRole('textbox', { name: 'Job Name' }), { target: { value: 'Reports' } });
      await userEvent.click(screen.getByRole('button', { name: /Add Activity/ }));
      await chooseType(1, 'Report Group');
      await userEvent.click(screen.getByRole('combobox', { name: 'Activity 1' }));
      await userEvent.click(await screen.findByTitle('Month end (Rows of a region, By region)'));

      await next();

      await waitFor(() => expect(mock.history.post).toHaveLength(1));
      const body = JSON.parse(String(mock.history.post?.[0]?.data));
      expect(body.activities[0]).toMatchObject({ type: 'REPORT_GROUP', activity: { typeId: 6 } });
    },
    SLOW_UI_TEST_MS,
  );

  it('turns the time mapping off with Run Batch Wise and enables the source only for pipelines', async () => {
    renderCreate();
    await screen.findByText('Job Details', { selector: '.ant-card-head-title' });
    const batchWise = screen.getByRole('switch', { name: 'Run Batch Wise' });
    const mapping = screen.getByRole('switch', { name: 'Show Batch Number Time Mapping' });

    await userEvent.click(batchWise);
    await userEvent.click(mapping);
    expect(mapping.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(batchWise);
    expect(mapping.getAttribute('aria-checked')).toBe('false');

    await userEvent.click(screen.getByRole('button', { name: /Add Activity/ }));
    await chooseType(1, 'Recon');
    expect(screen.getByRole('combobox', { name: 'Pipeline Source 1' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('job editor, loading', () => {
  it('shows the error and returns to the jobs list when the job cannot be loaded', async () => {
    mock.onGet('/v2/jobs/99').reply(404, [{ message: 'Job not found', code: 'NOT_FOUND' }]);
    const { router } = renderRoute(
      <WithModule>
        <WithAccess codes={['job', 'createJob']}>
          <JobEditorPage />
        </WithAccess>
      </WithModule>,
      { path: '/operations/jobs/:jobId/edit-job/:step', initialEntry: '/operations/jobs/99/edit-job/0' },
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/operations/jobs'));
    await waitFor(() => expect(errorTitles()).toEqual(['Job not found']));
  });
});
