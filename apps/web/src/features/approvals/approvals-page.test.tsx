import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ApprovalsPage from '@/features/approvals/approvals-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

function row(overrides: Record<string, unknown> = {}) {
  return {
    approvalId: 12,
    kind: 'BULK_KNOCK_OFF',
    kindLabel: 'Bulk knock off',
    summary: 'Knock off 2 rows of Bank Statement (Bank vs Gateway)',
    requestedBy: 'maker',
    requestedAt: '2026-10-02T10:00:00.000Z',
    status: 'ACTION_PENDING',
    statusLabel: 'Action Pending',
    decidedBy: null,
    decidedAt: null,
    ...overrides,
  };
}
const page = (rows: unknown[]) => ({ draw: 1, recordsTotal: rows.length, recordsFiltered: rows.length, data: rows });
function detail(overrides: Record<string, unknown> = {}) {
  return {
    ...row(),
    remark: null,
    failureReason: null,
    canDecide: true,
    cannotDecideReason: null,
    knockOff: {
      reconId: 4,
      reconName: 'Bank vs Gateway',
      dataSourceId: 7,
      dataSourceName: 'Bank Statement',
      reason: 'Bank charges booked to expenses',
      rowCount: 2,
      columns: [
        { name: 'reference', type: 'VARCHAR', isMoney: false, isShown: true },
        { name: 'amount', type: 'DOUBLE', isMoney: true, isShown: true },
        { name: 'narration', type: 'VARCHAR', isMoney: false, isShown: false },
      ],
      runId: null,
    },
    rollback: null,
    ...overrides,
  };
}
const txRow = (id: number, reference: string, amount: string, status = 'UNRECONCILED') => ({
  id,
  status,
  matchId: null,
  ruleId: null,
  ruleName: null,
  closedBy: null,
  closedByUser: null,
  reconciledAt: null,
  reason: null,
  fileId: 1,
  fileName: 'bank.csv',
  loadedAt: '2026-10-01T09:00:00.000Z',
  values: { reference, amount, narration: 'hidden' },
});

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(initialEntry = '/my-jobs/approvals') {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['pendingApprovals']}>
        <ApprovalsPage />
      </WithAccess>
    </WithModule>,
    { path: '/my-jobs/approvals', initialEntry },
  );
}
const listParams = () =>
  (mock.history.get ?? []).filter((r) => r.url === '/v2/approvals').at(-1)?.params as Record<string, unknown>;

describe('approvals page', () => {
  it('lists the requests with kind, what, who, when, status and decider, paged on the server', async () => {
    mock.onGet('/v2/approvals').reply(200, {
      ...page([
        row(),
        row({
          approvalId: 11,
          kind: 'ROLLBACK',
          kindLabel: 'Rollback',
          summary: 'Rollback of run #41 (Daily load)',
          status: 'REJECTED',
          statusLabel: 'Rejected',
          decidedBy: 'checker',
        }),
      ]),
      recordsTotal: 30,
      recordsFiltered: 30,
    });
    renderPage();
    const pending = (await screen.findByText('#12', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(pending).getByText('Knock off 2 rows of Bank Statement (Bank vs Gateway)')).toBeTruthy();
    expect(within(pending).getByText('maker')).toBeTruthy();
    expect((within(pending).getByText('Action Pending').closest('.ant-tag') as HTMLElement).className).toContain(
      'ant-tag-warning',
    );
    const rejected = screen.getByText('#11').closest('tr') as HTMLElement;
    expect(within(rejected).getByText('checker')).toBeTruthy();
    expect((within(rejected).getByText('Rejected').closest('.ant-tag') as HTMLElement).className).toContain(
      'ant-tag-error',
    );
    for (const header of ['Kind', 'What', 'Requested By', 'Requested At', 'Status', 'Decided By']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(screen.getByText('1-30 of 30 items')).toBeTruthy();
    expect(listParams()).toMatchObject({ start: 0, length: 50 });
  });

  it('sends the status and kind filters and the page to the server', async () => {
    mock.onGet('/v2/approvals').reply(200, page([row()]));
    renderPage('/my-jobs/approvals?status=ACTION_PENDING&kind=BULK_KNOCK_OFF&page=2&size=20');
    await screen.findByText('#12', {}, { timeout: 5000 });
    expect(listParams()).toMatchObject({ status: 'ACTION_PENDING', kind: 'BULK_KNOCK_OFF', start: 20, length: 20 });
  });

  it('shows an empty list and an error with a retry', async () => {
    mock.onGet('/v2/approvals').replyOnce(500).onGet('/v2/approvals').reply(200, page([]));
    renderPage();
    const retry = await screen.findByRole('button', { name: /Retry|Try again/i }, { timeout: 5000 });
    await userEvent.click(retry);
    expect(await screen.findByText('No Data available', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('opens a knock-off with its rows and reason and approves it after the confirmation', async () => {
    mock.onGet('/v2/approvals').reply(200, page([row()]));
    mock.onGet('/v2/approvals/12').reply(200, detail());
    mock
      .onGet('/v2/approvals/12/rows')
      .reply(200, page([txRow(501, 'R700', '700.0000'), txRow(502, 'R800', '800.0000')]));
    mock
      .onPut('/v2/approvals/12')
      .reply(200, detail({ status: 'APPROVED', statusLabel: 'Approved', canDecide: false }));
    renderPage('/my-jobs/approvals?approvalId=12');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await within(dialog).findByText('Bank charges booked to expenses', {}, { timeout: 5000 })).toBeTruthy();
    expect(await within(dialog).findByText('R800', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByText('₹800.00')).toBeTruthy();
    expect(within(dialog).queryByText('hidden')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /Approve/ }));
    const confirm = await screen.findByRole('tooltip', {}, { timeout: 5000 });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1), { timeout: 5000 });
    expect(mock.history.put?.[0]?.params).toEqual({ Operation: 'Approve' });
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toContain('Request approved'), { timeout: 5000 });
  });

  it('requires a remark to reject', async () => {
    mock.onGet('/v2/approvals').reply(200, page([row()]));
    mock.onGet('/v2/approvals/12').reply(200, detail());
    mock.onGet('/v2/approvals/12/rows').reply(200, page([]));
    mock.onPut('/v2/approvals/12').reply(200, detail({ status: 'REJECTED', statusLabel: 'Rejected' }));
    renderPage('/my-jobs/approvals?approvalId=12');
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await userEvent.click(await within(drawer).findByRole('button', { name: /Reject/ }, { timeout: 5000 }));
    const modal = (await screen.findByText('Reject request #12', {}, { timeout: 5000 })).closest(
      '.ant-modal',
    ) as HTMLElement;
    const ok = within(modal).getByRole('button', { name: 'Reject' });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(modal).getByLabelText('Remark'), 'Not a bank charge');
    await userEvent.click(ok);
    await waitFor(() => expect(mock.history.put).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(mock.history.put?.[0]?.data as string)).toEqual({ remark: 'Not a bank charge' });
    expect(mock.history.put?.[0]?.params).toEqual({ Operation: 'Reject' });
  });

  it('disables the decision on the requester’s own request and says why', async () => {
    mock.onGet('/v2/approvals').reply(200, page([row()]));
    mock
      .onGet('/v2/approvals/12')
      .reply(
        200,
        detail({ canDecide: false, cannotDecideReason: 'You requested this: another user must approve or reject it' }),
      );
    mock.onGet('/v2/approvals/12/rows').reply(200, page([]));
    renderPage('/my-jobs/approvals?approvalId=12');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(
      await within(dialog).findByText(
        'You requested this: another user must approve or reject it',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: /Approve/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: /Reject/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens a rollback with the run and what it would undo', async () => {
    mock.onGet('/v2/approvals').reply(200, page([row()]));
    mock.onGet('/v2/approvals/11').reply(
      200,
      detail({
        approvalId: 11,
        kind: 'ROLLBACK',
        kindLabel: 'Rollback',
        summary: 'Rollback of run #41 (Daily load)',
        knockOff: null,
        rollback: {
          rollbackId: 9,
          rollbackStatus: 'APPROVAL_PENDING',
          rollbackStatusLabel: 'Approval Pending',
          impact: {
            jobExecutionId: 41,
            jobId: 3,
            jobName: 'Daily load',
            status: 'COMPLETED',
            statusLabel: 'Completed',
            canRollBack: true,
            blockedReason: null,
            tables: [
              {
                pipelineId: 5,
                pipelineName: 'Bank Pipeline',
                dataTableId: 6,
                dataTableName: 'bank_statement',
                files: [{ id: 70, originalName: 'bank-oct.csv', status: 'FINISHED' }],
                rows: 1200,
                invalidRows: 3,
              },
            ],
            reconRuns: [],
            dependencies: [],
            blockingExecutions: [],
            rollbackId: null,
          },
        },
      }),
    );
    renderPage('/my-jobs/approvals?approvalId=11');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await within(dialog).findByText('Run #41 of Daily load', {}, { timeout: 5000 })).toBeTruthy();
    const table = within(dialog).getByText('bank-oct.csv').closest('tr') as HTMLElement;
    expect(within(table).getByText('1200')).toBeTruthy();
    expect(within(dialog).getByText('The run matched nothing.')).toBeTruthy();
    expect(within(dialog).getByText('Approval Pending')).toBeTruthy();
  });
});
