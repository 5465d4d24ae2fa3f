import {
  illegalTicketTransition,
  TICKET_STATUSES,
  TICKET_TEXTS,
  TICKET_TRANSITIONS,
  type TicketStatus,
} from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Tickets (spec 3; decision 0025): every call, the transition table (each legal and illegal move), the guards
// (401, 403, another module's 404), the texts, the history and the audit of each change.

let t: TestApp;
let admin: Session;
let operator: Session;
let checker: Session;
let other: Session;
let moduleA: number;
let moduleB: number;
let operatorId: number;
let otherModuleUserId: number;
let f: ReconFixture;
let fB: ReconFixture;

const COLUMNS = [
  { name: 'ref', dataType: 'VARCHAR' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
];

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Tickets A');
  moduleB = await addModule(t, 'Tickets B');
  await addUser(t, { userName: 'tk-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  operatorId = await addUser(t, {
    userName: 'tk-operator',
    email: 'operator@tickets.test',
    roles: ['ROLE_OPERATOR'],
    moduleIds: [moduleA],
  });
  await addUser(t, { userName: 'tk-checker', roles: ['ROLE_CHECKER'], moduleIds: [moduleA] });
  otherModuleUserId = await addUser(t, { userName: 'tk-other', roles: ['ROLE_OPERATOR'], moduleIds: [moduleB] });
  admin = await signIn(t, 'tk-admin');
  operator = await signIn(t, 'tk-operator');
  checker = await signIn(t, 'tk-checker');
  other = await signIn(t, 'tk-other');
  f = await addReconFixture(t, moduleA, {
    A: { columns: COLUMNS, rows: [1, 2, 3, 4, 5].map((i) => ({ ref: `R${i}`, amount: `${i}.00` })) },
    B: { columns: COLUMNS, rows: [] },
  });
  fB = await addReconFixture(t, moduleB, {
    A: { columns: COLUMNS, rows: [{ ref: 'X1', amount: '1.00' }] },
    B: { columns: COLUMNS, rows: [] },
  });
});
afterAll(() => t.close());

const rowIds = async (fixture = f) =>
  (await t.database.pool.query(`SELECT _id FROM ${fixture.sides.A.table} ORDER BY _id`)).rows.map((r) => Number(r._id));

type Body = Record<string, unknown>;
/** The message of an error answer (a 400's `{ message }`, a 404's `[{ message }]`). */
const messageOf = (res: { json: () => unknown }) => {
  const body = res.json() as { message?: string } | { message: string }[];
  return Array.isArray(body) ? body[0]?.message : body.message;
};
const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body, session = admin, moduleId = moduleA) =>
  call(t, session, { method, url: `/web${url}`, moduleId, ...(payload ? { payload } : {}) });

const create = async (body: Body = {}, session = admin) => {
  const res = await send(
    'POST',
    '/v2/tickets',
    { title: 'Short settlement', priority: 'HIGH', type: 'INCIDENT', ...body },
    session,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

/** A ticket brought to a status by legal moves. */
async function ticketIn(status: TicketStatus): Promise<number> {
  const tk = await create({ assignedTo: status === 'OPEN' ? [] : [{ id: operatorId }] });
  const moves: Record<TicketStatus, [string, Body][]> = {
    OPEN: [],
    ASSIGNED: [],
    ESCALATED: [['escalate', {}]],
    ON_HOLD: [['change_status', { status: 'ON_HOLD' }]],
    CLOSED: [['close', {}]],
    REOPEN: [
      ['close', {}],
      ['reopen', {}],
    ],
  };
  for (const [action, body] of moves[status]) {
    const res = await send('PUT', `/v2/tickets/${action}`, { id: tk.id, ...body });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await send('GET', `/v2/tickets/${tk.id}`)).json().status).toBe(status);
  return tk.id;
}

describe('creating a ticket', () => {
  it('starts ASSIGNED with assignees, due 10 days ahead at 23:59:59.999, with its people, history and audit', async () => {
    const tk = await create({
      tags: ['Support', 'Urgent'],
      assignedTo: [{ id: operatorId }, { email: '  partner@bank.example ' }],
      cced: [{ email: 'cc@bank.example' }],
    });
    expect(tk).toMatchObject({
      title: 'Short settlement',
      status: 'ASSIGNED',
      priority: 'HIGH',
      type: 'INCIDENT',
      origin: 'INTERNAL',
      tags: ['Support', 'Urgent'],
      createdBy: 'tk-admin',
      assignedBy: 'tk-admin',
      assignees: [
        { associatedAs: 'ASSIGNED', assignedToId: operatorId, assignedToName: 'tk-operator' },
        {
          associatedAs: 'ASSIGNED',
          assignedToId: null,
          assignedToExternalEmail: 'partner@bank.example',
          assignedToEmail: 'partner@bank.example',
        },
      ],
      cced: [{ associatedAs: 'CCED', assignedToExternalEmail: 'cc@bank.example' }],
      allowedActions: ['reassign', 'escalate', 'close', 'change_status'],
      nextStatuses: ['ESCALATED', 'ON_HOLD', 'CLOSED'],
    });
    const due = new Date(tk.dueDate);
    const expected = new Date(t.clock.now);
    expected.setDate(expected.getDate() + 10);
    expected.setHours(23, 59, 59, 999);
    expect(due.getTime()).toBe(expected.getTime());
    const history = (await send('GET', `/v2/tickets/${tk.id}/history`)).json().data;
    expect(history[0]).toMatchObject({
      action: 'CREATED',
      field: 'status',
      toValue: 'ASSIGNED',
      changedBy: 'tk-admin',
    });
    expect(history[1]).toMatchObject({ field: 'assignees', toValue: 'tk-operator, partner@bank.example' });
    const audit = (await auditRows(t, 'TICKET_CREATED')).find((a) => a.entity_id === String(tk.id));
    expect(audit).toMatchObject({ outcome: 'SUCCESS', module_id: moduleA, details: { status: 'ASSIGNED' } });
  });

  it('starts OPEN without an assignee and keeps a given due date', async () => {
    const tk = await create({ dueDate: '2027-01-31T18:30:00.000Z' });
    expect(tk).toMatchObject({ status: 'OPEN', assignedBy: null, dueDate: '2027-01-31T18:30:00.000Z' });
  });

  it('refuses an e-mail that does not look like one with "Invalid Email"', async () => {
    for (const email of ['not-an-email', 'a b@c.d', 'x@y']) {
      const res = await send('POST', '/v2/tickets', {
        title: 'Bad mail',
        priority: 'LOW',
        type: 'TASK',
        cced: [{ email }],
      });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().errors.map((e: { defaultMessage: string }) => e.defaultMessage)).toContain(
        TICKET_TEXTS.invalidEmail,
      );
    }
  });

  it('refuses a missing title, and an assignee who is not a user of the module', async () => {
    const noTitle = await send('POST', '/v2/tickets', { title: ' ', priority: 'LOW', type: 'TASK' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.body).toContain(TICKET_TEXTS.titleRequired);
    const outsider = await send('POST', '/v2/tickets', {
      title: 'x',
      priority: 'LOW',
      type: 'TASK',
      assignedTo: [{ id: otherModuleUserId }],
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe(TICKET_TEXTS.userNotFound);
  });

  it('is raised on recon rows of the module, which stay linked and are paged as they are now', async () => {
    const ids = await rowIds();
    const tk = await create({ links: [{ dataSourceId: f.sides.A.dataSourceId, rowIds: [ids[0], ids[2], ids[4]] }] });
    expect(tk.linkedRowCount).toBe(3);
    expect(tk.links).toEqual([
      expect.objectContaining({ dataSourceId: f.sides.A.dataSourceId, reconId: f.reconId, rowCount: 3 }),
    ]);
    const page = await send(
      'GET',
      `/v2/tickets/transactions?Find=ByDataSourceIdAndTicketId&ticketId=${tk.id}&dataSourceId=${f.sides.A.dataSourceId}&start=1&length=2&draw=4`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ draw: 4, recordsTotal: 3, recordsFiltered: 3 });
    expect(page.json().data.map((r: { id: number; values: { ref: string } }) => [r.id, r.values.ref])).toEqual([
      [ids[2], 'R3'],
      [ids[4], 'R5'],
    ]);
    expect(page.json().columns.map((c: { name: string }) => c.name)).toEqual(['ref', 'amount']);
    const history = (await send('GET', `/v2/tickets/${tk.id}/history`)).json().data;
    expect(history).toContainEqual(expect.objectContaining({ action: 'ROWS_LINKED', toValue: '3 rows' }));
    // Each row of the Transactions tab says which ticket it has.
    const rows = await send(
      'GET',
      `/v2/transactions?Find=ByTab&tab=all&reconId=${f.reconId}&dataSourceId=${f.sides.A.dataSourceId}&start=0&length=10`,
    );
    expect(rows.statusCode, rows.body).toBe(200);
    const ticketsOf = Object.fromEntries(
      rows.json().data.map((r: { id: number; ticketIds: number[] }) => [r.id, r.ticketIds]),
    );
    expect(ticketsOf[ids[0] as number]).toContain(tk.id);
    expect(ticketsOf[ids[1] as number]).not.toContain(tk.id);
  });

  it("refuses another module's data source (404) and ids that are not rows of the data source (400)", async () => {
    const foreign = await send('POST', '/v2/tickets', {
      title: 'x',
      priority: 'LOW',
      type: 'TASK',
      links: [{ dataSourceId: fB.sides.A.dataSourceId, rowIds: await rowIds(fB) }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(messageOf(foreign)).toBe(TICKET_TEXTS.dataSourceNotFound);
    const missing = await send('POST', '/v2/tickets', {
      title: 'x',
      priority: 'LOW',
      type: 'TASK',
      links: [{ dataSourceId: f.sides.A.dataSourceId, rowIds: [999999] }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(`${TICKET_TEXTS.rowsNotFound}: 999999`);
  });
});

describe('editing a ticket', () => {
  it('writes one history entry per changed field, audits it, and assigns an OPEN ticket given assignees', async () => {
    const tk = await create({ tags: ['Sample'] });
    const res = await send('PUT', '/v2/tickets', {
      id: tk.id,
      title: 'Short settlement (bank side)',
      priority: 'URGENT',
      type: 'INCIDENT',
      tags: ['Sample', 'Problem'],
      assignedTo: [{ id: operatorId }],
      cced: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Short settlement (bank side)', priority: 'URGENT', status: 'ASSIGNED' });
    const history = (await send('GET', `/v2/tickets/${tk.id}/history`)).json().data;
    const edits = history.filter((h: { action: string }) => h.action !== 'CREATED');
    expect(
      edits.map((h: { field: string; fromValue: string; toValue: string }) => [h.field, h.fromValue, h.toValue]),
    ).toEqual([
      ['title', 'Short settlement', 'Short settlement (bank side)'],
      ['priority', 'HIGH', 'URGENT'],
      ['tags', 'Sample', 'Sample, Problem'],
      ['assignees', '', 'tk-operator'],
      ['status', 'OPEN', 'ASSIGNED'],
    ]);
    const audit = (await auditRows(t, 'TICKET_UPDATED')).find((a) => a.entity_id === String(tk.id));
    expect(audit?.details).toMatchObject({
      changes: expect.arrayContaining([{ field: 'priority', from: 'HIGH', to: 'URGENT' }]),
    });
  });
});

describe('the transition table', () => {
  const ACTIONS: { action: string; to: (s: TicketStatus) => TicketStatus; body: Body }[] = [
    { action: 'escalate', to: () => 'ESCALATED', body: {} },
    { action: 'reopen', to: () => 'REOPEN', body: {} },
    { action: 'close', to: () => 'CLOSED', body: {} },
    { action: 'reassign', to: () => 'ASSIGNED', body: { assignedTo: [{ id: operatorId }] } },
  ];

  for (const from of TICKET_STATUSES) {
    it(`from ${from}: each action moves as the table says, or is a 400 naming both statuses`, async () => {
      for (const a of ACTIONS) {
        const id = await ticketIn(from);
        const to = a.to(from);
        const body = a.action === 'reassign' ? { assignedTo: [{ id: operatorId }] } : a.body;
        const res = await send('PUT', `/v2/tickets/${a.action}`, { id, ...body, remark: 'why' });
        const isLegal = TICKET_TRANSITIONS[from].includes(to) && (a.action === 'reassign' || to !== from);
        if (isLegal) {
          expect(res.statusCode, `${a.action} from ${from}: ${res.body}`).toBe(200);
          expect(res.json().status).toBe(to);
          const last = (await send('GET', `/v2/tickets/${id}/history`)).json().data.at(-1);
          expect(last).toMatchObject({ changedBy: 'tk-admin' });
        } else {
          expect(res.statusCode, `${a.action} from ${from}`).toBe(400);
          expect(res.json().message).toBe(illegalTicketTransition(from, to));
          expect((await send('GET', `/v2/tickets/${id}`)).json().status).toBe(from);
        }
      }
    });

    it(`from ${from}: change_status goes exactly to the statuses the table lists`, async () => {
      for (const to of TICKET_STATUSES) {
        const id = await ticketIn(from);
        const res = await send('PUT', '/v2/tickets/change_status', { id, status: to });
        const isLegal = TICKET_TRANSITIONS[from].includes(to) && to !== from;
        if (isLegal && from === 'OPEN' && to === 'ASSIGNED') {
          // The table allows it, but nobody is assigned yet: reassign is the way.
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe(TICKET_TEXTS.assigneeRequired);
        } else if (isLegal) {
          expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
          expect(res.json().status).toBe(to);
        } else {
          expect(res.statusCode, `${from} → ${to}`).toBe(400);
          expect(res.json().message).toBe(illegalTicketTransition(from, to));
        }
      }
    });
  }

  it('writes each move to the history (who, when, from, to, remark) and the audit log', async () => {
    const id = await ticketIn('ASSIGNED');
    await send('PUT', '/v2/tickets/escalate', { id, remark: 'Bank not answering' });
    const last = (await send('GET', `/v2/tickets/${id}/history`)).json().data.at(-1);
    expect(last).toMatchObject({
      action: 'ESCALATED',
      field: 'status',
      fromValue: 'ASSIGNED',
      toValue: 'ESCALATED',
      remark: 'Bank not answering',
      changedBy: 'tk-admin',
    });
    expect(Date.parse(last.changedAt)).not.toBeNaN();
    const audit = (await auditRows(t, 'TICKET_STATUS_CHANGED')).filter((a) => a.entity_id === String(id)).at(-1);
    expect(audit?.details).toMatchObject({ action: 'escalate', from: 'ASSIGNED', to: 'ESCALATED' });
  });

  it('reassign replaces the assignees and makes the caller the one who assigned', async () => {
    const id = await ticketIn('ASSIGNED');
    const res = await send(
      'PUT',
      '/v2/tickets/reassign',
      { id, assignedTo: [{ email: 'ops@bank.example' }] },
      operator,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ASSIGNED',
      assignedBy: 'tk-operator',
      assignees: [{ assignedToExternalEmail: 'ops@bank.example' }],
    });
    const noOne = await send('PUT', '/v2/tickets/reassign', { id, assignedTo: [] });
    expect(noOne.statusCode).toBe(400);
    expect(noOne.body).toContain(TICKET_TEXTS.assigneeRequired);
  });

  it('change_status to ASSIGNED needs an assignee on the ticket', async () => {
    const id = await ticketIn('OPEN');
    const res = await send('PUT', '/v2/tickets/change_status', { id, status: 'ASSIGNED' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TICKET_TEXTS.assigneeRequired);
  });
});

describe('comments', () => {
  it('are added (a closed ticket too), shown on the ticket, in the history and audited', async () => {
    const id = await ticketIn('CLOSED');
    const res = await send(
      'POST',
      '/v2/tickets/comment',
      { ticketId: id, comment: 'Bank confirmed the credit' },
      operator,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ comment: 'Bank confirmed the credit', createdBy: 'tk-operator' });
    const detail = (await send('GET', `/v2/tickets/${id}`)).json();
    expect(detail.comments).toEqual([expect.objectContaining({ comment: 'Bank confirmed the credit' })]);
    const last = (await send('GET', `/v2/tickets/${id}/history`)).json().data.at(-1);
    expect(last).toMatchObject({ action: 'COMMENTED', toValue: 'Bank confirmed the credit', changedBy: 'tk-operator' });
    expect((await auditRows(t, 'TICKET_COMMENTED')).some((a) => a.entity_id === String(id))).toBe(true);
    const empty = await send('POST', '/v2/tickets/comment', { ticketId: id, comment: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(TICKET_TEXTS.commentRequired);
  });
});

describe('lists, counts and search', () => {
  let mod: number;
  let a: Session;
  let b: Session;
  let aId: number;
  let bId: number;
  beforeAll(async () => {
    mod = await addModule(t, 'Tickets lists');
    aId = await addUser(t, { userName: 'tk-list-a', roles: ['ROLE_OPERATOR'], moduleIds: [mod] });
    bId = await addUser(t, { userName: 'tk-list-b', roles: ['ROLE_OPERATOR'], moduleIds: [mod] });
    a = await signIn(t, 'tk-list-a');
    b = await signIn(t, 'tk-list-b');
    const make = async (session: Session, title: string, assignedTo: Body[]) => {
      const res = await send('POST', '/v2/tickets', { title, priority: 'LOW', type: 'TASK', assignedTo }, session, mod);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    await make(a, 'Refund missing for order 1', [{ id: bId }]);
    await make(a, 'Refund missing for order 2', [{ id: bId }]);
    const third = await make(b, 'Chargeback query', [{ id: aId }]);
    await make(b, 'Unassigned question', []);
    await send('PUT', '/v2/tickets/close', { id: third }, b, mod);
  });

  const get = (url: string, session: Session) => send('GET', url, undefined, session, mod);

  it('all, assigned to me and assigned by me, with their counts by status', async () => {
    const all = (await get('/v2/tickets?start=0&length=10&draw=1', a)).json();
    expect(all).toMatchObject({ draw: 1, recordsTotal: 4, recordsFiltered: 4 });
    expect(all.data.map((r: { title: string }) => r.title)).toEqual([
      'Unassigned question',
      'Chargeback query',
      'Refund missing for order 2',
      'Refund missing for order 1',
    ]);
    const toB = (await get(`/v2/tickets/assigned_to/${bId}?start=0&length=10`, a)).json();
    expect(toB.data.map((r: { title: string }) => r.title)).toEqual([
      'Refund missing for order 2',
      'Refund missing for order 1',
    ]);
    const byB = (await get(`/v2/tickets/assigned_by/${bId}?start=0&length=10`, a)).json();
    expect(byB.data.map((r: { title: string }) => r.title)).toEqual(['Chargeback query']);
    expect((await get('/v2/tickets/counts', a)).json()).toEqual({
      total: 4,
      byStatus: { OPEN: 1, ASSIGNED: 2, ESCALATED: 0, REOPEN: 0, ON_HOLD: 0, CLOSED: 1 },
    });
    expect((await get(`/v2/tickets/assigned_to/${aId}/counts`, a)).json()).toMatchObject({
      total: 1,
      byStatus: { CLOSED: 1 },
    });
    expect((await get(`/v2/tickets/assigned_by/${aId}/counts`, a)).json()).toMatchObject({
      total: 2,
      byStatus: { ASSIGNED: 2 },
    });
  });

  it('filter by status, by the day created (range) and by origin, and page', async () => {
    const closed = (await get('/v2/tickets?status=CLOSED', a)).json();
    expect(closed).toMatchObject({ recordsTotal: 4, recordsFiltered: 1 });
    const today = t.clock.now.toISOString().slice(0, 10);
    expect((await get(`/v2/tickets?fromDate=${today}&toDate=${today}`, a)).json().recordsFiltered).toBe(4);
    expect((await get('/v2/tickets?fromDate=2020-01-01&toDate=2020-01-31', a)).json().recordsFiltered).toBe(0);
    expect((await get('/v2/tickets/counts?fromDate=2020-01-01&toDate=2020-01-31', a)).json().total).toBe(0);
    expect((await get('/v2/tickets?origin=EXTERNAL', a)).json()).toMatchObject({ recordsTotal: 0, data: [] });
    const page2 = (await get('/v2/tickets?start=2&length=2', a)).json();
    expect(page2.data.map((r: { title: string }) => r.title)).toEqual([
      'Refund missing for order 2',
      'Refund missing for order 1',
    ]);
    expect((await get('/v2/tickets?fromDate=2026-02-30', a)).statusCode).toBe(400);
  });

  it('search ByTitle finds the titles that contain the text, in this module only', async () => {
    const found = (await get('/v2/tickets/search?Find=ByTitle&title=refund', a)).json().data;
    expect(found.map((r: { title: string }) => r.title)).toEqual([
      'Refund missing for order 2',
      'Refund missing for order 1',
    ]);
    expect((await send('GET', '/v2/tickets/search?Find=ByTitle&title=refund')).json().data).toEqual([]);
    expect((await get('/v2/tickets/search?Find=ByTitle&title=', a)).statusCode).toBe(400);
  });
});

describe('download', () => {
  it('is a CSV file of the ticket, its people, history, comments and linked rows', async () => {
    const ids = await rowIds();
    const tk = await create({
      title: 'Download me',
      assignedTo: [{ id: operatorId }],
      links: [{ dataSourceId: f.sides.A.dataSourceId, rowIds: [ids[1]] }],
    });
    await send('POST', '/v2/tickets/comment', { ticketId: tk.id, comment: 'Looked at it, "twice"' });
    const res = await send('GET', `/v2/tickets/download/${tk.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`ticket-${tk.id}.csv`);
    const text = res.body;
    expect(text).toContain(`${tk.id},Download me,Assigned,HIGH,INCIDENT`);
    expect(text).toContain('ASSIGNED,tk-operator,operator@tickets.test');
    expect(text).toMatch(/\n\d{2}-\d{2}-\d{4} \d{2}:\d{2} [AP]M,tk-admin,CREATED,status,,ASSIGNED,\n/);
    expect(text).toContain('"Looked at it, ""twice"""');
    expect(text).toContain(
      `${f.sides.A.dataSourceId === tk.links[0].dataSourceId ? tk.links[0].dataSourceName : ''},${ids[1]},`,
    );
    expect(text).toContain('ref=R2; amount=2');
  });
});

describe('guards', () => {
  it('401 without a session, 403 without the ticket privilege', async () => {
    expect((await call(t, null, { method: 'GET', url: '/web/v2/tickets', moduleId: moduleA })).statusCode).toBe(401);
    expect((await send('GET', '/v2/tickets', undefined, checker)).statusCode).toBe(403);
    expect((await send('POST', '/v2/tickets', { title: 'x', priority: 'LOW', type: 'TASK' }, checker)).statusCode).toBe(
      403,
    );
  });

  it("answers another module's ticket as not found, on every call that names one", async () => {
    const id = await ticketIn('ASSIGNED');
    const calls: ['GET' | 'POST' | 'PUT', string, Body | undefined][] = [
      ['GET', `/v2/tickets/${id}`, undefined],
      ['GET', `/v2/tickets/${id}/history`, undefined],
      ['GET', `/v2/tickets/download/${id}`, undefined],
      [
        'GET',
        `/v2/tickets/transactions?Find=ByDataSourceIdAndTicketId&ticketId=${id}&dataSourceId=${fB.sides.A.dataSourceId}`,
        undefined,
      ],
      ['PUT', '/v2/tickets', { id, title: 'x', priority: 'LOW', type: 'TASK' }],
      ['POST', '/v2/tickets/comment', { ticketId: id, comment: 'x' }],
      ['PUT', '/v2/tickets/escalate', { id }],
      ['PUT', '/v2/tickets/close', { id }],
      ['PUT', '/v2/tickets/change_status', { id, status: 'ON_HOLD' }],
      ['PUT', '/v2/tickets/reassign', { id, assignedTo: [{ email: 'a@b.co' }] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await send(method, url, body, other, moduleB);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(messageOf(res)).toBe(TICKET_TEXTS.notFound);
    }
    expect((await send('GET', `/v2/tickets/${id}`)).json().status).toBe('ASSIGNED');
    expect((await send('GET', '/v2/tickets', undefined, other, moduleB)).json().recordsTotal).toBe(0);
  });
});
