import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import InternalTicketsPage from '@/features/tickets/internal-tickets-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;
let myId: number;

const person = (name: string, id: number | null, email: string | null = null) => ({
  associatedAs: 'ASSIGNED',
  assignedToId: id,
  assignedToExternalEmail: email,
  assignedToEmail: email,
  assignedToName: name,
});
function row(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    title: 'Short settlement from HDFC',
    priority: 'HIGH',
    type: 'INCIDENT',
    status: 'ASSIGNED',
    statusLabel: 'Assigned',
    origin: 'INTERNAL',
    tags: ['Support'],
    assignees: [person('ops-anna', 7)],
    createdBy: 'admin',
    createdAt: '2026-11-20T10:00:00.000Z',
    assignedBy: 'admin',
    updatedAt: '2026-11-20T10:00:00.000Z',
    dueDate: '2026-11-30T18:29:59.999Z',
    isOverdue: false,
    linkedRowCount: 2,
    ...overrides,
  };
}
const page = (rows: unknown[]) => ({ draw: 1, recordsTotal: rows.length, recordsFiltered: rows.length, data: rows });
const counts = (total: number) => ({
  total,
  byStatus: { OPEN: 0, ASSIGNED: total, ESCALATED: 0, REOPEN: 0, ON_HOLD: 0, CLOSED: 0 },
});
function detail(overrides: Record<string, unknown> = {}) {
  return {
    ...row(),
    description: 'Bank credited 9,800 of 10,000',
    cced: [],
    marketplaceBrand: null,
    externalType: null,
    externalProvider: null,
    comments: [{ id: 1, comment: 'Asked the bank', createdBy: 'ops-anna', createdAt: '2026-11-21T10:00:00.000Z' }],
    links: [
      {
        dataSourceId: 3,
        dataSourceName: 'Bank Statement',
        reconId: 2,
        reconName: 'Bank vs PG',
        rowCount: 2,
        openRowCount: 0,
      },
    ],
    allowedActions: ['reassign', 'escalate', 'close', 'change_status'],
    nextStatuses: ['ESCALATED', 'ON_HOLD', 'CLOSED'],
    knockOffApprovalIds: [],
    ...overrides,
  };
}

const SLA_COUNTS = {
  total: 4,
  overdue: 2,
  escalatedBySla: 1,
  byStatus: { OPEN: 1, ASSIGNED: 2, ESCALATED: 1, REOPEN: 0, ON_HOLD: 0, CLOSED: 0 },
  byAge: [
    { bucket: 'UNDER_1D', total: 1, overdue: 0 },
    { bucket: 'D1_3', total: 0, overdue: 0 },
    { bucket: 'D3_7', total: 3, overdue: 2 },
    { bucket: 'D7_30', total: 0, overdue: 0 },
    { bucket: 'OVER_30D', total: 0, overdue: 0 },
  ],
};

beforeEach(() => {
  localStorage.clear();
  mock.onGet('/v2/ticketSla/counts').reply(200, SLA_COUNTS);
  myId = signIn({}, 1).id;
  capture = captureToasts();
  mock.onGet('/v2/tickets').reply(200, page([row()]));
  mock.onGet('/v2/tickets/counts').reply(200, counts(1));
  mock.onGet(`/v2/tickets/assigned_to/${myId}`).reply(200, page([]));
  mock.onGet(`/v2/tickets/assigned_to/${myId}/counts`).reply(200, counts(0));
  mock.onGet(`/v2/tickets/assigned_by/${myId}`).reply(200, page([row()]));
  mock.onGet(`/v2/tickets/assigned_by/${myId}/counts`).reply(200, counts(1));
  mock.onGet('/v2/tickets/users').reply((config) => [
    200,
    {
      data: [
        { id: 12, userName: 'meera', name: 'Meera Rao', email: 'meera@bank.example' },
        { id: 13, userName: 'omar', name: 'Omar Ali', email: null },
      ].filter((u) => `${u.userName} ${u.name} ${u.email}`.toLowerCase().includes(config.params?.search ?? '')),
    },
  ]);
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(initialEntry = '/my-jobs/tickets/internal') {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['ticket']}>
        <InternalTicketsPage />
      </WithAccess>
    </WithModule>,
    { path: '/my-jobs/tickets/internal', initialEntry },
  );
}
const lastGet = (url: string) =>
  (mock.history.get ?? []).filter((r) => r.url === url).at(-1)?.params as Record<string, unknown> | undefined;

describe('tickets page', () => {
  it('lists the tickets with the three views and their counts, and keeps the view and status per module', async () => {
    const { unmount } = renderPage();
    const tr = (await screen.findByText('Short settlement from HDFC', {}, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(tr).getByText('ops-anna')).toBeTruthy();
    expect(within(tr).getByText('Assigned')).toBeTruthy();
    expect(within(tr).getByText('High')).toBeTruthy();
    expect(await screen.findByText('All (1)', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Assigned to me (0)', {}, { timeout: 5000 })).toBeTruthy();
    expect(lastGet('/v2/tickets')).toMatchObject({ origin: 'INTERNAL', start: 0 });
    await userEvent.click(screen.getByText('Assigned by me (1)'));
    await waitFor(() => expect(lastGet(`/v2/tickets/assigned_by/${myId}`)).toMatchObject({ origin: 'INTERNAL' }), {
      timeout: 5000,
    });
    unmount();
    renderPage();
    // The view chosen is kept for this module: the page opens on it again.
    await waitFor(
      () =>
        expect(
          (mock.history.get ?? []).filter((r) => r.url === `/v2/tickets/assigned_by/${myId}`).length,
        ).toBeGreaterThan(1),
      {
        timeout: 5000,
      },
    );
    expect(JSON.parse(localStorage.getItem('moduleCache:ticketPage:1') ?? '{}')).toMatchObject({
      internalView: 'assignedBy',
    });
  });

  it('shows the open tickets by age, flags overdue rows, and narrows the list to the overdue ones', async () => {
    mock.onGet('/v2/tickets').reply(200, page([row({ isOverdue: true, title: 'Late settlement' })]));
    renderPage();
    const tr = (await screen.findByText('Late settlement', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(tr).getByText('Overdue')).toBeTruthy();
    const age = await screen.findByText('3–7 days', {}, { timeout: 5000 });
    expect(within(age.closest('[data-bucket]') as HTMLElement).getByText('2 overdue')).toBeTruthy();
    expect(screen.getByText('1 escalated by the SLA rule')).toBeTruthy();
    expect(lastGet('/v2/ticketSla/counts')).toEqual({ origin: 'INTERNAL' });
    expect(lastGet('/v2/tickets')?.overdue).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: /Overdue/ }));
    await waitFor(() => expect(lastGet('/v2/tickets')).toMatchObject({ overdue: 'true', start: 0 }), {
      timeout: 5000,
    });
    expect(screen.getByRole('button', { name: /showing only these/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('sets the SLA rule of the module (escalate after N hours overdue, to whom) for those allowed', async () => {
    mock.onGet('/v2/ticketSla').reply(200, { data: null, options: { users: [{ id: 9, name: 'ops-lead' }] } });
    mock.onPut('/v2/ticketSla').reply(200, {
      message: 'SLA rule saved',
      data: {
        isEnabled: true,
        escalateAfterHours: 6,
        escalateTo: { id: 9, name: 'ops-lead' },
        updatedBy: 'admin',
        updatedAt: '2026-11-27T10:00:00.000Z',
      },
    });
    const { unmount } = renderPage();
    await screen.findByText('Open tickets by age', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /SLA rule/ })).toBeNull();
    unmount();
    renderRoute(
      <WithModule>
        <WithAccess codes={['ticket', 'modules']}>
          <InternalTicketsPage />
        </WithAccess>
      </WithModule>,
      { path: '/my-jobs/tickets/internal', initialEntry: '/my-jobs/tickets/internal' },
    );
    await userEvent.click(await screen.findByRole('button', { name: /SLA rule/ }, { timeout: 5000 }));
    await waitFor(
      () => expect(document.querySelector('.ant-modal-title')?.textContent).toBe('SLA rule of this product'),
      { timeout: 5000 },
    );
    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    const hours = await within(dialog).findByRole('spinbutton', { name: 'Escalate after' }, { timeout: 5000 });
    await userEvent.clear(hours);
    await userEvent.type(hours, '6');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Escalate to' }));
    await userEvent.click(await screen.findByTitle('ops-lead'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toEqual({
      isEnabled: true,
      escalateAfterHours: 6,
      escalateTo: { id: 9 },
    });
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toContain('SLA rule saved'), { timeout: 5000 });
  });

  it('opens a ticket with its comments, and closes it after the confirmation', async () => {
    mock.onGet('/v2/tickets/5').reply(200, detail());
    mock.onGet('/v2/tickets/5/history').reply(200, { data: [] });
    mock.onPut('/v2/tickets/close').reply(200, detail({ status: 'CLOSED', statusLabel: 'Closed' }));
    renderPage('/my-jobs/tickets/internal?ticketId=5');
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await within(drawer).findByText('Asked the bank', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(drawer).getByText('Bank credited 9,800 of 10,000')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Reopen' })).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close ticket' }));
    const modal = (await screen.findByText('Close ticket #5?', {}, { timeout: 5000 })).closest(
      '.ant-modal',
    ) as HTMLElement;
    await userEvent.type(within(modal).getByLabelText('Remark'), 'Bank paid the rest');
    await userEvent.click(within(modal).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(mock.history.put?.[0]?.data as string)).toEqual({ id: 5, remark: 'Bank paid the rest' });
  });

  it('creates a ticket due 10 days ahead at 23:59:59.999 and refuses a cc that is not an e-mail', async () => {
    mock.onPost('/v2/tickets').reply(201, detail({ id: 9 }));
    mock.onGet('/v2/tickets/9').reply(200, detail({ id: 9 }));
    mock.onGet('/v2/tickets/9/history').reply(200, { data: [] });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /New Ticket/ }, { timeout: 5000 }));
    const modal = (await screen.findByText('New ticket', {}, { timeout: 5000 })).closest('.ant-modal') as HTMLElement;
    await userEvent.type(within(modal).getByLabelText('Title'), 'Refund not received');
    await userEvent.type(within(modal).getByLabelText('Cc'), 'not an email,');
    await waitFor(
      () => expect(capture.toasts.map((t) => t.description ?? t.title).join(' ')).toContain('Invalid Email'),
      {
        timeout: 5000,
      },
    );
    await userEvent.type(within(modal).getByLabelText('Cc'), 'ops@bank.example,');
    await userEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1), { timeout: 5000 });
    const body = JSON.parse(mock.history.post?.[0]?.data as string);
    expect(body).toMatchObject({
      title: 'Refund not received',
      priority: 'MEDIUM',
      type: 'INCIDENT',
      cced: [{ email: 'ops@bank.example' }],
      links: [],
    });
    const due = new Date(body.dueDate);
    const expected = new Date();
    expected.setDate(expected.getDate() + 10);
    expected.setHours(23, 59, 59, 999);
    expect(due.getTime()).toBe(expected.getTime());
  }, 45_000);

  it('asks what becomes of open linked rows on close, and sends the knock-off (approval pending is said)', async () => {
    const open = detail({ links: [{ ...detail().links[0], openRowCount: 2 }] });
    mock.onGet('/v2/tickets/5').reply(200, open);
    mock.onGet('/v2/tickets/5/history').reply(200, { data: [] });
    mock.onPut('/v2/tickets/close').reply(200, detail({ knockOffApprovalIds: [31] }));
    renderPage('/my-jobs/tickets/internal?ticketId=5');
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Close ticket' }, { timeout: 5000 }));
    const modal = (await screen.findByText('Close ticket #5?', {}, { timeout: 5000 })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(modal).getByText(/2 linked rows are still open/)).toBeTruthy();
    // No choice made: the dialog asks for one.
    await userEvent.click(within(modal).getByRole('button', { name: 'Close ticket' }));
    expect(
      await within(modal).findByText('Choose what happens to the linked rows', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(modal).getByText('Leave them open')).toBeTruthy();
    await userEvent.click(within(modal).getByText('Knock off the linked rows'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(mock.history.put?.[0]?.data as string)).toEqual({ id: 5, linkedRows: 'KNOCK_OFF' });
    await waitFor(
      () =>
        expect(capture.toasts.map((t) => t.description ?? t.title).join(' ')).toContain(
          'Knock-off sent for approval: the ticket closes once it is approved',
        ),
      { timeout: 5000 },
    );
  }, 30_000);

  it('says the knock-off waits for approval and offers no second close meanwhile', async () => {
    mock.onGet('/v2/tickets/5').reply(200, detail({ knockOffApprovalIds: [31] }));
    mock.onGet('/v2/tickets/5/history').reply(200, { data: [] });
    renderPage('/my-jobs/tickets/internal?ticketId=5');
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await within(drawer).findByText('Knock-off waiting for approval', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Escalate' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Close ticket' })).toBeNull();
  });

  it("finds the module's users by name in the assignee picker and assigns them by id", async () => {
    mock.onPost('/v2/tickets').reply(201, detail({ id: 9 }));
    mock.onGet('/v2/tickets/9').reply(200, detail({ id: 9 }));
    mock.onGet('/v2/tickets/9/history').reply(200, { data: [] });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /New Ticket/ }, { timeout: 5000 }));
    const modal = (await screen.findByText('New ticket', {}, { timeout: 5000 })).closest('.ant-modal') as HTMLElement;
    await userEvent.type(within(modal).getByLabelText('Title'), 'Refund not received');
    await userEvent.type(within(modal).getByLabelText('Assigned to'), 'meera');
    await userEvent.click(await screen.findByText('Meera Rao (meera)', {}, { timeout: 5000 }));
    await waitFor(() => expect(lastGet('/v2/tickets/users')).toMatchObject({ search: 'meera' }), { timeout: 5000 });
    expect(screen.queryByText('Omar Ali (omar)')).toBeNull();
    await userEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(mock.history.post?.[0]?.data as string).assignedTo).toEqual([{ id: 12 }]);
  }, 30_000);
});
