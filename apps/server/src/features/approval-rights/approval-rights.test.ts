import { APPROVAL_RIGHT_TEXTS } from '@recon/contract';
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

let t: TestApp;
let admin: Session;
let checker: Session;
let seniorChecker: Session;
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
  moduleA = await addModule(t, 'Rights A');
  moduleB = await addModule(t, 'Rights B');
  await addUser(t, { userName: 'ar-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'ar-checker', roles: ['ROLE_CHECKER'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'ar-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  admin = await signIn(t, 'ar-admin');
  const role = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/roles',
    payload: { name: 'ROLE_SENIOR_CHECKER', isChecker: true, privilegeCodes: ['pendingApprovals'] },
  });
  expect(role.statusCode, role.body).toBe(200);
  await addUser(t, { userName: 'ar-senior', roles: ['ROLE_SENIOR_CHECKER'], moduleIds: [moduleA] });
  checker = await signIn(t, 'ar-checker');
  seniorChecker = await signIn(t, 'ar-senior');
  operator = await signIn(t, 'ar-operator');
  f = await addReconFixture(t, moduleA, {
    A: { columns: COLUMNS, rows: [1, 2, 3, 4].map((i) => ({ ref: `R${i}`, amount: `${i}.00` })) },
    B: { columns: COLUMNS, rows: [] },
  });
  const on = await call(t, admin, {
    method: 'PUT',
    url: `/web/v2/modules/${moduleA}`,
    payload: { name: 'Rights A', bulkKnockOffNeedsApproval: true },
  });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(() => t.close());

const rights = (session: Session, moduleId = moduleA) =>
  call(t, session, { method: 'GET', url: '/web/v2/approvalRights', moduleId });
const setRights = (session: Session, payload: object, moduleId = moduleA) =>
  call(t, session, { method: 'PUT', url: '/web/v2/approvalRights', moduleId, payload });

async function sendForApproval(rowIds: number[]) {
  const res = await call(t, operator, {
    method: 'PUT',
    url: '/web/v2/transactions?Operation=KnockOff',
    moduleId: moduleA,
    payload: { reconId: f.reconId, dataSourceId: f.sides.A.dataSourceId, rowIds, reason: 'Duplicate booking' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().approvalId as number;
}
const rowIds = async () =>
  (await t.database.pool.query(`SELECT _id FROM ${f.sides.A.table} ORDER BY _id`)).rows.map((r) => Number(r._id));

describe('approval rights', () => {
  it('list every kind with no role by default', async () => {
    const res = await rights(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { kind: 'ROLLBACK', kindLabel: 'Rollback', roleNames: [] },
        { kind: 'BULK_KNOCK_OFF', kindLabel: 'Bulk knock off', roleNames: [] },
        { kind: 'GL_REOPEN_BOOKS', kindLabel: 'Reopen books', roleNames: [] },
      ],
    });
  });

  it('restrict who decides a kind in the module: others are refused (audited), a holder of the role decides', async () => {
    const set = await setRights(admin, { kind: 'BULK_KNOCK_OFF', roleNames: ['ROLE_SENIOR_CHECKER'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      kind: 'BULK_KNOCK_OFF',
      kindLabel: 'Bulk knock off',
      roleNames: ['ROLE_SENIOR_CHECKER'],
    });
    expect((await auditRows(t, 'APPROVAL_RIGHTS_UPDATED')).at(-1)).toMatchObject({
      module_id: moduleA,
      details: { kind: 'BULK_KNOCK_OFF', before: [], after: ['ROLE_SENIOR_CHECKER'] },
    });
    // Module B keeps no restriction.
    expect((await rights(admin, moduleB)).json().data[1].roleNames).toEqual([]);

    const ids = await rowIds();
    const id = await sendForApproval(ids.slice(0, 2));
    const detail = await call(t, checker, { method: 'GET', url: `/web/v2/approvals/${id}`, moduleId: moduleA });
    expect(detail.json()).toMatchObject({
      canDecide: false,
      cannotDecideReason: APPROVAL_RIGHT_TEXTS.roleCannotDecide,
    });
    const refused = await call(t, checker, {
      method: 'PUT',
      url: `/web/v2/approvals/${id}?Operation=Reject`,
      moduleId: moduleA,
      payload: { remark: 'No' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()[0].message).toBe(APPROVAL_RIGHT_TEXTS.roleCannotDecide);
    const failure = (await auditRows(t, 'APPROVAL_REJECTED')).filter((r) => r.outcome === 'FAILURE').at(-1);
    expect(failure?.details).toMatchObject({ code: 'FORBIDDEN', message: APPROVAL_RIGHT_TEXTS.roleCannotDecide });

    const senior = await call(t, seniorChecker, {
      method: 'GET',
      url: `/web/v2/approvals/${id}`,
      moduleId: moduleA,
    });
    expect(senior.json()).toMatchObject({ canDecide: true, cannotDecideReason: null });
    const decided = await call(t, seniorChecker, {
      method: 'PUT',
      url: `/web/v2/approvals/${id}?Operation=Reject`,
      moduleId: moduleA,
      payload: { remark: 'Not a duplicate' },
    });
    expect(decided.statusCode, decided.body).toBe(200);

    // An empty list lifts the restriction.
    await setRights(admin, { kind: 'BULK_KNOCK_OFF', roleNames: [] });
    const next = await sendForApproval(ids.slice(2, 4));
    const open = await call(t, checker, { method: 'GET', url: `/web/v2/approvals/${next}`, moduleId: moduleA });
    expect(open.json()).toMatchObject({ canDecide: true });
  });

  it('refuse unknown roles and kinds', async () => {
    const role = await setRights(admin, { kind: 'ROLLBACK', roleNames: ['ROLE_NOPE'] });
    expect(role.statusCode).toBe(400);
    expect(role.json().errors).toEqual([{ field: 'roleNames', defaultMessage: 'Unknown roles: ROLE_NOPE' }]);
    const kind = await setRights(admin, { kind: 'FILE', roleNames: [] });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors[0]).toMatchObject({ field: 'kind' });
  });

  it('answer 403 without approvelRight, 403 outside the caller’s modules, 401 without a token', async () => {
    expect((await rights(checker)).statusCode).toBe(403);
    expect((await setRights(checker, { kind: 'ROLLBACK', roleNames: [] })).statusCode).toBe(403);
    await addUser(t, { userName: 'ar-admin-b', roles: ['ROLE_ADMIN'], moduleIds: [moduleB] });
    const adminB = await signIn(t, 'ar-admin-b');
    expect((await rights(adminB, moduleA)).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/web/v2/approvalRights' });
    expect(res.statusCode).toBe(401);
  });
});
