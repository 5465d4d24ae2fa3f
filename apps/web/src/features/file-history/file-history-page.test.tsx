import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import FileHistoryPage from '@/features/file-history/file-history-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);

function fileRow(overrides: Record<string, unknown> = {}) {
  return {
    id: 77,
    fileName: 'bank_statement.csv',
    pipelineId: 12,
    pipelineName: 'Bank Statement Pipeline',
    status: 'FINISHED',
    uploadStatus: 'VALID',
    errorKind: 'Additional Columns At End',
    totalRows: 1250,
    validRows: 1248,
    invalidRows: 2,
    duplicateRows: 0,
    sizeBytes: 2048,
    jobExecutionId: 41,
    uploadedBy: 'admin',
    uploadedAt: '2026-10-02T09:58:00.000Z',
    ...overrides,
  };
}
const page = (rows: unknown[]) => ({ draw: 1, recordsTotal: rows.length, recordsFiltered: rows.length, data: rows });

beforeEach(() => {
  signIn({}, 1);
  mock.onGet('/v2/pipeline/all').reply(200, { data: [] });
});
afterEach(() => mock.reset());

function renderPage(initialEntry = '/operations/history/file-upload', codes = ['fileUpload', 'jobExecutions']) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <FileHistoryPage />
      </WithAccess>
    </WithModule>,
    { path: '/operations/history/file-upload', initialEntry },
  );
}

const listParams = () =>
  (mock.history.get ?? []).filter((r) => r.url === '/v2/files').at(-1)?.params as Record<string, unknown>;

describe('file upload history page', () => {
  it('lists the files with their status, the error kind word for word and grouped row counts', async () => {
    mock.onGet('/v2/files').reply(
      200,
      page([
        fileRow(),
        fileRow({
          id: 78,
          fileName: 'pg_settlement.csv',
          status: 'INVALID',
          uploadStatus: 'INVALID',
          errorKind: 'Columns Deleted',
          totalRows: null,
          validRows: null,
          invalidRows: null,
          duplicateRows: null,
        }),
      ]),
    );
    renderPage();

    const loaded = (await screen.findByText('bank_statement.csv', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(loaded).getByText('Finished')).toBeTruthy();
    expect(within(loaded).getByText('Additional Columns At End')).toBeTruthy();
    expect(within(loaded).getByText('1,248')).toBeTruthy();
    const rejected = screen.getByText('pg_settlement.csv').closest('tr') as HTMLElement;
    expect(within(rejected).getByText('Columns Deleted')).toBeTruthy();
    expect(within(rejected).getByText('Invalid')).toBeTruthy();
    expect(within(rejected).getByText('Upload: Invalid')).toBeTruthy();
  });

  it('asks for the last 15 days by default and sends the filters of the URL', async () => {
    mock.onGet('/v2/files').reply(200, page([fileRow()]));
    renderPage();
    await screen.findByText('bank_statement.csv', {}, { timeout: 5000 });
    expect(listParams()).toMatchObject({
      start: 0,
      length: 50,
      fromDate: dayjs().subtract(15, 'day').format('YYYY-MM-DD'),
      toDate: dayjs().format('YYYY-MM-DD'),
    });
  });

  it('searches the file name and filters by pipeline and status on the server', async () => {
    mock.onGet('/v2/files').reply(200, page([fileRow()]));
    renderPage(
      '/operations/history/file-upload?pipelineId=12&status=FINISHED&fileName=bank&from=2026-10-01&to=2026-10-03',
    );
    await screen.findByText('bank_statement.csv', {}, { timeout: 5000 });

    expect(listParams()).toMatchObject({
      pipelineId: 12,
      status: 'FINISHED',
      fromDate: '2026-10-01',
      toDate: '2026-10-03',
      'columns[0][data]': 'fileName',
      'columns[0][search][value]': 'bank',
    });
  });

  it('opens the file with its error message, size and run when its name is clicked', async () => {
    mock.onGet('/v2/files').reply(200, page([fileRow()]));
    mock.onGet('/v2/files/77').reply(200, {
      ...fileRow(),
      errorMessage: 'Extra columns after the configured ones were ignored: Remarks',
      sizeBytes: 1_572_864,
      contentSha256: 'ab'.repeat(32),
      jobExecutionId: 41,
      activityExecutionId: 501,
      updatedAt: '2026-10-02T10:01:00.000Z',
    });
    const { router } = renderPage();

    const name = (await screen.findByText('bank_statement.csv', {}, { timeout: 5000 })).closest('button');
    if (!name) throw new Error('the file name opens the file');
    await userEvent.click(name);

    expect(
      await screen.findByText('Extra columns after the configured ones were ignored: Remarks', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('1.5 MB')).toBeTruthy();
    expect(router.state.location.search).toContain('fileId=77');
    const runLink = screen.getByRole('link', { name: 'Run #41' });
    expect(runLink.getAttribute('href')).toBe('/operations/history/execution-history?executionId=41');
  });

  it('discards a file no run took after a confirmation', async () => {
    const waiting = {
      ...fileRow({
        id: 79,
        fileName: 'left_behind.csv',
        status: 'UPLOADED',
        uploadStatus: 'UPLOADED',
        errorKind: null,
      }),
      errorMessage: null,
      sizeBytes: 100,
      contentSha256: 'cd'.repeat(32),
      jobExecutionId: null,
      activityExecutionId: null,
      updatedAt: '2026-10-02T10:01:00.000Z',
    };
    mock.onGet('/v2/files').reply(200, page([waiting]));
    mock.onGet('/v2/files/79').reply(200, waiting);
    mock.onDelete('/v2/files/79').reply(200, { ...waiting, status: 'DELETED', errorMessage: 'Discarded by admin' });
    renderPage('/operations/history/file-upload?fileId=79');

    expect(await screen.findByText(/Uploaded and not run yet/, {}, { timeout: 5000 })).toBeTruthy();
    const discard = screen.getByText('Discard').closest('button');
    if (!discard) throw new Error('the drawer offers Discard');
    await userEvent.click(discard);
    const confirm = (await screen.findByText('Discard this file?')).closest('.ant-popover') as HTMLElement;
    expect(mock.history.delete ?? []).toEqual([]);
    const ok = within(confirm).getByText('Discard').closest('button');
    if (!ok) throw new Error('the confirmation offers Discard');
    await userEvent.click(ok);
    await waitFor(() => expect(mock.history.delete?.map((r) => r.url)).toEqual(['/v2/files/79']));
  });

  it('offers no discard to a user who cannot upload files', async () => {
    const waiting = {
      ...fileRow({ id: 80, status: 'UPLOADED', uploadStatus: 'UPLOADED', errorKind: null }),
      errorMessage: null,
      sizeBytes: 100,
      contentSha256: 'cd'.repeat(32),
      jobExecutionId: null,
      activityExecutionId: null,
      updatedAt: '2026-10-02T10:01:00.000Z',
    };
    mock.onGet('/v2/files').reply(200, page([waiting]));
    mock.onGet('/v2/files/80').reply(200, waiting);
    renderPage('/operations/history/file-upload?fileId=80', ['jobExecutions']);
    expect(await screen.findByText(/Uploaded and not run yet/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Discard')).toBeNull();
  });

  it('tells why a rejected file failed in the list and in the file, with the rows its skip rules took out', async () => {
    const rejection = {
      reasons: [
        {
          column: 'posted_date',
          problem: 'not a valid date in format YYYY-MM-DD',
          count: 628,
          samples: ['01.03.2026'],
        },
        { column: 'amount', problem: 'not an amount', count: 2, samples: ['1,50', 'abc'] },
      ],
      firstRows: [
        { rowNo: 7, reasons: ['amount: not an amount'], values: { posted_date: '2026-03-01', amount: '1,50' } },
      ],
    };
    const rejected = { ...fileRow(), status: 'REJECTED', skippedRows: 2, rejection };
    mock.onGet('/v2/files').reply(200, page([rejected]));
    mock.onGet('/v2/files/77').reply(200, {
      ...rejected,
      skipped: [{ reason: 'Narration matches ^Closing Balance', count: 2 }],
      errorMessage: '630 of 640 rows are invalid, over the limit of 0 rows: nothing was loaded.',
      sizeBytes: 2048,
      contentSha256: 'ab'.repeat(32),
      jobExecutionId: 41,
      activityExecutionId: 501,
      updatedAt: '2026-10-02T10:01:00.000Z',
    });
    renderPage();

    const firstReason = "posted_date: 628 rows not a valid date in format YYYY-MM-DD, e.g. '01.03.2026'";
    expect(await screen.findByText(firstReason, {}, { timeout: 5000 })).toBeTruthy();
    const name = screen.getByText('bank_statement.csv').closest('button');
    if (!name) throw new Error('the file name opens the file');
    await userEvent.click(name);

    const reasons = await screen.findByRole('list', { name: 'Why rows failed' }, { timeout: 5000 });
    expect(within(reasons).getByText("amount: 2 rows not an amount, e.g. '1,50', 'abc'")).toBeTruthy();
    expect(screen.getByText('Narration matches ^Closing Balance')).toBeTruthy();
    await userEvent.click(screen.getByText('First 1 failing rows'));
    expect(await screen.findByText('amount: not an amount')).toBeTruthy();
  });

  it('shows No Data available when no file matches', async () => {
    mock.onGet('/v2/files').reply(200, page([]));
    renderPage();
    expect(await screen.findByText('No Data available', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('sorts on the server by the clicked column', async () => {
    mock.onGet('/v2/files').reply(200, page([fileRow()]));
    const { router } = renderPage();
    await screen.findByText('bank_statement.csv', {}, { timeout: 5000 });

    await userEvent.click(screen.getByRole('columnheader', { name: /Invalid Rows/ }));

    await waitFor(() => expect(router.state.location.search).toContain('sort=invalidRows'), { timeout: 5000 });
    expect(listParams()).toMatchObject({
      'columns[6][data]': 'invalidRows',
      'order[0][column]': 6,
      'order[0][dir]': 'asc',
    });
  });
});
