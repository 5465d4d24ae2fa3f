import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ReportConfigListPage from '@/features/reports/report-config-list-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const report = (id: number, name: string) => ({
  id,
  name,
  description: null,
  dataSourceId: 7,
  dataSourceName: 'Bank Statement',
  reconName: 'Bank vs Gateway',
  columns: [{ field: 'reference', label: 'Reference' }],
  filters: [],
  groupBy: [],
  aggregates: [],
  sort: [],
  createdBy: 'admin',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  lastRun: null,
});
const REPORTS = [report(3, 'Rows of a region'), report(5, 'By region'), report(8, 'Open breaks')];
const page = <T,>(data: T[]) => ({ draw: 0, recordsTotal: data.length, recordsFiltered: data.length, data });
const monthEnd = {
  id: 11,
  name: 'Month end',
  reports: [
    { id: 3, name: 'Rows of a region' },
    { id: 5, name: 'By region' },
  ],
  updatedAt: '2026-11-20T09:30:00.000Z',
};

beforeEach(() => {
  localStorage.clear();
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/reports').reply(200, page(REPORTS));
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(entry = '/reports/report-config-list?tab=groups') {
  renderRoute(
    <WithModule>
      <WithAccess codes={['reportsList', 'reportExecutions']}>
        <ReportConfigListPage />
      </WithAccess>
    </WithModule>,
    { path: '/reports/report-config-list', initialEntry: entry },
  );
}

const rowOf = async (name: string) =>
  (await screen.findByText(name, { selector: 'strong' }, { timeout: 5000 })).closest('tr') as HTMLElement;

async function addReport(dialog: HTMLElement, name: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Add a report' }));
  await userEvent.click(await screen.findByText(name, { selector: '.ant-select-item-option-content' }));
}

/** The reports of the editor's list, in their order. */
const chosen = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button', { name: /^Drag / })
    .map((b) => b.getAttribute('aria-label')?.replace('Drag ', ''));

describe('Report Config List › Report Groups', () => {
  it('lists each group with its reports in order, and searches them by name', async () => {
    mock.onGet('/v2/scheduleSqlQuerys').replyOnce(200, { data: [monthEnd] });
    renderPage();
    const row = await rowOf('Month end');
    expect(within(row).getByText('1. Rows of a region')).toBeTruthy();
    expect(within(row).getByText('2. By region')).toBeTruthy();
    expect(within(row).getByText('20-11-2026', { exact: false })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Report Groups', selected: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Report Group' })).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search report groups' }), 'quarter');
    expect(screen.queryByText('Month end')).toBeNull();
  });

  it('shows the empty state when the module has no group', async () => {
    mock.onGet('/v2/scheduleSqlQuerys').reply(200, { data: [] });
    renderPage();
    expect(
      await screen.findByText(
        'No report groups yet: a group runs several reports in one job activity',
        {},
        {
          timeout: 5000,
        },
      ),
    ).toBeTruthy();
  });

  it('offers a retry when the groups could not be loaded, and lists them once they come', async () => {
    mock.onGet('/v2/scheduleSqlQuerys').replyOnce(500, {});
    mock.onGet('/v2/scheduleSqlQuerys').replyOnce(200, { data: [monthEnd] });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 }));
    expect(await rowOf('Month end')).toBeTruthy();
  });

  it('creates a group of two reports in the order they were added', async () => {
    mock.onGet('/v2/scheduleSqlQuerys').reply(200, { data: [] });
    mock.onPost('/v2/scheduleSqlQuerys').replyOnce(200, { ...monthEnd, id: 12 });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New Report Group' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Group Name'), 'Month end');
    await addReport(dialog, 'By region');
    await addReport(dialog, 'Rows of a region');
    expect(chosen(dialog)).toEqual(['By region', 'Rows of a region']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({ name: 'Month end', reportIds: [5, 3] });
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toEqual(['Successfully Created']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a group: moves a report up and saves the new order', async () => {
    mock.onGet('/v2/scheduleSqlQuerys').reply(200, { data: [monthEnd] });
    mock.onPut('/v2/scheduleSqlQuerys/11').replyOnce(200, monthEnd);
    renderPage();
    await userEvent.click(within(await rowOf('Month end')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Month end')).toBeTruthy();
    expect(chosen(dialog)).toEqual(['Rows of a region', 'By region']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move By region up' }));
    expect(chosen(dialog)).toEqual(['By region', 'Rows of a region']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put[0]?.data as string)).toEqual({ name: 'Month end', reportIds: [5, 3] });
  });

  it('deletes a group only after the confirmation', async () => {
    mock.onGet('/v2/scheduleSqlQuerys').reply(200, { data: [monthEnd] });
    mock.onDelete('/v2/scheduleSqlQuerys/11').replyOnce(200, { message: 'Report Group Deleted' });
    renderPage();
    await userEvent.click(within(await rowOf('Month end')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByText('Delete the report group Month end?');
    expect(mock.history.delete).toHaveLength(0);
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popover).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mock.history.delete).toHaveLength(1));
    expect(mock.history.delete[0]?.url).toBe('/v2/scheduleSqlQuerys/11');
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toEqual(['Report Group Deleted']));
  });

  it("shows the server's 400 message under the field it names, without a toast", async () => {
    mock.onGet('/v2/scheduleSqlQuerys').reply(200, { data: [monthEnd] });
    mock.onPost('/v2/scheduleSqlQuerys').replyOnce(400, {
      message: 'A report group with this name already exists',
      errors: [{ field: 'name', defaultMessage: 'A report group with this name already exists' }],
    });
    mock.onPost('/v2/scheduleSqlQuerys').replyOnce(400, {
      message: 'Add at least one report to the group',
      errors: [{ field: 'reportIds', defaultMessage: 'Add at least one report to the group' }],
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New Report Group' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Group Name'), 'month END');
    await addReport(dialog, 'Open breaks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A report group with this name already exists')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Open breaks from the group' }));
    expect(within(dialog).getByText('No reports in the group yet')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Add at least one report to the group')).toBeTruthy();
    expect(capture.toasts).toEqual([]);
  });
});

describe('Report Config List › Report Configs', () => {
  it("shows the server's refusal to delete a report a group holds", async () => {
    const refusal = 'The report is part of the report groups Month end: remove it from them first';
    mock
      .onDelete('/v2/reports/3')
      .replyOnce(400, { message: refusal, errors: [{ field: 'id', defaultMessage: refusal }] });
    renderPage('/reports/report-config-list');
    await userEvent.click(within(await rowOf('Rows of a region')).getByRole('button', { name: 'Delete' }));
    const popover = (await screen.findByText('Delete Rows of a region?')).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popover).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(capture.toasts.map((t) => [t.type, t.title])).toEqual([['error', refusal]]));
    expect(screen.getByText('Rows of a region', { selector: 'strong' })).toBeTruthy();
  });
});
