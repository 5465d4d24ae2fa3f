import { APPROVAL_TEXTS, TICKET_TEXTS, ticketKnockOffReason } from '@recon/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addReconFixture, type ReconFixture, statesOf } from '@/testing/recon-fixtures.ts';
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

// Closing a ticket with a knock-off of its linked rows (decision 0029): directly, through approvals (approved,
// rejected, failed), rows matched since the ticket was raised (skipped with the reason), another module's rows
// (refused), the privilege, and the assignee picker's user lookup for holders of `ticket`.

let t: TestApp;
let admin: Session;
let maker: Session;
let checker: Session;
let support: Session;
let moduleA: number;
let moduleB: number;
let makerId: number;
let f: ReconFixture;
let fB: ReconFixture;

const COLUMNS = [
  { name: 'ref', dataType: 'VARCHAR' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
];

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Ticket knock-off A');
  moduleB = await addModule(t, 'Ticket knock-off B');
  await addUser(t, { userName: 'tko-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  makerId = await addUser(t, {
    userName: 'tko-maker',
    firstName: 'Meera',
    lastName: 'Rao',
    email: 'meera@bank.test',
    roles: ['ROLE_MAKER'],
    moduleIds: [moduleA],
  });
  await addUser(t, { userName: 'tko-checker', roles: ['ROLE_CHECKER'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'tko-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  await addUser(t, {
    userName: 'tko-elsewhere',
    email: 'meera.b@bank.test',
    roles: ['ROLE_MAKER'],
    moduleIds: [moduleB],
  });
  admin = await signIn(t, 'tko-admin');
  maker = await signIn(t, 'tko-maker');
  checker = await signIn(t, 'tko-checker');
  support = await signIn(t, 'tko-support');
  fB = await addReconFixture(t, moduleB, {
    A: { columns: COLUMNS, rows: [{ ref: 'X1', amount: '1.00' }] },
    B: { columns: COLUMNS, rows: [] },
  });
});
afterAll(() => t.close());

beforeEach(async () => {
  f = await addReconFixture(t, moduleA, {
    A: { columns: COLUMNS, rows: [1, 2, 3].map((i) => ({ ref: `R${i}`, amount: `${i}.00` })) },
    B: { columns: COLUMNS, rows: [{ ref: 'R3', amount: '3.00' }] },
  });
});

type Body = Record<string, unknown>;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body, session = maker, moduleId = moduleA) =>
  call(t, session, { method, url: `/web${url}`, moduleId, ...(payload ? { payload } : {}) });
const idsOf = async (side: 'A' | 'B' = 'A') => (await statesOf(t, f, side)).map((r) => r.id);
const statusOf = async (id: number, side: 'A' | 'B' = 'A') =>
  (await statesOf(t, f, side)).find((r) => r.id === id)?.status;
const history = async (id: number) =>
  (await send('GET', `/v2/tickets/${id}/history`)).json().data as {
    action: string;
    field: string | null;
    fromValue: string | null;
    toValue: string | null;
    remark: string | null;
    changedBy: string;
  }[];
const setPolicy = async (bulkKnockOffNeedsApproval: boolean) => {
  const res = await call(t, admin, {
    method: 'PUT',
    url: `/web/v2/modules/${moduleA}`,
    payload: { name: 'Ticket knock-off A', bulkKnockOffNeedsApproval },
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** A ticket raised by the maker on the side A rows (all three, open). */
async function raise(rowIds?: number[]): Promise<number> {
  const res = await send('POST', '/v2/tickets', {
    title: 'Recon A › Unreconciled · R1, R2',
    priority: 'MEDIUM',
    type: 'INCIDENT',
    assignedTo: [{ id: makerId }],
    links: [{ dataSourceId: f.sides.A.dataSourceId, rowIds: rowIds ?? (await idsOf()) }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const close = (id: number, body: Body = {}, session = maker) =>
  send('PUT', '/v2/tickets/close', { id, linkedRows: 'KNOCK_OFF', ...body }, session);
const decide = (id: number, operation: 'Approve' | 'Reject', payload: Body = {}) =>
  call(t, checker, {
    method: 'PUT',
    url: `/web/v2/approvals/${id}?Operation=${operation}`,
    moduleId: moduleA,
    payload,
  });

describe('closing a ticket with its linked rows knocked off', () => {
  it('knocks the open rows off in one KNOCK_OFF run with the ticket as reason, closes it, and says so', async () => {
    const id = await raise();
    const before = (await send('GET', `/v2/tickets/${id}`)).json();
    expect(before.links).toEqual([expect.objectContaining({ rowCount: 3, openRowCount: 3 })]);
    const res = await close(id, { remark: 'Settled by the bank' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CLOSED', knockOffApprovalIds: [] });
    expect(res.json().links[0]).toMatchObject({ rowCount: 3, openRowCount: 0 });
    for (const rowId of await idsOf()) expect(await statusOf(rowId)).toBe('KNOCK_OFF');
    const runs = await t.database.db
      .selectFrom('recon_run')
      .selectAll()
      .where('recon_id', '=', f.reconId)
      .where('kind', '=', 'KNOCK_OFF')
      .execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ started_by: makerId, reason: ticketKnockOffReason(id, 'Settled by the bank') });
    // The Knock off tab shows the rows with the ticket's reason.
    const tab = await send(
      'GET',
      `/v2/transactions?Find=ByTab&tab=knockoff&reconId=${f.reconId}&dataSourceId=${f.sides.A.dataSourceId}&start=0&length=10`,
    );
    expect(tab.statusCode, tab.body).toBe(200);
    expect(tab.json().recordsTotal).toBe(3);
    const h = await history(id);
    expect(h.slice(-2)).toEqual([
      expect.objectContaining({ action: 'KNOCKED_OFF', toValue: '3 rows', changedBy: 'tko-maker' }),
      expect.objectContaining({
        action: 'CLOSED',
        fromValue: 'ASSIGNED',
        toValue: 'CLOSED',
        remark: 'Settled by the bank',
      }),
    ]);
    const knockAudit = (await auditRows(t, 'TRANSACTIONS_KNOCKED_OFF')).at(-1);
    expect(knockAudit?.details).toMatchObject({ rows: 3, ticketId: id });
    const closeAudit = (await auditRows(t, 'TICKET_STATUS_CHANGED')).at(-1);
    expect(closeAudit).toMatchObject({ entity_id: String(id) });
    expect(closeAudit?.details).toMatchObject({ action: 'close', to: 'CLOSED', linkedRows: 'KNOCK_OFF' });
  });

  it('leaves the rows open by default (Leave them open)', async () => {
    const id = await raise();
    const res = await send('PUT', '/v2/tickets/close', { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('CLOSED');
    for (const rowId of await idsOf()) expect(await statusOf(rowId)).toBe('UNRECONCILED');
    expect((await history(id)).map((e) => e.action)).not.toContain('KNOCKED_OFF');
  });

  it('skips rows matched by a later run, naming them with the reason, and knocks off the rest', async () => {
    const [r1, r2, r3] = await idsOf();
    const id = await raise();
    const [b1] = await idsOf('B');
    const match = await send('PUT', '/v2/transactions?Operation=ManualMatch', {
      reconId: f.reconId,
      rowsA: [r3],
      rowsB: [b1],
    });
    expect(match.statusCode, match.body).toBe(200);
    const res = await close(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('CLOSED');
    expect([await statusOf(r1 as number), await statusOf(r2 as number), await statusOf(r3 as number)]).toEqual([
      'KNOCK_OFF',
      'KNOCK_OFF',
      'RECONCILED',
    ]);
    const h = await history(id);
    expect(h).toContainEqual(
      expect.objectContaining({
        action: 'KNOCK_OFF_SKIPPED',
        toValue: `row ${r3} (RECONCILED)`,
        remark: TICKET_TEXTS.rowsNotOpen,
      }),
    );
    expect(h).toContainEqual(expect.objectContaining({ action: 'KNOCKED_OFF', toValue: '2 rows' }));
  });

  it("refuses rows of another module's data source (404) and changes nothing", async () => {
    const id = await raise();
    // A link to another module's row, as no call of this module can make one.
    await t.database.db
      .insertInto('ticket_transaction')
      .values({ ticket_id: id, data_source_id: fB.sides.A.dataSourceId, row_id: 1, linked_by: makerId })
      .execute();
    const res = await close(id);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(TICKET_TEXTS.dataSourceNotFound);
    expect((await send('GET', `/v2/tickets/${id}`)).json().status).toBe('ASSIGNED');
    for (const rowId of await idsOf()) expect(await statusOf(rowId)).toBe('UNRECONCILED');
    const foreign = (await statesOf(t, fB, 'A')).map((r) => r.status);
    expect(foreign).toEqual(['UNRECONCILED']);
  });

  it('needs the knockOff privilege (a support user may close, not knock off)', async () => {
    const id = await raise();
    const res = await close(id, {}, support);
    expect(res.statusCode).toBe(403);
    for (const rowId of await idsOf()) expect(await statusOf(rowId)).toBe('UNRECONCILED');
    expect((await send('PUT', '/v2/tickets/close', { id }, support)).statusCode).toBe(200);
  });

  it('refuses a ticket the table does not let close (a closed one: 400 naming both statuses)', async () => {
    const id = await raise();
    expect((await send('PUT', '/v2/tickets/close', { id })).statusCode).toBe(200);
    const res = await close(id);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('A ticket cannot move from CLOSED to CLOSED');
  });
});

describe('closing with a knock-off where the module asks for approval', () => {
  beforeAll(() => setPolicy(true));
  afterAll(() => setPolicy(false));

  async function closeForApproval() {
    const id = await raise();
    const res = await close(id, { remark: 'Bank confirmed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('ASSIGNED');
    expect(res.json().knockOffApprovalIds).toHaveLength(1);
    return { id, approvalId: res.json().knockOffApprovalIds[0] as number };
  }

  it('waits: the ticket stays as it is, the rows open, the history says so, and a second close is refused', async () => {
    const { id, approvalId } = await closeForApproval();
    for (const rowId of await idsOf()) expect(await statusOf(rowId)).toBe('UNRECONCILED');
    expect((await history(id)).at(-1)).toMatchObject({
      action: 'KNOCK_OFF_PENDING',
      toValue: '3 rows',
      remark: `${TICKET_TEXTS.knockOffWaiting} (#${approvalId})`,
    });
    const approval = (
      await call(t, checker, { method: 'GET', url: `/web/v2/approvals/${approvalId}`, moduleId: moduleA })
    ).json();
    expect(approval).toMatchObject({ kind: 'BULK_KNOCK_OFF', status: 'ACTION_PENDING', canDecide: true });
    expect(approval.summary).toContain(`ticket #${id}`);
    for (const linkedRows of ['KNOCK_OFF', 'LEAVE_OPEN']) {
      const again = await send('PUT', '/v2/tickets/close', { id, linkedRows });
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain(TICKET_TEXTS.knockOffAlreadyWaiting);
    }
    // The requester cannot approve their own knock-off.
    const own = await call(t, maker, {
      method: 'PUT',
      url: `/web/v2/approvals/${approvalId}?Operation=Approve`,
      moduleId: moduleA,
      payload: {},
    });
    expect(own.statusCode).toBe(403);
  });

  it('approved: the rows are knocked off and the ticket closes, in its history by the checker and the maker', async () => {
    const { id, approvalId } = await closeForApproval();
    const res = await decide(approvalId, 'Approve', { remark: 'ok' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('APPROVED');
    for (const rowId of await idsOf()) expect(await statusOf(rowId)).toBe('KNOCK_OFF');
    const tk = (await send('GET', `/v2/tickets/${id}`)).json();
    expect(tk).toMatchObject({ status: 'CLOSED', knockOffApprovalIds: [] });
    expect((await history(id)).slice(-2)).toEqual([
      expect.objectContaining({ action: 'KNOCKED_OFF', toValue: '3 rows', changedBy: 'tko-checker' }),
      expect.objectContaining({
        action: 'CLOSED',
        toValue: 'CLOSED',
        changedBy: 'tko-maker',
        remark: ticketKnockOffReason(id, 'Bank confirmed'),
      }),
    ]);
    const closeAudit = (await auditRows(t, 'TICKET_STATUS_CHANGED')).at(-1);
    expect(closeAudit?.details).toMatchObject({ action: 'close', to: 'CLOSED', approvalIds: [approvalId] });
  });

  it('rejected: the ticket stays as it is with the refusal in its history, and may be closed again', async () => {
    const { id, approvalId } = await closeForApproval();
    const res = await decide(approvalId, 'Reject', { remark: 'Not settled yet' });
    expect(res.statusCode, res.body).toBe(200);
    for (const rowId of await idsOf()) expect(await statusOf(rowId)).toBe('UNRECONCILED');
    const tk = (await send('GET', `/v2/tickets/${id}`)).json();
    expect(tk).toMatchObject({ status: 'ASSIGNED', knockOffApprovalIds: [] });
    expect((await history(id)).at(-1)).toMatchObject({
      action: 'KNOCK_OFF_REFUSED',
      toValue: 'Rejected by tko-checker',
      remark: 'Not settled yet',
    });
    expect((await send('PUT', '/v2/tickets/close', { id })).json().status).toBe('CLOSED');
  });

  it('failed: a row matched while the request waited fails it; the ticket stays open with the reason noted', async () => {
    const { id, approvalId } = await closeForApproval();
    const [, , r3] = await idsOf();
    const [b1] = await idsOf('B');
    const match = await send('PUT', '/v2/transactions?Operation=ManualMatch', {
      reconId: f.reconId,
      rowsA: [r3],
      rowsB: [b1],
    });
    expect(match.statusCode, match.body).toBe(200);
    const res = await decide(approvalId, 'Approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('FAILED');
    expect((await send('GET', `/v2/tickets/${id}`)).json().status).toBe('ASSIGNED');
    const last = (await history(id)).at(-1);
    expect(last).toMatchObject({ action: 'KNOCK_OFF_REFUSED', toValue: 'Failed' });
    expect(last?.remark).toContain(`row ${r3} (RECONCILED)`);
  });

  it('one open row stays direct: knocked off and closed at once', async () => {
    const [r1] = await idsOf();
    const id = await raise([r1 as number]);
    const res = await close(id);
    expect(res.json()).toMatchObject({ status: 'CLOSED', knockOffApprovalIds: [] });
    expect(await statusOf(r1 as number)).toBe('KNOCK_OFF');
  });

  it('a plain bulk knock-off in Transactions still answers "Sent for approval" (no ticket involved)', async () => {
    const ids = await idsOf();
    const res = await send('PUT', '/v2/transactions?Operation=KnockOff', {
      reconId: f.reconId,
      dataSourceId: f.sides.A.dataSourceId,
      rowIds: ids.slice(0, 2),
      reason: 'Test rows',
    });
    expect(res.json()).toMatchObject({ message: APPROVAL_TEXTS.sentForApproval });
    const approvalId = res.json().approvalId as number;
    expect((await decide(approvalId, 'Approve')).json().status).toBe('APPROVED');
  });
});

describe('the assignee and cc picker (GET /v2/tickets/users)', () => {
  it("lists the module's active users by name or e-mail for a holder of ticket without users", async () => {
    const res = await send('GET', '/v2/tickets/users?search=meera', undefined, support);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { id: makerId, userName: 'tko-maker', name: 'Meera Rao', email: 'meera@bank.test' },
    ]);
    const byMail = await send('GET', '/v2/tickets/users?search=BANK.TEST', undefined, support);
    expect(byMail.json().data.map((u: { userName: string }) => u.userName)).toEqual(['tko-maker']);
    const all = await send('GET', '/v2/tickets/users', undefined, support);
    expect(all.json().data.map((u: { userName: string }) => u.userName)).toEqual([
      'tko-admin',
      'tko-checker',
      'tko-maker',
      'tko-support',
    ]);
  });

  it('leaves out inactive users and needs the ticket privilege', async () => {
    await t.database.db
      .updateTable('app_user')
      .set({ is_active: false })
      .where('user_name', '=', 'tko-support')
      .execute();
    const res = await send('GET', '/v2/tickets/users?search=tko', undefined, maker);
    expect(res.json().data.map((u: { userName: string }) => u.userName)).not.toContain('tko-support');
    await t.database.db
      .updateTable('app_user')
      .set({ is_active: true })
      .where('user_name', '=', 'tko-support')
      .execute();
    expect((await send('GET', '/v2/tickets/users', undefined, checker)).statusCode).toBe(403);
  });
});
