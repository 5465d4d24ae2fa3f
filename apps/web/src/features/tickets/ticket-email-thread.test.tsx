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

// The drawer's e-mail thread (decision 0030): the entries in and out, "Send to externals", "Check for replies", the
// reply box, and the reason a call failed.

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const person = (name: string, as: 'ASSIGNED' | 'CCED', email: string | null, id: number | null = null) => ({
  associatedAs: as,
  assignedToId: id,
  assignedToExternalEmail: email,
  assignedToEmail: email,
  assignedToName: name,
});
function detail(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    title: 'Short settlement from HDFC',
    priority: 'HIGH',
    type: 'INCIDENT',
    status: 'ASSIGNED',
    statusLabel: 'Assigned',
    origin: 'INTERNAL',
    tags: [],
    assignees: [person('ops@partner.test', 'ASSIGNED', 'ops@partner.test')],
    createdBy: 'admin',
    createdAt: '2026-11-20T10:00:00.000Z',
    assignedBy: 'admin',
    updatedAt: '2026-11-20T10:00:00.000Z',
    dueDate: '2026-11-30T18:29:59.999Z',
    isOverdue: false,
    linkedRowCount: 0,
    description: null,
    cced: [],
    marketplaceBrand: null,
    externalType: null,
    externalProvider: null,
    comments: [],
    links: [],
    allowedActions: ['reassign', 'escalate', 'close', 'change_status'],
    nextStatuses: ['ESCALATED', 'ON_HOLD', 'CLOSED'],
    knockOffApprovalIds: [],
    ...overrides,
  };
}
const OUT = {
  id: 1,
  direction: 'OUT',
  status: 'SENT',
  via: 'GMAIL',
  from: 'recon@bank.test',
  to: ['ops@partner.test'],
  cc: ['lead@partner.test'],
  subject: '[Ticket #5] Short settlement from HDFC',
  body: 'Ticket #5: Short settlement from HDFC\nStatus: Assigned',
  messageId: '<ticket-5.a@bank.test>',
  inReplyTo: null,
  error: null,
  sentBy: 'admin',
  date: '2026-11-21T10:00:00.000Z',
};
const IN = {
  ...OUT,
  id: 2,
  direction: 'IN',
  status: 'RECEIVED',
  from: 'Ops Desk <ops@partner.test>',
  to: [],
  cc: [],
  subject: 'Re: [Ticket #5] Short settlement from HDFC',
  body: 'Refund sent & confirmed.',
  messageId: '<reply@partner.test>',
  inReplyTo: '<ticket-5.a@bank.test>',
  sentBy: null,
  date: '2026-11-22T09:30:00.000Z',
};

beforeEach(() => {
  localStorage.clear();
  signIn({}, 1);
  capture = captureToasts();
  const empty = { draw: 1, recordsTotal: 0, recordsFiltered: 0, data: [] };
  const counts = { total: 0, byStatus: { OPEN: 0, ASSIGNED: 0, ESCALATED: 0, REOPEN: 0, ON_HOLD: 0, CLOSED: 0 } };
  mock.onGet('/v2/tickets').reply(200, empty);
  mock.onGet('/v2/tickets/counts').reply(200, counts);
  mock.onGet('/v2/ticketSla/counts').reply(200, {
    total: 0,
    overdue: 0,
    escalatedBySla: 0,
    byStatus: counts.byStatus,
    byAge: [],
  });
  mock.onGet('/v2/tickets/5/history').reply(200, { data: [] });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

async function openEmailTab() {
  renderRoute(
    <WithModule>
      <WithAccess codes={['ticket']}>
        <InternalTicketsPage />
      </WithAccess>
    </WithModule>,
    { path: '/my-jobs/tickets/internal', initialEntry: '/my-jobs/tickets/internal?ticketId=5' },
  );
  const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
  await userEvent.click(await within(drawer).findByRole('tab', { name: 'E-mail' }, { timeout: 5000 }));
  return drawer;
}
const toastText = () => capture.toasts.map((t) => t.description ?? t.title).join(' ');

describe('the e-mail thread of a ticket', () => {
  it('shows the mail out and in, and a reply that "Check for replies" brings in', async () => {
    mock.onGet('/v2/tickets/5').reply(200, detail());
    mock.onGet('/v2/tickets/5/email').reply(200, { data: [OUT] });
    mock.onPut('/v2/tickets/5/email/refresh').reply(200, { data: [OUT, IN], received: 1 });
    const drawer = await openEmailTab();
    expect(await within(drawer).findByText('recon@bank.test', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(drawer).getByText('To ops@partner.test · Cc lead@partner.test')).toBeTruthy();
    expect(within(drawer).getByText('Sent')).toBeTruthy();
    expect(within(drawer).queryByText('Refund sent & confirmed.')).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: /Check for replies/ }));
    expect(await within(drawer).findByText('Refund sent & confirmed.', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(drawer).getByText('Ops Desk <ops@partner.test>')).toBeTruthy();
    expect(within(drawer).getByText('In')).toBeTruthy();
    await waitFor(() => expect(toastText()).toContain('1 reply came in'), { timeout: 5000 });
  });

  it('sends the ticket to its outside people, and a reply from the box, which then empties', async () => {
    mock.onGet('/v2/tickets/5').reply(200, detail());
    mock.onGet('/v2/tickets/5/email').reply(200, { data: [] });
    mock.onPut('/v2/tickets/5/email/trigger').reply(200, { data: [OUT], sent: OUT });
    const reply = { ...OUT, id: 3, subject: 'Re: [Ticket #5] Short settlement from HDFC', body: 'Refunded today' };
    mock.onPut('/v2/tickets/5/email/reply').reply(200, { data: [OUT, reply], sent: reply });
    const drawer = await openEmailTab();
    expect(
      await within(drawer).findByText(
        'No mail yet. Send the ticket to its outside people to start the thread.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: /Send to externals/ }));
    expect(
      await within(drawer).findByText('[Ticket #5] Short settlement from HDFC', {}, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(toastText()).toContain('Mail sent'), { timeout: 5000 });

    const box = within(drawer).getByLabelText('Reply in the thread');
    await userEvent.type(box, 'Refunded today');
    await userEvent.click(within(drawer).getByRole('button', { name: /Send reply/ }));
    expect(await within(drawer).findByText('Refunded today', {}, { timeout: 5000 })).toBeTruthy();
    expect(JSON.parse(mock.history.put?.at(-1)?.data as string)).toEqual({ body: 'Refunded today' });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''), { timeout: 5000 });
  });

  it('says when the mail was kept in the outbox, and why a mail was not sent', async () => {
    const queued = { ...OUT, status: 'QUEUED', via: 'OUTBOX', from: 'Recon <recon@localhost>' };
    const failed = { ...OUT, id: 4, status: 'FAILED', error: 'send: the mailbox answered 403' };
    mock.onGet('/v2/tickets/5').reply(200, detail());
    mock.onGet('/v2/tickets/5/email').reply(200, { data: [failed] });
    mock.onPut('/v2/tickets/5/email/trigger').reply(200, { data: [failed, queued], sent: queued });
    const drawer = await openEmailTab();
    expect(await within(drawer).findByText('Not sent', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(drawer).getByText('send: the mailbox answered 403')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: /Send to externals/ }));
    expect(await within(drawer).findByText('In the outbox', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(toastText()).toContain('Kept in the outbox: no mail server is configured'), {
      timeout: 5000,
    });
  });

  it('says why a call failed, and offers no sending when the ticket has no outside e-mail', async () => {
    mock.onGet('/v2/tickets/5').reply(200, detail({ assignees: [person('ops-anna', 'ASSIGNED', null, 7)] }));
    mock.onGet('/v2/tickets/5/email').reply(200, { data: [] });
    mock
      .onPut('/v2/tickets/5/email/refresh')
      .reply(400, { message: 'No mailbox is connected to this module: replies cannot be read' });
    const drawer = await openEmailTab();
    expect(
      await within(drawer).findByText('Add an e-mail assignee or cc to mail this ticket.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(
      within(drawer)
        .getByRole('button', { name: /Send to externals/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    await userEvent.click(within(drawer).getByRole('button', { name: /Check for replies/ }));
    expect(
      await within(drawer).findByText(
        'No mailbox is connected to this module: replies cannot be read',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
