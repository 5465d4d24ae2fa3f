import { TICKET_SLA_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createRecordingNotifier,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';
import { checkSla } from './sla.service.ts';

// The tickets' SLA (issue 14; decision 0032) with the test's clock: the rule's calls, the overdue flag and filter,
// the periodic check escalating each overdue ticket once (status, history, audit, the rule's person), and the counts
// by status and age.

let t: TestApp;
let admin: Session;
let operator: Session;
let moduleId: number;
let otherModule: number;
let operatorId: number;
let checkerId: number;
let outsiderId: number;

const HOUR = 3_600_000;
const notifier = createRecordingNotifier();

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'SLA tickets');
  otherModule = await addModule(t, 'SLA other');
  await addUser(t, { userName: 'sla-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId, otherModule] });
  operatorId = await addUser(t, { userName: 'sla-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
  checkerId = await addUser(t, { userName: 'sla-lead', roles: ['ROLE_CHECKER'], moduleIds: [moduleId] });
  outsiderId = await addUser(t, { userName: 'sla-outsider', roles: ['ROLE_OPERATOR'], moduleIds: [otherModule] });
  admin = await signIn(t, 'sla-admin');
  operator = await signIn(t, 'sla-operator');
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body, session = admin) =>
  call(t, session, { method, url: `/web${url}`, moduleId, ...(payload ? { payload } : {}) });

async function ticket(title: string, over: Body = {}) {
  const res = await send('POST', '/v2/tickets', { title, priority: 'HIGH', type: 'INCIDENT', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
const dueIn = (ms: number) => new Date(t.clock.now.getTime() + ms).toISOString();
const listIds = async (query: string) =>
  (await send('GET', `/v2/tickets?start=0&length=50&${query}`))
    .json()
    .data.map((r: { id: number }) => r.id)
    .sort();
const statusOf = async (id: number | undefined) => (await send('GET', `/v2/tickets/${id}`)).json().status;

describe('the SLA rule', () => {
  it('is empty until set; saving it is checked, answered and audited', async () => {
    const empty = (await send('GET', '/v2/ticketSla')).json();
    expect(empty.data).toBeNull();
    expect(empty.options.users.map((u: { name: string }) => u.name)).toEqual(['sla-admin', 'sla-lead', 'sla-operator']);
    const bad = await send('PUT', '/v2/ticketSla', { escalateAfterHours: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(TICKET_SLA_TEXTS.hoursRange);
    const outsider = await send('PUT', '/v2/ticketSla', { escalateAfterHours: 2, escalateTo: { id: outsiderId } });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.body).toContain(TICKET_SLA_TEXTS.userNotFound);
    const forbidden = await send('PUT', '/v2/ticketSla', { escalateAfterHours: 2 }, operator);
    expect(forbidden.statusCode).toBe(403);

    const res = await send('PUT', '/v2/ticketSla', { escalateAfterHours: 2, escalateTo: { id: checkerId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: TICKET_SLA_TEXTS.saved,
      data: { isEnabled: true, escalateAfterHours: 2, escalateTo: { id: checkerId, name: 'sla-lead' } },
    });
    expect((await send('GET', '/v2/ticketSla')).json().data.escalateAfterHours).toBe(2);
    expect((await auditRows(t, 'TICKET_SLA_RULE_SAVED')).at(-1)).toMatchObject({ module_id: moduleId });
  });
});

describe('overdue tickets under the rule (2 hours past due, to sla-lead)', () => {
  const ids: Record<string, number> = {};

  it('flags and filters the open tickets past their due date', async () => {
    ids.assigned = await ticket('Assigned, due in an hour', {
      dueDate: dueIn(HOUR),
      assignedTo: [{ id: operatorId }],
    });
    ids.open = await ticket('Open, due in an hour', { dueDate: dueIn(HOUR) });
    ids.later = await ticket('Due in ten days');
    ids.closed = await ticket('Closed, due in an hour', { dueDate: dueIn(HOUR) });
    ids.escalated = await ticket('Escalated by hand, due in an hour', { dueDate: dueIn(HOUR) });
    expect((await send('PUT', '/v2/tickets/close', { id: ids.closed })).statusCode).toBe(200);
    expect((await send('PUT', '/v2/tickets/escalate', { id: ids.escalated })).statusCode).toBe(200);
    expect(await listIds('overdue=true')).toEqual([]);

    t.clock.advance(2 * HOUR);
    const overdue = [ids.assigned, ids.open, ids.escalated].sort();
    expect(await listIds('overdue=true')).toEqual(overdue);
    expect(await listIds('overdue=false')).toEqual([ids.later, ids.closed].sort());
    const rows = (await send('GET', '/v2/tickets?start=0&length=50')).json().data as {
      id: number;
      isOverdue: boolean;
    }[];
    expect(
      rows
        .filter((r) => r.isOverdue)
        .map((r) => r.id)
        .sort(),
    ).toEqual(overdue);
    // One hour past due: within the rule's two hours, nothing is escalated.
    expect(await checkSla(t.database.db, t.clock.now, notifier)).toEqual([]);
  });

  it('escalates each ticket open two hours past due once, with a history entry, the audit and the rule person', async () => {
    t.clock.advance(HOUR + 60_000);
    expect(await checkSla(t.database.db, t.clock.now, notifier)).toEqual([ids.assigned, ids.open]);
    expect(await statusOf(ids.assigned)).toBe('ESCALATED');
    expect(await statusOf(ids.open)).toBe('ESCALATED');
    expect(await statusOf(ids.closed)).toBe('CLOSED');
    const detail = (await send('GET', `/v2/tickets/${ids.assigned}`)).json();
    expect(detail.assignees.map((a: { assignedToName: string }) => a.assignedToName)).toEqual([
      'sla-operator',
      'sla-lead',
    ]);
    const history = (await send('GET', `/v2/tickets/${ids.assigned}/history`)).json().data;
    expect(history.slice(-2)).toMatchObject([
      {
        action: 'ESCALATED',
        field: 'status',
        fromValue: 'ASSIGNED',
        toValue: 'ESCALATED',
        remark: TICKET_SLA_TEXTS.escalatedRemark(2),
      },
      { action: 'ESCALATED', field: 'assignees', fromValue: 'sla-operator', toValue: 'sla-operator, sla-lead' },
    ]);
    // Its people, the rule's person among them, are told of the breach (decision 0033).
    const alerts = await t.database.db
      .selectFrom('notification')
      .select(['user_id', 'title'])
      .where('kind', '=', 'SLA_BREACHED')
      .where('title', 'like', `Ticket #${ids.assigned} %`)
      .orderBy('user_id')
      .execute();
    expect(alerts).toEqual(
      [operatorId, checkerId]
        .sort((a, b) => a - b)
        .map((id) => ({ user_id: id, title: TICKET_SLA_TEXTS.breachedAlert(ids.assigned as number, 2) })),
    );
    const audit = (await auditRows(t, 'TICKET_STATUS_CHANGED')).filter((a) => a.entity_id === String(ids.open));
    expect(audit.at(-1)?.details).toMatchObject({ action: 'escalate', from: 'OPEN', to: 'ESCALATED', sla: true });

    // Checked again, and after a person moved it on: never escalated twice.
    expect(await checkSla(t.database.db, t.clock.now, notifier)).toEqual([]);
    const reassign = await send('PUT', '/v2/tickets/reassign', { id: ids.assigned, assignedTo: [{ id: operatorId }] });
    expect(reassign.statusCode, reassign.body).toBe(200);
    t.clock.advance(HOUR);
    expect(await checkSla(t.database.db, t.clock.now, notifier)).toEqual([]);
    expect(await statusOf(ids.assigned)).toBe('ASSIGNED');
  });

  it('counts the tickets by status, and the open ones by age with how many are overdue', async () => {
    t.clock.advance(4 * 24 * HOUR);
    ids.fresh = await ticket('Raised today');
    const res = await send('GET', '/v2/ticketSla/counts');
    expect(res.statusCode, res.body).toBe(200);
    // assigned: ASSIGNED (reassigned), open: ESCALATED, later: OPEN, closed: CLOSED, escalated: ESCALATED, fresh: OPEN.
    expect(res.json()).toEqual({
      total: 6,
      overdue: 3,
      escalatedBySla: 2,
      byStatus: { OPEN: 2, ASSIGNED: 1, ESCALATED: 2, REOPEN: 0, ON_HOLD: 0, CLOSED: 1 },
      byAge: [
        { bucket: 'UNDER_1D', total: 1, overdue: 0 },
        { bucket: 'D1_3', total: 0, overdue: 0 },
        { bucket: 'D3_7', total: 4, overdue: 3 },
        { bucket: 'D7_30', total: 0, overdue: 0 },
        { bucket: 'OVER_30D', total: 0, overdue: 0 },
      ],
    });
  });

  it('escalates nothing once the rule is switched off', async () => {
    await send('PUT', '/v2/ticketSla', { isEnabled: false, escalateAfterHours: 2 });
    ids.late = await ticket('Late but the rule is off', { dueDate: dueIn(HOUR) });
    t.clock.advance(10 * HOUR);
    expect(await checkSla(t.database.db, t.clock.now, notifier)).toEqual([]);
    expect(await statusOf(ids.late)).toBe('OPEN');
  });
});
