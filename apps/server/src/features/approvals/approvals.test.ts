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

// The approvals calls themselves: module scope, privilege, list paging and filters, and the module switches that
// send requests here (decision 0010). Knock-off and rollback decisions are tested with their features.

let t: TestApp;
let admin: Session;
let checker: Session;
let operator: Session;
let moduleA: number;
let moduleB: number;
let f: ReconFixture;

const COLUMNS = [
  { name: 'ref', dataType: 'VARCHAR' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
];

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Approvals A');
  moduleB = await addModule(t, 'Approvals B');
  await addUser(t, { userName: 'ap-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'ap-checker', roles: ['ROLE_CHECKER'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'ap-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  admin = await signIn(t, 'ap-admin');
  checker = await signIn(t, 'ap-checker');
  operator = await signIn(t, 'ap-operator');
  f = await addReconFixture(t, moduleA, {
    A: { columns: COLUMNS, rows: [1, 2, 3, 4, 5, 6].map((i) => ({ ref: `R${i}`, amount: `${i}.00` })) },
    B: { columns: COLUMNS, rows: [] },
  });
  const on = await call(t, admin, {
    method: 'PUT',
    url: `/web/v2/modules/${moduleA}`,
    payload: { name: 'Approvals A', bulkKnockOffNeedsApproval: true },
  });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(() => t.close());

const rowIdsA = async () =>
  (await t.database.pool.query(`SELECT _id FROM ${f.sides.A.table} ORDER BY _id`)).rows.map((r) => Number(r._id));
const sendForApproval = async (rowIds: number[], session = operator) => {
  const res = await call(t, session, {
    method: 'PUT',
    url: '/web/v2/transactions?Operation=KnockOff',
    moduleId: moduleA,
    payload: { reconId: f.reconId, dataSourceId: f.sides.A.dataSourceId, rowIds, reason: 'Duplicate booking' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().approvalId as number;
};
const list = (query: string, session = checker, moduleId = moduleA) =>
  call(t, session, { method: 'GET', url: `/web/v2/approvals?${query}`, moduleId });

describe('Module Settings switches', () => {
  it('are off by default, listed with the modules, and audited when changed', async () => {
    const modules = (await call(t, admin, { method: 'GET', url: '/web/v2/modules' })).json().data;
    expect(modules.find((m: { id: number }) => m.id === moduleB)).toMatchObject({
      rollbacksNeedApproval: false,
      bulkKnockOffNeedsApproval: false,
    });
    expect(modules.find((m: { id: number }) => m.id === moduleA)).toMatchObject({ bulkKnockOffNeedsApproval: true });
    const audit = (await auditRows(t, 'MODULE_UPDATED')).find((a) => a.entity_id === String(moduleA));
    expect(audit?.details).toMatchObject({
      before: { bulkKnockOffNeedsApproval: false, rollbacksNeedApproval: false },
      after: { bulkKnockOffNeedsApproval: true, rollbacksNeedApproval: false },
    });
    const bad = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/modules/${moduleB}`,
      payload: { name: 'Approvals B', rollbacksNeedApproval: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const noRight = await call(t, checker, {
      method: 'PUT',
      url: `/web/v2/modules/${moduleA}`,
      payload: { name: 'Approvals A', bulkKnockOffNeedsApproval: false },
    });
    expect(noRight.statusCode).toBe(403);
  });
});

describe('GET /v2/approvals', () => {
  it('pages the module’s requests newest first and filters them by status and kind', async () => {
    const ids = await rowIdsA();
    const first = await sendForApproval(ids.slice(0, 2));
    const second = await sendForApproval(ids.slice(2, 4));
    const third = await sendForApproval(ids.slice(4, 6));
    const rejected = await call(t, checker, {
      method: 'PUT',
      url: `/web/v2/approvals/${first}?Operation=Reject`,
      moduleId: moduleA,
      payload: { remark: 'Not a duplicate' },
    });
    expect(rejected.statusCode).toBe(200);
    const page = (await list('start=0&length=2')).json();
    expect(page).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    expect(page.data.map((r: { approvalId: number }) => r.approvalId)).toEqual([third, second]);
    expect(page.data[0]).toMatchObject({
      kind: 'BULK_KNOCK_OFF',
      kindLabel: 'Bulk knock off',
      summary: expect.stringMatching(/^Knock off 2 rows of .+ \(.+\)$/),
      requestedBy: 'ap-operator',
      status: 'ACTION_PENDING',
      decidedBy: null,
    });
    expect((await list('start=2&length=2')).json().data.map((r: { approvalId: number }) => r.approvalId)).toEqual([
      first,
    ]);
    const pending = (await list('start=0&length=10&status=ACTION_PENDING')).json();
    expect([pending.recordsTotal, pending.recordsFiltered]).toEqual([3, 2]);
    const decided = (await list('start=0&length=10&status=REJECTED')).json();
    expect(decided.data).toMatchObject([{ approvalId: first, decidedBy: 'ap-checker', statusLabel: 'Rejected' }]);
    expect((await list('start=0&length=10&kind=ROLLBACK')).json().recordsFiltered).toBe(0);
    expect((await list('start=0&length=10&status=WAITING')).statusCode).toBe(400);
  });

  it('answers 404 for an id of another module and 403 without pendingApprovals or the module', async () => {
    const [id] = (await list('start=0&length=1')).json().data.map((r: { approvalId: number }) => r.approvalId);
    expect((await list('start=0&length=10', checker, moduleB)).json().recordsTotal).toBe(0);
    for (const url of [`/web/v2/approvals/${id}`, `/web/v2/approvals/${id}/rows?start=0&length=10`]) {
      expect((await call(t, checker, { method: 'GET', url, moduleId: moduleB })).statusCode).toBe(404);
    }
    const foreign = await call(t, checker, {
      method: 'PUT',
      url: `/web/v2/approvals/${id}?Operation=Approve`,
      moduleId: moduleB,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list('start=0&length=10', operator)).statusCode).toBe(403);
    const approveWithout = await call(t, operator, {
      method: 'PUT',
      url: `/web/v2/approvals/${id}?Operation=Approve`,
      moduleId: moduleA,
      payload: {},
    });
    expect(approveWithout.statusCode).toBe(403);
    const badOperation = await call(t, checker, {
      method: 'PUT',
      url: `/web/v2/approvals/${id}?Operation=Maybe`,
      moduleId: moduleA,
      payload: {},
    });
    expect(badOperation.statusCode).toBe(400);
    const detail = (
      await call(t, checker, { method: 'GET', url: `/web/v2/approvals/${id}`, moduleId: moduleA })
    ).json();
    expect(detail.status).toBe('ACTION_PENDING');
  });
});
