import { DATA_TABLE_TEXTS, MASTER_DATA_TEXTS } from '@recon/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody } from '@/testing/error-bodies.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';

let t: TestApp;
let admin: Session;
let operator: Session;
let moduleA: number;
let moduleB: number;
let unassigned: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Master A');
  moduleB = await addModule(t, 'Master B');
  unassigned = await addModule(t, 'Master C');
  await addUser(t, { userName: 'md-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'md-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  admin = await signIn(t, 'md-admin');
  operator = await signIn(t, 'md-operator');
});
afterAll(() => t.close());

const tableNotFound = [{ message: MASTER_DATA_TEXTS.notFound, code: 'NOT_FOUND' }];
const tableName = () => uniqueName('merchant').replace('-', '_');

const MERCHANT_COLUMNS = [
  { name: 'mid', dataType: 'VARCHAR', maxLength: 10 },
  { name: 'merchant_name', dataType: 'VARCHAR' },
  { name: 'mdr_rate', dataType: 'DOUBLE', isMoney: false },
  { name: 'fixed_fee', dataType: 'DOUBLE' },
  { name: 'onboarded_on', dataType: 'DATE' },
  { name: 'activated_at', dataType: 'DATETIME' },
  { name: 'terminals', dataType: 'INT' },
  { name: 'volume', dataType: 'BIGINT' },
];

type Table = { id: number; tableName: string; historyTableName: string };

async function createMaster(moduleId = moduleA): Promise<Table> {
  const res = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/masterdata',
    payload: { name: tableName(), description: 'Merchant master', columns: MERCHANT_COLUMNS },
    moduleId,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const rowsUrl = (id: number) => `/web/v2/masterdata/${id}/rows`;
const addRow = (table: Table, values: Record<string, unknown>, s = admin, moduleId = moduleA) =>
  call(t, s, { method: 'POST', url: rowsUrl(table.id), payload: { values }, moduleId });

describe('POST /v2/masterdata', () => {
  it('creates a MASTER table with its physical tables and audits it', async () => {
    const created = await createMaster();
    expect(created).toMatchObject({ kind: 'MASTER', columnCount: MERCHANT_COLUMNS.length });
    const audit = (await auditRows(t, 'DATA_TABLE_CREATED')).filter((r) => r.entity_id === String(created.id));
    expect(audit[0]?.details).toMatchObject({ kind: 'MASTER' });
  });

  it('applies the data-table checks', async () => {
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/masterdata',
      payload: { name: 'Merchant Master', columns: MERCHANT_COLUMNS },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('name', DATA_TABLE_TEXTS.namePattern));
  });

  it('answers 403 without the masterData privilege', async () => {
    const res = await call(t, operator, {
      method: 'POST',
      url: '/web/v2/masterdata',
      payload: { name: tableName(), columns: MERCHANT_COLUMNS },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_BODY);
  });
});

describe('GET /v2/masterdata', () => {
  it("lists the module's MASTER tables only", async () => {
    const master = await createMaster();
    const other = await createMaster(moduleB);
    const data = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/datatables',
      payload: { name: tableName(), columns: [{ name: 'a', dataType: 'INT' }] },
      moduleId: moduleA,
    });
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/masterdata?length=100', moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(master.id);
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(data.json().id);
    expect(res.json().data.every((r: { kind: string }) => r.kind === 'MASTER')).toBe(true);
  });

  it('answers 404 for a DATA table read as master data', async () => {
    const data = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/datatables',
      payload: { name: tableName(), columns: [{ name: 'a', dataType: 'INT' }] },
      moduleId: moduleA,
    });
    const res = await call(t, admin, { method: 'GET', url: `/web/v2/masterdata/${data.json().id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(tableNotFound);
  });

  it('answers 403 for a module the user is not assigned to, 401 without a token', async () => {
    expect((await call(t, admin, { method: 'GET', url: '/web/v2/masterdata', moduleId: unassigned })).statusCode).toBe(
      403,
    );
    expect((await call(t, null, { method: 'GET', url: '/web/v2/masterdata', moduleId: moduleA })).statusCode).toBe(401);
  });
});

describe('master data rows', () => {
  const full = {
    mid: 'M001',
    merchant_name: 'Acme Stores',
    mdr_rate: 1.75,
    fixed_fee: '2.5',
    onboarded_on: '2026-01-31',
    activated_at: '2026-02-01 09:30',
    terminals: '12',
    volume: '9007199254740993',
  };

  it('adds a row with every value cast to its column type, answers it as text, and audits it', async () => {
    const table = await createMaster();
    const res = await addRow(table, full);
    expect(res.statusCode).toBe(200);
    const row = res.json();
    expect(row).toEqual({
      _id: expect.any(Number),
      mid: 'M001',
      merchant_name: 'Acme Stores',
      mdr_rate: '1.75',
      fixed_fee: '2.5000',
      onboarded_on: '2026-01-31',
      activated_at: '2026-02-01T09:30:00',
      terminals: '12',
      volume: '9007199254740993',
    });
    const audit = (await auditRows(t, 'MASTER_DATA_ROW_CREATED')).filter(
      (r) => r.entity_id === `${table.id}:${row._id}`,
    );
    expect(audit).toHaveLength(1);
  });

  it.each([
    ['an unknown column', { nope: 'x' }, 'values.nope', 'Unknown column "nope"'],
    [
      'a text over its maximum length',
      { mid: 'M0123456789' },
      'values.mid',
      'Value of "mid" must be at most 10 characters',
    ],
    ['a fractional INT', { terminals: '1.5' }, 'values.terminals', 'Value of "terminals" must be a whole number'],
    [
      'an INT out of range',
      { terminals: '3000000000' },
      'values.terminals',
      'Value of "terminals" must be between -2147483648 and 2147483647',
    ],
    ['a word in a DOUBLE', { mdr_rate: 'high' }, 'values.mdr_rate', 'Value of "mdr_rate" must be a number'],
    [
      'money with 5 decimals',
      { fixed_fee: '1.23456' },
      'values.fixed_fee',
      'Value of "fixed_fee" must be an amount with at most 16 digits before the point and 4 after',
    ],
    [
      'an impossible date',
      { onboarded_on: '2026-02-30' },
      'values.onboarded_on',
      'Value of "onboarded_on" must be a date (YYYY-MM-DD)',
    ],
    [
      'a date-time without time',
      { activated_at: '2026-02-01' },
      'values.activated_at',
      'Value of "activated_at" must be a date and time (YYYY-MM-DDTHH:mm:ss)',
    ],
    ['only empty values', { mid: '', merchant_name: null }, 'values', MASTER_DATA_TEXTS.valuesRequired],
  ])('refuses %s with a message naming the column', async (_label, values, field, message) => {
    const table = await createMaster();
    const res = await addRow(table, values);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody(field, message));
  });

  it('lists rows as a DataTables page with column search and typed order', async () => {
    const table = await createMaster();
    for (const [mid, fee] of [
      ['A1', '10'],
      ['A2', '9.5'],
      ['B1', '100'],
    ]) {
      expect((await addRow(table, { mid, fixed_fee: fee })).statusCode).toBe(200);
    }
    const url = `${rowsUrl(table.id)}?draw=2&start=0&length=10&columns[0][data]=mid&columns[0][search][value]=a&columns[1][data]=fixed_fee&order[0][column]=1&order[0][dir]=asc`;
    const res = await call(t, admin, { method: 'GET', url, moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ draw: 2, recordsTotal: 3, recordsFiltered: 2 });
    expect(res.json().data.map((r: { mid: string; fixed_fee: string }) => [r.mid, r.fixed_fee])).toEqual([
      ['A2', '9.5000'],
      ['A1', '10.0000'],
    ]);
  });

  it('changes only the sent columns, keeps the old version in history, and audits before and after', async () => {
    const table = await createMaster();
    const row = (await addRow(table, full)).json();
    const res = await call(t, admin, {
      method: 'PUT',
      url: `${rowsUrl(table.id)}/${row._id}`,
      payload: { values: { fixed_fee: '3.75', merchant_name: 'Acme Stores' } },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...row, fixed_fee: '3.7500' });
    const history = await sql<{ fixed_fee: string; _history_reason: string }>`
      SELECT fixed_fee::text, _history_reason FROM recon_data.${sql.raw(`"${table.historyTableName}"`)} WHERE _id = ${row._id}`.execute(
      t.database.db,
    );
    expect(history.rows).toEqual([{ fixed_fee: '2.5000', _history_reason: 'MASTER_DATA_UPDATE' }]);
    const audit = (await auditRows(t, 'MASTER_DATA_ROW_UPDATED')).filter(
      (r) => r.entity_id === `${table.id}:${row._id}`,
    );
    expect(audit[0]?.details).toMatchObject({ before: { fixed_fee: '2.5000' }, after: { fixed_fee: '3.7500' } });
  });

  it('deletes a row, keeps it in history and audits it', async () => {
    const table = await createMaster();
    const row = (await addRow(table, full)).json();
    const res = await call(t, admin, { method: 'DELETE', url: `${rowsUrl(table.id)}/${row._id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MASTER_DATA_TEXTS.rowDeleted });
    const list = await call(t, admin, { method: 'GET', url: rowsUrl(table.id), moduleId: moduleA });
    expect(list.json().recordsTotal).toBe(0);
    const history = await sql<{ mid: string; _history_reason: string }>`
      SELECT mid, _history_reason FROM recon_data.${sql.raw(`"${table.historyTableName}"`)}`.execute(t.database.db);
    expect(history.rows).toEqual([{ mid: 'M001', _history_reason: 'MASTER_DATA_DELETE' }]);
    expect((await auditRows(t, 'MASTER_DATA_ROW_DELETED')).map((r) => r.entity_id)).toContain(`${table.id}:${row._id}`);
  });

  it('answers 404 for an unknown row', async () => {
    const table = await createMaster();
    const res = await call(t, admin, {
      method: 'PUT',
      url: `${rowsUrl(table.id)}/987654`,
      payload: { values: { mid: 'X' } },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ message: MASTER_DATA_TEXTS.rowNotFound, code: 'NOT_FOUND' }]);
  });

  it("answers 404 for another module's table on every row call and changes nothing", async () => {
    const other = await createMaster(moduleB);
    const row = (await addRow(other, full, admin, moduleB)).json();
    const calls = [
      call(t, admin, { method: 'GET', url: rowsUrl(other.id), moduleId: moduleA }),
      addRow(other, full),
      call(t, admin, {
        method: 'PUT',
        url: `${rowsUrl(other.id)}/${row._id}`,
        payload: { values: { mid: 'X' } },
        moduleId: moduleA,
      }),
      call(t, admin, { method: 'DELETE', url: `${rowsUrl(other.id)}/${row._id}`, moduleId: moduleA }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(tableNotFound);
    }
    const list = await call(t, admin, { method: 'GET', url: rowsUrl(other.id), moduleId: moduleB });
    expect(list.json().data).toEqual([row]);
  });

  it('answers 403 to an operator reading rows', async () => {
    const table = await createMaster();
    const res = await call(t, operator, { method: 'GET', url: rowsUrl(table.id), moduleId: moduleA });
    expect(res.statusCode).toBe(403);
  });
});
