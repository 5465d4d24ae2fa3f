import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import JobEditorPage from '@/features/jobs/job-editor-page';
import { settingsDraftFrom, toSettingsInput, withDashboard } from '@/features/jobs/settings-draft';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const JOB = {
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
  activities: [
    {
      id: 1,
      sequence: 1,
      enabled: true,
      type: 'PIPE_LINE',
      activity: {
        typeId: 4,
        name: 'Bank Statement Load',
        pipelineSource: 'FILE',
        integrationAuthId: null,
        jobConfiguration: null,
        additionalInfo: null,
      },
      bulkProcessorActivityDetails: null,
      disputeActivity: null,
    },
  ],
  jobFilters: [],
  lastExecution: null,
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-01T09:00:00Z',
};
const SETTINGS = {
  jobId: 7,
  isFileApprovalEnabled: false,
  jobFileApprovalVo: { dashboardId: null, fileApprovalVoPipelineDashlets: [] },
  jobValidation: {
    isActiveJobValidation: false,
    dateWiseValidation: false,
    dateAndCycleWiseValidation: false,
    fileRegexList: [],
  },
  pipelinePrivilegesVo: { privilegesEnabled: false, allPipelinePrivilegeVoList: [] },
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/jobs/7').reply(200, JOB);
  mock.onGet('/v2/jobs/additional-settings/7').reply(200, SETTINGS);
});
afterEach(() => {
  capture.release();
  mock.reset();
});

const errorTitles = () => capture.toasts.filter((t) => t.type === 'error').map((t) => t.title);

describe('job editor, step 1: file approval', () => {
  it('picks the approval dashboard by name and a dashlet on it, and saves their ids', async () => {
    mock.onGet('/v2/dashboards').reply(200, {
      data: [{ id: 3, name: 'Recon health', isDefault: true, dashletCount: 1, createdAt: '', updatedAt: '' }],
    });
    mock.onGet('/v2/dashboards/3').reply(200, {
      id: 3,
      name: 'Recon health',
      isDefault: true,
      createdAt: '',
      updatedAt: '',
      layout: [
        {
          dashletId: 11,
          x: 0,
          y: 0,
          w: 6,
          h: 4,
          dashlet: {
            id: 11,
            name: 'Bank match rate',
            kind: 'MATCH_RATE',
            reconId: 4,
            reconName: 'Bank vs Gateway',
            chartType: 'NUMBER',
            parameters: {},
            dashboardCount: 1,
            createdAt: '',
            updatedAt: '',
          },
        },
      ],
    });
    mock.onPut('/v2/jobs/additional-settings').reply(200, SETTINGS);
    renderRoute(
      <WithModule>
        <WithAccess codes={['job', 'createJob']}>
          <JobEditorPage />
        </WithAccess>
      </WithModule>,
      { path: '/operations/jobs/:jobId/edit-job/:step', initialEntry: '/operations/jobs/7/edit-job/1' },
    );
    await userEvent.click(await screen.findByRole('switch', { name: 'File Approval' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Dashboard' }));
    await userEvent.click(await screen.findByTitle('Recon health'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Pipelines to approve' }));
    await userEvent.click(await screen.findByTitle('Bank Statement Load'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Dashlet Bank Statement Load' }));
    await userEvent.click(await screen.findByTitle('Bank match rate'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toMatchObject({
      isFileApprovalEnabled: true,
      jobFileApprovalVo: { dashboardId: 3, fileApprovalVoPipelineDashlets: [{ pipelineId: 4, dashletId: 11 }] },
    });
  });
});

describe('job editor, step 1: additional settings', () => {
  it('gives the file validation messages in order, then saves', async () => {
    mock.onPut('/v2/jobs/additional-settings').reply(200, SETTINGS);
    const { router } = renderRoute(
      <WithModule>
        <WithAccess codes={['job', 'createJob']}>
          <JobEditorPage />
        </WithAccess>
      </WithModule>,
      { path: '/operations/jobs/:jobId/edit-job/:step', initialEntry: '/operations/jobs/7/edit-job/1' },
    );
    await userEvent.click(await screen.findByRole('switch', { name: 'Mandatory File Validation' }));
    const save = screen.getByRole('button', { name: 'Save' });

    await userEvent.click(save);
    expect(errorTitles()).toEqual(['Mandatory file validation is enabled. Select pipelines to continue.']);

    capture.release();
    capture = captureToasts();
    await userEvent.click(screen.getByRole('button', { name: /Add Line/ }));
    await userEvent.click(save);
    expect(errorTitles()).toEqual(['Pipelines should be selected if file validation enabled.']);
    expect(mock.history.put).toHaveLength(0);

    await userEvent.click(screen.getByRole('combobox', { name: 'Pipeline 1' }));
    await userEvent.click(await screen.findByTitle('Bank Statement Load'));
    fireEvent.change(screen.getByRole('textbox', { name: 'File Name Regex 1' }), {
      target: { value: '^bank_.*\\.csv$' },
    });
    await userEvent.click(save);

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toMatchObject({
      jobId: 7,
      jobValidation: {
        isActiveJobValidation: true,
        dateWiseValidation: false,
        dateAndCycleWiseValidation: false,
        fileRegexList: [{ pipelineId: 4, fileNameRegex: '^bank_.*\\.csv$', datePattern: null, dataCycleRegex: null }],
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/operations/jobs'));
  });
});

describe('settings draft', () => {
  it('clears every dashlet when the dashboard changes', () => {
    const draft = settingsDraftFrom({
      ...SETTINGS,
      isFileApprovalEnabled: true,
      jobFileApprovalVo: { dashboardId: 2, fileApprovalVoPipelineDashlets: [{ pipelineId: 4, dashletId: 9 }] },
    });
    expect(withDashboard(draft, 3).approvalPipelines).toEqual([{ pipelineId: 4, dashletId: null }]);
  });

  it('sets exactly one validation mode', () => {
    const draft = settingsDraftFrom(SETTINGS);
    const cycle = toSettingsInput({ ...draft, validationMode: 'NAME_DATE_AND_CYCLE' }).jobValidation;
    expect(cycle).toMatchObject({ dateWiseValidation: false, dateAndCycleWiseValidation: true });
    const date = toSettingsInput({ ...draft, validationMode: 'NAME_AND_DATE' }).jobValidation;
    expect(date).toMatchObject({ dateWiseValidation: true, dateAndCycleWiseValidation: false });
  });
});
