import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '@/lib/notifications/notify.ts';
import { addReconFixture, type ReconFixture } from '@/testing/recon-fixtures.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';

// Alerts and their choices (decision 0033): each kind recorded where it happens, each user's choice per module and
// kind respected, every call bound to the caller's own alerts in the selected module.

let t: TestApp;
let admin: Session;
let operator: Session;
let checker: Session;
let support: Session;
let moduleA: number;
let moduleB: number;
let operatorId: number;
let checkerId: number;
let supportId: number;
let f: ReconFixture;

const COLUMNS = [
  { name: 'ref', dataType: 'VARCHAR' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
];

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Alerts A');
  moduleB = await addModule(t, 'Alerts B');
  await addUser(t, { userName: 'nt-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  operatorId = await addUser(t, {
    userName: 'nt-operator',
    email: 'operator@alerts.test',
    roles: ['ROLE_OPERATOR'],
    moduleIds: [moduleA, moduleB],
  });
  checkerId = await addUser(t, {
    userName: 'nt-checker',
    email: 'checker@alerts.test',
    roles: ['ROLE_CHECKER'],
    moduleIds: [moduleA],
  });
  supportId = await addUser(t, { userName: 'nt-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  admin = await signIn(t, 'nt-admin');
  operator = await signIn(t, 'nt-operator');
  checker = await signIn(t, 'nt-checker');
  support = await signIn(t, 'nt-support');
  f = await addReconFixture(t, moduleA, {
    A: { columns: COLUMNS, rows: [1, 2, 3].map((i) => ({ ref: `R${i}`, amount: `${i}.00` })) },
    B: { columns: COLUMNS, rows: [] },
  });
});
afterAll(() => t.close());

const send = (
  session: Session | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  moduleId = moduleA,
  payload?: object,
) => call(t, session, { method, url: `/web${url}`, moduleId, ...(payload ? { payload } : {}) });
const alertsOf = async (session: Session, moduleId = moduleA) => {
  const res = await send(session, 'GET', '/v2/notifications?length=50', moduleId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    recordsTotal: number;
    unreadCount: number;
    data: { id: number; kind: string; title: string; link: string | null; readAt: string | null }[];
  };
};
const tell = (userIds: number[], moduleId = moduleA, title = 'Something happened') =>
  t.database.db
    .transaction()
    .execute((tx) =>
      notify(
        tx,
        t.notifier,
        { moduleId, kind: 'SLA_BREACHED', title, link: '/my-jobs/tickets/internal', userIds },
        t.clock.now,
      ),
    );

describe('events recorded where they happen', () => {
  it('tells every checker who may decide a knock-off sent for approval, never the requester', async () => {
    const on = await send(admin, 'PUT', `/v2/modules/${moduleA}`, moduleA, {
      name: 'Alerts A',
      bulkKnockOffNeedsApproval: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    const rows = (await t.database.pool.query(`SELECT _id FROM ${f.sides.A.table} ORDER BY _id`)).rows;
    const res = await send(operator, 'PUT', '/v2/transactions?Operation=KnockOff', moduleA, {
      reconId: f.reconId,
      dataSourceId: f.sides.A.dataSourceId,
      rowIds: [Number(rows[0]._id), Number(rows[1]._id)],
      reason: 'Duplicate booking',
    });
    expect(res.statusCode, res.body).toBe(200);
    const approvalId = res.json().approvalId as number;

    const forChecker = await alertsOf(checker);
    expect(forChecker.data).toEqual([
      expect.objectContaining({
        kind: 'APPROVAL_WAITING',
        link: `/my-jobs/approvals?approvalId=${approvalId}`,
        readAt: null,
        title: expect.stringContaining('requested by nt-operator'),
      }),
    ]);
    // The admin holds pendingApprovals too; the requester and a user without it are not told.
    expect((await alertsOf(admin)).data.map((a) => a.kind)).toEqual(['APPROVAL_WAITING']);
    expect((await alertsOf(operator)).recordsTotal).toBe(0);
    expect((await alertsOf(support)).recordsTotal).toBe(0);

    // The checker approves it: the alert that sent the admin to it is read, it waits no more.
    const approved = await send(checker, 'PUT', `/v2/approvals/${approvalId}?Operation=Approve`, moduleA, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await alertsOf(admin)).unreadCount).toBe(0);
    expect((await alertsOf(checker)).unreadCount).toBe(0);
  });

  it('tells the users a ticket is newly assigned to, not the one assigning nor those already on it', async () => {
    const created = await send(admin, 'POST', '/v2/tickets', moduleA, {
      title: 'Short settlement',
      priority: 'HIGH',
      type: 'INCIDENT',
      assignedTo: [{ id: operatorId }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json() as { id: number };
    const told = (await alertsOf(operator)).data.filter((a) => a.kind === 'TICKET_ASSIGNED');
    expect(told).toEqual([
      expect.objectContaining({
        title: `Ticket #${ticket.id} Short settlement assigned to you by nt-admin`,
        link: `/my-jobs/tickets/internal?ticketId=${ticket.id}`,
      }),
    ]);
    const reassigned = await send(admin, 'PUT', '/v2/tickets/reassign', moduleA, {
      id: ticket.id,
      assignedTo: [{ id: operatorId }, { id: supportId }],
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect((await alertsOf(operator)).data.filter((a) => a.kind === 'TICKET_ASSIGNED')).toHaveLength(1);
    expect((await alertsOf(support)).data.map((a) => a.kind)).toEqual(['TICKET_ASSIGNED']);
  });

  it('records an SLA breach for the module’s members only, through the shared function', async () => {
    const outsider = await addUser(t, { userName: 'nt-outsider', roles: ['ROLE_OPERATOR'], moduleIds: [moduleB] });
    const result = await tell([checkerId, outsider], moduleA, 'Ticket #9 is past its due date');
    expect(result).toEqual({ inApp: [checkerId], byEmail: [] });
    expect((await alertsOf(checker)).data[0]).toMatchObject({
      kind: 'SLA_BREACHED',
      title: 'Ticket #9 is past its due date',
    });
  });
});

describe('each user’s choice per module and kind', () => {
  it('answers every kind, in the app and not by mail until chosen', async () => {
    const res = await send(operator, 'GET', '/v2/notification-preferences');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { kind: 'EXECUTION_FAILED', kindLabel: 'Job execution failed', inApp: true, email: false },
      { kind: 'APPROVAL_WAITING', kindLabel: 'Approval waiting for me', inApp: true, email: false },
      { kind: 'FILE_REJECTED', kindLabel: 'File rejected', inApp: true, email: false },
      { kind: 'TICKET_ASSIGNED', kindLabel: 'Ticket assigned to me', inApp: true, email: false },
      { kind: 'SLA_BREACHED', kindLabel: 'SLA breached', inApp: true, email: false },
    ]);
  });

  it('leaves out of the app a kind turned off there, and mails one chosen by mail through the outbox notifier', async () => {
    const saved = await send(operator, 'PUT', '/v2/notification-preferences', moduleA, {
      preferences: [{ kind: 'SLA_BREACHED', inApp: false, email: true }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.find((p: { kind: string }) => p.kind === 'SLA_BREACHED')).toMatchObject({
      inApp: false,
      email: true,
    });
    const audit = (await auditRows(t, 'NOTIFICATION_PREFERENCES_UPDATED')).find(
      (r) => r.entity_id === String(operatorId),
    );
    expect(audit?.details).toMatchObject({
      after: expect.arrayContaining([{ kind: 'SLA_BREACHED', inApp: false, email: true }]),
    });
    const before = (await alertsOf(operator)).recordsTotal;
    const sent = t.notifier.messages.length;

    expect(await tell([operatorId], moduleA, 'Ticket #12 is past its due date')).toEqual({
      inApp: [],
      byEmail: [operatorId],
    });
    expect((await alertsOf(operator)).recordsTotal).toBe(before);
    expect(t.notifier.messages.slice(sent)).toEqual([
      expect.objectContaining({
        channel: 'EMAIL',
        recipient: 'operator@alerts.test',
        subject: '[Alerts A] Ticket #12 is past its due date',
        userId: operatorId,
      }),
    ]);
    // The choice is the module's: in module B the same kind still reaches the app.
    await tell([operatorId], moduleB, 'Ticket #13 is past its due date');
    expect((await alertsOf(operator, moduleB)).data.map((a) => a.title)).toEqual(['Ticket #13 is past its due date']);
  });

  it('needs the notifications privilege to choose, notificationCenter to read', async () => {
    const finops = await addUser(t, { userName: 'nt-finops', roles: ['ROLE_FINOPS'], moduleIds: [moduleA] });
    expect(finops).toBeGreaterThan(0);
    const s = await signIn(t, 'nt-finops');
    expect((await send(s, 'GET', '/v2/notification-preferences')).statusCode).toBe(403);
    expect((await send(s, 'GET', '/v2/notifications/bell')).statusCode).toBe(200);
    expect((await send(null, 'GET', '/v2/notifications/bell')).statusCode).toBe(401);
  });
});

describe('only the caller’s own alerts, in the selected module', () => {
  it('lists newest first with paging and the unread count; the bell shows the latest five', async () => {
    const userId = await addUser(t, { userName: 'nt-pager', roles: ['ROLE_CHECKER'], moduleIds: [moduleA, moduleB] });
    const s = await signIn(t, 'nt-pager');
    for (const i of [1, 2, 3, 4, 5, 6, 7]) {
      t.clock.advance(1000);
      await tell([userId], moduleA, `Alert ${i}`);
    }
    await tell([userId], moduleB, 'Alert in B');
    const page = await send(s, 'GET', '/v2/notifications?start=2&length=3');
    expect(page.json()).toMatchObject({ recordsTotal: 7, unreadCount: 7 });
    expect(page.json().data.map((a: { title: string }) => a.title)).toEqual(['Alert 5', 'Alert 4', 'Alert 3']);
    const bell = (await send(s, 'GET', '/v2/notifications/bell')).json();
    expect(bell.unreadCount).toBe(7);
    expect(bell.latest.map((a: { title: string }) => a.title)).toEqual([
      'Alert 7',
      'Alert 6',
      'Alert 5',
      'Alert 4',
      'Alert 3',
    ]);

    const first = bell.latest[0].id as number;
    const read = await send(s, 'PUT', `/v2/notifications/${first}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect((await send(s, 'GET', '/v2/notifications?unreadOnly=true&length=50')).json()).toMatchObject({
      recordsTotal: 6,
      unreadCount: 6,
    });
    // Someone else's alert, or one of another module, is not found; nothing changes.
    expect((await send(checker, 'PUT', `/v2/notifications/${bell.latest[1].id}/read`)).statusCode).toBe(404);
    expect((await send(s, 'PUT', `/v2/notifications/${bell.latest[1].id}/read`, moduleB)).statusCode).toBe(404);

    const all = await send(s, 'PUT', '/v2/notifications/read-all');
    expect(all.json()).toEqual({ updated: 6 });
    expect((await send(s, 'GET', '/v2/notifications/bell')).json().unreadCount).toBe(0);
    expect((await send(s, 'GET', '/v2/notifications/bell', moduleB)).json()).toMatchObject({ unreadCount: 1 });
  });
});
