import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import FileApprovalsPage from '@/features/job-executions/file-approvals-page';
import { awaitingApproval, executionDetail } from '@/features/job-executions/testing/fixtures';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const FILE = {
  fileId: 77,
  fileName: 'bank_statement.csv',
  status: 'FINISHED',
  uploadStatus: 'VALID',
  errorKind: 'No Error',
  errorMessage: null,
  totalRows: 120,
  validRows: 117,
  invalidRows: 2,
  duplicateRows: 1,
  uploadedAt: '2026-10-02T09:58:00.000Z',
};
const page = (rows: unknown[]) => ({ draw: 1, recordsTotal: rows.length, recordsFiltered: rows.length, data: rows });

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/pipelines/12/file_summary').reply(200, { data: [FILE] });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(initialEntry = '/my-jobs/file-approvals') {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['jobExecutions', 'fileApproval']}>
        <FileApprovalsPage />
      </WithAccess>
    </WithModule>,
    { path: '/my-jobs/file-approvals', initialEntry },
  );
}

describe('file approvals page', () => {
  it('asks only for the runs waiting on file approval and shows what their files loaded', async () => {
    mock.onGet('/v2/jobexecutions').reply(200, page([awaitingApproval()]));
    mock.onGet('/v2/jobexecutions/41').reply(200, awaitingApproval());
    mock
      .onPost('/v2/jobexecutions/41/file-approval-validate-maker-checker')
      .reply(200, { canApprove: true, message: null });
    renderPage();

    const card = (await screen.findByText('Run #41', {}, { timeout: 5000 })).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Daily Bank and Gateway Load')).toBeTruthy();
    expect(within(card).getByText(/Started by maker at/)).toBeTruthy();
    expect(await within(card).findByText('bank_statement.csv', {}, { timeout: 5000 })).toBeTruthy();
    const summary = card.querySelector('.ant-descriptions') as HTMLElement;
    expect(summary.textContent).toContain('Files1');
    expect(summary.textContent).toContain('Rows120');
    expect(summary.textContent).toContain('Invalid2');
    expect(summary.textContent).toContain('Duplicates1');
    expect(mock.history.get?.find((r) => r.url === '/v2/jobexecutions')?.params).toMatchObject({
      status: 'FILE_APPROVAL_PENDING',
    });
  });

  it('approves through the execution drawer’s call, and the decided run leaves the list', async () => {
    let isDecided = false;
    mock.onGet('/v2/jobexecutions').reply(() => [200, page(isDecided ? [] : [awaitingApproval()])]);
    mock.onGet('/v2/jobexecutions/41').reply(200, awaitingApproval());
    mock
      .onPost('/v2/jobexecutions/41/file-approval-validate-maker-checker')
      .reply(200, { canApprove: true, message: null });
    mock.onPut('/v2/jobexecutions/41/update_data_ingestion_status').reply(() => {
      isDecided = true;
      return [200, executionDetail({ status: 'RUNNABLE', statusLabel: 'Queued' })];
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: /Approve/ }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }, { timeout: 5000 }));

    await waitFor(() => expect(mock.history.put?.[0]?.params).toEqual({ approvalStatus: 'APPROVED' }), {
      timeout: 5000,
    });
    expect(await screen.findByText('No run waits for file approval.', {}, { timeout: 5000 })).toBeTruthy();
    expect(capture.toasts).toContainEqual(
      expect.objectContaining({ type: 'success', title: 'Files approved: the run continues' }),
    );
  });

  it('marks the run an alert opened the page on', async () => {
    mock.onGet('/v2/jobexecutions').reply(200, page([awaitingApproval({ id: 40 }), awaitingApproval()]));
    mock.onGet('/v2/jobexecutions/40').reply(200, awaitingApproval({ id: 40 }));
    mock.onGet('/v2/jobexecutions/41').reply(200, awaitingApproval());
    mock.onPost(/file-approval-validate-maker-checker$/).reply(200, { canApprove: true, message: null });
    renderPage('/my-jobs/file-approvals?executionId=41');

    const opened = (await screen.findByText('Run #41', {}, { timeout: 5000 })).closest('.ant-card') as HTMLElement;
    const other = screen.getByText('Run #40').closest('.ant-card') as HTMLElement;
    expect(opened.getAttribute('aria-current')).toBe('true');
    expect(other.getAttribute('aria-current')).toBeNull();
  });

  it('tells the maker why they cannot decide on their own files', async () => {
    mock.onGet('/v2/jobexecutions').reply(200, page([awaitingApproval()]));
    mock.onGet('/v2/jobexecutions/41').reply(200, awaitingApproval());
    mock
      .onPost('/v2/jobexecutions/41/file-approval-validate-maker-checker')
      .reply(200, { canApprove: false, message: 'You started this run: another user must approve its files' });
    renderPage();

    expect(
      await screen.findByText('You started this run: another user must approve its files', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });
});
