import { DATA_TABLE_COLUMN_NAME_PATTERN, DATA_TABLE_NAME_PATTERN, DATA_TABLE_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDataSource, addPipeline } from '@/ingest/test-fixtures.ts';
import { COLUMN_NAME_PATTERN, catalogColumns, TABLE_NAME_PATTERN } from '@/lib/data-tables/ddl.ts';
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
let support: Session;
let moduleA: number;
let moduleB: number;
let unassigned: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Tables A');
  moduleB = await addModule(t, 'Tables B');
  unassigned = await addModule(t, 'Tables C');
  await addUser(t, { userName: 'dt-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'dt-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'dt-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  admin = await signIn(t, 'dt-admin');
  operator = await signIn(t, 'dt-operator');
  support = await signIn(t, 'dt-support');
});
afterAll(() => t.close());

const notFound = [{ message: DATA_TABLE_TEXTS.notFound, code: 'NOT_FOUND' }];
const tableName = () => uniqueName('tbl').replace('-', '_');

const BANK_COLUMNS = [
  { name: 'reference', dataType: 'VARCHAR', maxLength: 40 },
  { name: 'value_date', dataType: 'DATE' },
  { name: 'amount', dataType: 'DOUBLE' },
  { name: 'rate', dataType: 'DOUBLE', isMoney: false },
  { name: 'status', dataType: 'VARCHAR' },
  { name: 'status_2', dataType: 'VARCHAR' },
  { name: 'statuses', dataType: 'VARCHAR' },
];

async function createTable(name = tableName(), moduleId = moduleA, columns: object[] = BANK_COLUMNS) {
  const res = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/datatables',
    payload: { name, description: 'Bank statement lines', columns },
    moduleId,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    id: number;
    name: string;
    tableName: string;
    historyTableName: string;
    invalidTableName: string;
  };
}

describe('POST /v2/datatables', () => {
  it('creates the registry rows and the physical tables in one go, and audits it', async () => {
    const name = tableName();
    const created = await createTable(name);
    expect(created).toMatchObject({
      name,
      kind: 'DATA',
      description: 'Bank statement lines',
      columnCount: BANK_COLUMNS.length,
      tableName: `m${moduleA}_${name}`,
      historyTableName: `m${moduleA}_${name}_history`,
      invalidTableName: `m${moduleA}_${name}_invalid`,
      duplicateCheck: null,
    });
    expect((created as unknown as { columns: unknown[] }).columns.slice(0, 4)).toEqual([
      { id: expect.any(Number), name: 'reference', dataType: 'VARCHAR', isMoney: false, maxLength: 40, sequence: 1 },
      { id: expect.any(Number), name: 'value_date', dataType: 'DATE', isMoney: false, maxLength: null, sequence: 2 },
      { id: expect.any(Number), name: 'amount', dataType: 'DOUBLE', isMoney: true, maxLength: null, sequence: 3 },
      { id: expect.any(Number), name: 'rate', dataType: 'DOUBLE', isMoney: false, maxLength: null, sequence: 4 },
    ]);
    const main = await catalogColumns(t.database.db, created.tableName);
    expect(main.find((c) => c.name === 'amount')?.type).toBe('numeric');
    expect(main.find((c) => c.name === 'rate')?.type).toBe('double precision');
    expect(main.find((c) => c.name === 'reference')?.type).toBe('character varying');
    expect(await catalogColumns(t.database.db, created.historyTableName)).not.toEqual([]);
    expect(await catalogColumns(t.database.db, created.invalidTableName)).not.toEqual([]);
    const audit = (await auditRows(t, 'DATA_TABLE_CREATED')).filter((r) => r.entity_id === String(created.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: admin.userId, module_id: moduleA, outcome: 'SUCCESS' });
  });

  it('allows the same name in another module', async () => {
    const name = tableName();
    await createTable(name, moduleA);
    const other = await createTable(name, moduleB);
    expect(other.tableName).toBe(`m${moduleB}_${name}`);
  });

  const col = { name: 'amount', dataType: 'DOUBLE' };
  it.each([
    ['the name is missing', { columns: [col] }, 'name', DATA_TABLE_TEXTS.nameRequired],
    ['the name is blank', { name: '  ', columns: [col] }, 'name', DATA_TABLE_TEXTS.nameRequired],
    ['the name has capitals', { name: 'Bank', columns: [col] }, 'name', DATA_TABLE_TEXTS.namePattern],
    ['the name is too long', { name: 'a'.repeat(41), columns: [col] }, 'name', DATA_TABLE_TEXTS.namePattern],
    ['the columns are missing', { name: 'no_columns' }, 'columns', DATA_TABLE_TEXTS.columnsRequired],
    ['the columns are empty', { name: 'no_columns', columns: [] }, 'columns', DATA_TABLE_TEXTS.columnsRequired],
    [
      'there are more than 200 columns',
      { name: 'wide', columns: Array.from({ length: 201 }, (_, i) => ({ name: `c${i}`, dataType: 'INT' })) },
      'columns',
      DATA_TABLE_TEXTS.tooManyColumns,
    ],
    [
      'a column name starts with _',
      { name: 'sys', columns: [{ name: '_id', dataType: 'INT' }] },
      'columns.0.name',
      'Column "_id" may not start with _ (reserved for system columns)',
    ],
    [
      'a column name has a space',
      { name: 'spaced', columns: [col, { name: 'net amount', dataType: 'INT' }] },
      'columns.1.name',
      'Column "net amount" must start with a lower-case letter and use only lower-case letters, digits and _ (at most 63 characters)',
    ],
    [
      'a column is defined twice',
      { name: 'twice', columns: [col, { name: 'amount', dataType: 'FLOAT' }] },
      'columns.1.name',
      'Column "amount" is defined more than once',
    ],
    [
      'an INT column is marked as money',
      { name: 'money_int', columns: [{ name: 'qty', dataType: 'INT', isMoney: true }] },
      'columns.0.isMoney',
      'Column "qty" can hold money only as DOUBLE or FLOAT',
    ],
    [
      'a DATE column has a maximum length',
      { name: 'dated', columns: [{ name: 'd', dataType: 'DATE', maxLength: 10 }] },
      'columns.0.maxLength',
      'Column "d": a maximum length applies only to VARCHAR',
    ],
    [
      'a data type is unknown',
      { name: 'typed', columns: [{ name: 'd', dataType: 'TEXT' }] },
      'columns.0.dataType',
      DATA_TABLE_TEXTS.dataTypeInvalid,
    ],
  ])('answers the validation message when %s', async (_label, payload, field, message) => {
    const res = await call(t, admin, { method: 'POST', url: '/web/v2/datatables', payload, moduleId: moduleA });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody(field, message));
  });

  it('refuses a name the module already uses and creates no physical table', async () => {
    const name = tableName();
    await createTable(name);
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/datatables',
      payload: { name, columns: [col] },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('name', DATA_TABLE_TEXTS.nameTaken));
  });

  it('keeps the contract patterns equal to the DDL guard', () => {
    expect(DATA_TABLE_NAME_PATTERN.source).toBe(TABLE_NAME_PATTERN.source);
    expect(DATA_TABLE_COLUMN_NAME_PATTERN.source).toBe(COLUMN_NAME_PATTERN.source);
  });

  it('answers 403 without viewAdminDataTable', async () => {
    const res = await call(t, operator, {
      method: 'POST',
      url: '/web/v2/datatables',
      payload: { name: tableName(), columns: [col] },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_BODY);
  });

  it('answers 403 for a module the user is not assigned to', async () => {
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/datatables',
      payload: { name: tableName(), columns: [col] },
      moduleId: unassigned,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()[0].code).toBe('MODULE_FORBIDDEN');
  });

  it('answers 401 without a token', async () => {
    const res = await call(t, null, { method: 'POST', url: '/web/v2/datatables', payload: {}, moduleId: moduleA });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 without a module header', async () => {
    const res = await call(t, admin, { method: 'POST', url: '/web/v2/datatables', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('X-Module-Id');
  });
});

describe('GET /v2/datatables', () => {
  it("pages the module's tables only, filters by name and answers the DataTables shape", async () => {
    const prefix = `lst${Date.now() % 100000}`;
    await createTable(`${prefix}_b`);
    await createTable(`${prefix}_a`);
    await createTable(`${prefix}_c`, moduleB);
    const url = `/web/v2/datatables?draw=3&start=0&length=10&columns[0][data]=name&columns[0][search][value]=${prefix}&order[0][column]=0&order[0][dir]=desc`;
    const res = await call(t, admin, { method: 'GET', url, moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.draw).toBe(3);
    expect(body.recordsFiltered).toBe(2);
    expect(body.recordsTotal).toBeGreaterThanOrEqual(2);
    expect(body.data.map((r: { name: string }) => r.name)).toEqual([`${prefix}_b`, `${prefix}_a`]);
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ['columnCount', 'createdAt', 'description', 'id', 'kind', 'name', 'tableName'].sort(),
    );
  });

  it('answers 403 to a role without any table privilege', async () => {
    const res = await call(t, support, { method: 'GET', url: '/web/v2/datatables', moduleId: moduleA });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /v2/datatables/{id}', () => {
  it('answers the table with its columns', async () => {
    const created = await createTable();
    const res = await call(t, admin, { method: 'GET', url: `/web/v2/datatables/${created.id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, columnCount: BANK_COLUMNS.length });
  });

  it("answers 404 for another module's table exactly like an unknown id", async () => {
    const other = await createTable(tableName(), moduleB);
    const res = await call(t, admin, { method: 'GET', url: `/web/v2/datatables/${other.id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    const unknown = await call(t, admin, { method: 'GET', url: '/web/v2/datatables/987654', moduleId: moduleA });
    expect(unknown.json()).toEqual(notFound);
  });
});

describe('POST /v2/datatables/{id}/columns', () => {
  it('adds the column to the main, history and invalid tables and audits it', async () => {
    const created = await createTable();
    const res = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/datatables/${created.id}/columns`,
      payload: { name: 'fee', dataType: 'FLOAT' },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().columns.at(-1)).toMatchObject({ name: 'fee', dataType: 'FLOAT', isMoney: true, sequence: 8 });
    const typeOf = async (table: string) =>
      (await catalogColumns(t.database.db, table)).find((c) => c.name === 'fee')?.type;
    expect(await typeOf(created.tableName)).toBe('numeric');
    expect(await typeOf(created.historyTableName)).toBe('numeric');
    expect(await typeOf(created.invalidTableName)).toBe('text');
    const audit = (await auditRows(t, 'DATA_TABLE_COLUMN_ADDED')).filter((r) => r.entity_id === String(created.id));
    expect(audit).toHaveLength(1);
  });

  it('adds a new column to the data sources over the table as their last active element', async () => {
    const created = await createTable();
    const pipelineId = await addPipeline(t.database.db, moduleA, `p-${created.id}`, created.id);
    const dataSourceId = await addDataSource(t.database.db, moduleA, pipelineId, created.id);
    await t.database.db
      .insertInto('data_element')
      .values({ data_source_id: dataSourceId, name: 'amount', type: 'DOUBLE', input_type: 'NUMBER', sequence: 1 })
      .execute();
    const res = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/datatables/${created.id}/columns`,
      payload: { name: 'settled_on', dataType: 'DATE' },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    const elements = await t.database.db
      .selectFrom('data_element')
      .select(['name', 'type', 'input_type', 'active', 'sequence'])
      .where('data_source_id', '=', dataSourceId)
      .orderBy('sequence')
      .execute();
    expect(elements).toEqual([
      { name: 'amount', type: 'DOUBLE', input_type: 'NUMBER', active: true, sequence: 1 },
      { name: 'settled_on', type: 'DATE', input_type: 'DATE', active: true, sequence: 2 },
    ]);
  });

  it('refuses a column the table already has', async () => {
    const created = await createTable();
    const res = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/datatables/${created.id}/columns`,
      payload: { name: 'amount', dataType: 'DOUBLE' },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('name', 'Column "amount" already exists in this table'));
  });

  it("answers 404 for another module's table", async () => {
    const other = await createTable(tableName(), moduleB);
    const res = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/datatables/${other.id}/columns`,
      payload: { name: 'fee', dataType: 'INT' },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(404);
    expect(await catalogColumns(t.database.db, other.tableName)).not.toContainEqual(
      expect.objectContaining({ name: 'fee' }),
    );
  });
});

describe('GET /v2/datatables/columns?Find=WithType', () => {
  it('answers user columns then system columns, by physical or logical name', async () => {
    const created = await createTable();
    for (const table of [created.tableName, created.name]) {
      const res = await call(t, operator, {
        method: 'GET',
        url: `/web/v2/datatables/columns?Find=WithType&table=${table}&start=0`,
        moduleId: moduleA,
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { name: string; type: string; isSystem: boolean }[];
      expect(data.slice(0, 3)).toEqual([
        { name: 'reference', type: 'VARCHAR', isMoney: false, isSystem: false },
        { name: 'value_date', type: 'DATE', isMoney: false, isSystem: false },
        { name: 'amount', type: 'DOUBLE', isMoney: true, isSystem: false },
      ]);
      expect(data).toContainEqual({ name: '_recon_status', type: 'VARCHAR', isMoney: false, isSystem: true });
      expect(data.filter((c) => c.isSystem).every((c) => c.name.startsWith('_'))).toBe(true);
    }
  });

  it("answers 404 for another module's table", async () => {
    const other = await createTable(tableName(), moduleB);
    const res = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/datatables/columns?Find=WithType&table=${other.tableName}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it('answers 400 without a table', async () => {
    const res = await call(t, admin, {
      method: 'GET',
      url: '/web/v2/datatables/columns?Find=WithType',
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('table', DATA_TABLE_TEXTS.tableRequired));
  });
});

describe('GET /v2/datatables/statuscolumns', () => {
  it('answers the columns named status or status_N, then _recon_status', async () => {
    const created = await createTable();
    const res = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/datatables/statuscolumns?table=${created.tableName}&start=0`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['status', 'status_2', '_recon_status']);
  });
});

describe('duplicate-check configs', () => {
  const put = (s: Session, payload: object, moduleId = moduleA) =>
    call(t, s, { method: 'PUT', url: '/web/v2/duplicatecheckconfigs', payload, moduleId });
  const get = (table: string, moduleId = moduleA) =>
    call(t, operator, {
      method: 'GET',
      url: `/web/v2/duplicatecheckconfigs?Find=TableName&tableName=${table}`,
      moduleId,
    });

  it('sets, replaces, reads and deletes the config of a table, auditing each change', async () => {
    const created = await createTable();
    expect((await get(created.tableName)).json()).toEqual({ data: [] });
    const first = await put(admin, {
      tableName: created.tableName,
      columnNames: ['reference', 'value_date', 'amount'],
    });
    expect(first.statusCode).toBe(200);
    const id = first.json().id;
    expect(first.json()).toEqual({
      id,
      dataTableId: created.id,
      tableName: created.tableName,
      columnNames: ['reference', 'value_date', 'amount'],
      isEnabled: true,
    });
    const second = await put(admin, { tableName: created.name, columnNames: ['reference'], isEnabled: false });
    expect(second.json()).toMatchObject({ id, columnNames: ['reference'], isEnabled: false });
    expect((await get(created.name)).json().data).toEqual([second.json()]);
    const saved = (await auditRows(t, 'DUPLICATE_CHECK_CONFIG_SAVED')).filter((r) => r.entity_id === String(id));
    expect(saved.map((r) => (r.details as { after: unknown }).after)).toEqual([
      { columnNames: ['reference', 'value_date', 'amount'], isEnabled: true },
      { columnNames: ['reference'], isEnabled: false },
    ]);
    const del = await call(t, admin, {
      method: 'DELETE',
      url: `/web/v2/duplicatecheckconfigs/${id}`,
      moduleId: moduleA,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: DATA_TABLE_TEXTS.duplicateConfigDeleted });
    expect((await get(created.tableName)).json()).toEqual({ data: [] });
    expect((await auditRows(t, 'DUPLICATE_CHECK_CONFIG_DELETED')).map((r) => r.entity_id)).toContain(String(id));
  });

  it('refuses a column the table does not have', async () => {
    const created = await createTable();
    const res = await put(admin, { tableName: created.tableName, columnNames: ['reference', 'utr'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('columnNames.1', `Column "utr" does not exist in table ${created.name}`));
  });

  it('refuses an empty column list', async () => {
    const created = await createTable();
    const res = await put(admin, { tableName: created.tableName, columnNames: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('columnNames', DATA_TABLE_TEXTS.duplicateColumnsRequired));
  });

  it("answers 404 for another module's table and config", async () => {
    const other = await createTable(tableName(), moduleB);
    const saved = await put(admin, { tableName: other.tableName, columnNames: ['reference'] }, moduleB);
    expect((await put(admin, { tableName: other.tableName, columnNames: ['reference'] })).statusCode).toBe(404);
    expect((await get(other.tableName)).statusCode).toBe(404);
    const del = await call(t, admin, {
      method: 'DELETE',
      url: `/web/v2/duplicatecheckconfigs/${saved.json().id}`,
      moduleId: moduleA,
    });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual([{ message: DATA_TABLE_TEXTS.duplicateConfigNotFound, code: 'NOT_FOUND' }]);
  });

  it('answers 403 to an operator who changes a config', async () => {
    const created = await createTable();
    const res = await put(operator, { tableName: created.tableName, columnNames: ['reference'] });
    expect(res.statusCode).toBe(403);
  });
});
