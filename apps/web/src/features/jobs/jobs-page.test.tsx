import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import JobsPage from '@/features/jobs/jobs-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

/** Tests that drive several Ant Design selects: slow on a busy machine. */
const SLOW_UI_TEST_MS = 40_000;
const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const ROW = {
  id: 3,
  name: 'Daily Bank and Gateway Load',
  description: 'Loads the day’s files',
  activityCount: 2,
  scheduleType: 'CRON',
  cronExpression: '0 6 * * *',
  cronState: 'PAUSED',
  lastExecutionId: 41,
  lastExecutionStatus: 'FAILED',
  lastExecutionStatusLabel: 'Failed',
  lastExecutionAt: '2026-10-02T06:00:00Z',
};
const CONFIG = {
  id: 8,
  configName: 'Morning loads',
  configType: 'JOB',
  configs: [
    { id: 3, name: 'Daily Bank and Gateway Load' },
    { id: 4, name: 'UPI Load' },
  ],
  configIds: [3, 4],
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-01T09:00:00Z',
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/jobs', { params: { Find: 'JobsFromAllModules' } }).reply(200, {
    data: [
      { id: 3, name: 'Daily Bank and Gateway Load', moduleId: 1, moduleName: 'Payments' },
      { id: 4, name: 'UPI Load', moduleId: 1, moduleName: 'Payments' },
      { id: 5, name: 'Cards Load', moduleId: 2, moduleName: 'Cards' },
    ],
  });
  mock.onGet('/v2/jobs').reply(200, { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [ROW] });
  mock.onGet('/v2/parallel_job_config').reply(200, { data: [CONFIG] });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(codes = ['job', 'createJob']) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <JobsPage />
      </WithAccess>
    </WithModule>,
    { path: '/operations/jobs' },
  );
}

describe('jobs page', () => {
  it('asks for 15 jobs a page and shows schedule, last run and the row actions', async () => {
    const { router } = renderPage();
    await screen.findByText('Daily Bank and Gateway Load');

    expect(mock.history.get?.[0]?.params).toMatchObject({ start: 0, length: 15 });
    const row = within(screen.getByText('Daily Bank and Gateway Load').closest('tr') as HTMLElement);
    expect(row.getByText('0 6 * * *')).toBeTruthy();
    expect(row.getByText('Paused')).toBeTruthy();
    expect(row.getByRole('link', { name: 'Last Run Daily Bank and Gateway Load' }).getAttribute('href')).toBe(
      '/operations/history/execution-history?executionId=41',
    );

    await userEvent.click(row.getByRole('button', { name: 'Upload files and run job Daily Bank and Gateway Load' }));
    expect(router.state.location.pathname).toBe('/operations/jobs/upload-file-and-run-job/3');
  });

  it('hides the row actions without createJob', async () => {
    renderPage(['job']);
    await screen.findByText('Daily Bank and Gateway Load');
    expect(screen.queryByRole('button', { name: /Edit job/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create Job/ })).toBeNull();
  });
});

describe('job parallel config', () => {
  it(
    'keeps Create off until the form changes, then creates the config',
    async () => {
      mock.onPost('/v2/parallel_job_config').reply(200, { ...CONFIG, id: 9, configName: 'Pair' });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: /Parallel Job Config/ }));
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByText('Morning loads');

      await userEvent.click(within(dialog).getByRole('button', { name: /New/ }));
      const create = within(dialog).getByRole('button', { name: 'Create' });
      expect(create.hasAttribute('disabled')).toBe(true);
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Config Name' }), { target: { value: 'Pair' } });
      expect(create.hasAttribute('disabled')).toBe(false);
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Jobs' }));
      expect(screen.queryByTitle('Cards Load')).toBeNull();
      await userEvent.click(await screen.findByTitle('UPI Load'));
      await userEvent.click(await screen.findByTitle('Daily Bank and Gateway Load'));
      await userEvent.click(create);

      await waitFor(() => expect(mock.history.post).toHaveLength(1));
      expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
        configName: 'Pair',
        configType: 'JOB',
        configIds: [4, 3],
      });
      await waitFor(() =>
        expect(capture.toasts).toContainEqual(
          expect.objectContaining({ type: 'success', title: 'Successfully Created' }),
        ),
      );
    },
    SLOW_UI_TEST_MS,
  );

  it(
    'deletes a config only after Are you sure?',
    async () => {
      mock.onDelete('/v2/parallel_job_config/8').reply(200, { message: 'Deleted' });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: /Parallel Job Config/ }));
      const dialog = await screen.findByRole('dialog');

      await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete Morning loads' }));
      expect(mock.history.delete).toHaveLength(0);
      expect(await screen.findByText('Are you sure?')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

      await waitFor(() => expect(mock.history.delete?.map((r) => r.url)).toEqual(['/v2/parallel_job_config/8']));
      await waitFor(() =>
        expect(capture.toasts).toContainEqual(
          expect.objectContaining({ type: 'success', title: 'Job Config Deleted' }),
        ),
      );
    },
    SLOW_UI_TEST_MS,
  );
});
