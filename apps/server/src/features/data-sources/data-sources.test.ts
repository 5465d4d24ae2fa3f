import { DATA_SOURCE_TEXTS, DATA_SOURCE_FORM_TEXTS as F } from '@recon/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidBody } from '@/testing/error-bodies.ts';
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
import {
  createDataSource,
  createRecon,
  type Fixture,
  insertPipeline,
  makeFixture,
  validBody,
} from './data-sources.fixtures.ts';

let t: TestApp;
let admin: Session;
let operator: Session;
let moduleA: number;
let moduleB: number;
let unassigned: number;
let f: Fixture;
let other: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Sources A');
  moduleB = await addModule(t, 'Sources B');
  unassigned = await addModule(t, 'Sources C');
  await addUser(t, { userName: 'ds-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'ds-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  admin = await signIn(t, 'ds-admin');
  operator = await signIn(t, 'ds-operator');
  f = await makeFixture(t, admin, moduleA);
  other = await makeFixture(t, admin, moduleB);
});
afterAll(() => t.close());

const notFoundBody = (message: string) => [{ message, code: 'NOT_FOUND' }];
const post = (payload: object, s: Session | null = admin, moduleId = moduleA) =>
  call(t, s, { method: 'POST', url: '/web/v2/datasources', payload, moduleId });

describe('POST /v2/datasources', () => {
  it("creates the data source last in its recon, with the table's columns as data elements, and audits it", async () => {
    const name = uniqueName('Bank statement');
    const res = await post(validBody(f, { name }));
    expect(res.statusCode).toBe(200);
    const ds = res.json();
    expect(ds).toEqual({
      id: expect.any(Number),
      name,
      product: { id: moduleA, name: 'Sources A' },
      recon: { id: f.reconId, name: f.reconName },
      pipeline: { id: f.pipelineId, name: f.pipelineName },
      pipelineIdForInvalidData: f.invalidPipelineId,
      invalidPipeline: { id: f.invalidPipelineId, name: expect.any(String) },
      dataTableId: f.tableId,
      table: f.tableName,
      historyTable: f.historyTable,
      invalidTable: f.invalidTable,
      maxDuplicateRecord: '10',
      maxDuplicateRecordCountMethod: 'COUNT',
      maxInvalidRecord: '2.5',
      maxInvalidRecordCountMethod: 'PERCENTAGE',
      sequence: expect.any(Number),
      isActive: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      dataElements: [
        { id: expect.any(Number), name: 'txn_id', inputType: 'TEXT', type: 'VARCHAR', active: true, sequence: 1 },
        { id: expect.any(Number), name: 'txn_date', inputType: 'DATE', type: 'DATE', active: true, sequence: 2 },
        { id: expect.any(Number), name: 'amount', inputType: 'NUMBER', type: 'DOUBLE', active: true, sequence: 3 },
        { id: expect.any(Number), name: 'qty', inputType: 'NUMBER', type: 'INT', active: true, sequence: 4 },
        { id: expect.any(Number), name: 'status', inputType: 'TEXT', type: 'VARCHAR', active: true, sequence: 5 },
      ],
    });
    const second = await createDataSource(t, admin, f);
    expect(second.sequence).toBe(ds.sequence + 1);
    const audit = (await auditRows(t, 'DATA_SOURCE_CREATED')).filter((r) => r.entity_id === String(ds.id));
    expect(audit[0]).toMatchObject({
      user_id: admin.userId,
      module_id: moduleA,
      details: { name, reconId: f.reconId },
    });
  });

  it("runs the spec's checks in the spec's order", async () => {
    const steps: [string, string, Record<string, unknown>][] = [
      ['product', F.productRequired, { product: { id: moduleA } }],
      ['name', F.nameRequired, { name: uniqueName('Ordered') }],
      ['recon', F.reconRequired, { recon: { id: f.reconId } }],
      ['pipeline', F.pipelineRequired, { pipeline: { id: f.pipelineId } }],
      ['pipelineIdForInvalidData', F.invalidPipelineRequired, { pipelineIdForInvalidData: f.invalidPipelineId }],
      ['maxDuplicateRecord', F.duplicateLimitRequired, { maxDuplicateRecord: 5 }],
      ['maxDuplicateRecordCountMethod', F.duplicateMethodRequired, { maxDuplicateRecordCountMethod: 'COUNT' }],
      ['maxInvalidRecord', F.invalidLimitRequired, { maxInvalidRecord: '1' }],
      ['maxInvalidRecordCountMethod', F.invalidMethodRequired, { maxInvalidRecordCountMethod: 'PERCENTAGE' }],
      ['table', F.tableRequired, { table: f.tableName }],
      ['historyTable', F.historyTableRequired, { historyTable: f.historyTable }],
      ['invalidTable', F.invalidTableRequired, { invalidTable: f.invalidTable }],
    ];
    let body: Record<string, unknown> = { name: '  ', maxDuplicateRecord: '', maxInvalidRecord: null };
    for (const [field, message, fix] of steps) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalidBody(field, message));
      body = { ...body, ...fix };
    }
    expect((await post(body)).statusCode).toBe(200);
  });

  it('needs no count method for a zero limit', async () => {
    const res = await post(
      validBody(f, {
        maxDuplicateRecord: 0,
        maxDuplicateRecordCountMethod: null,
        maxInvalidRecord: '0',
        maxInvalidRecordCountMethod: '',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      maxDuplicateRecord: '0',
      maxDuplicateRecordCountMethod: null,
      maxInvalidRecord: '0',
      maxInvalidRecordCountMethod: null,
    });
  });

  it('answers "Unable to load column data" when the physical table cannot be read', async () => {
    const broken = await makeFixture(t, admin, moduleA);
    await sql`DROP TABLE recon_data.${sql.raw(`"${broken.tableName}"`)}`.execute(t.database.db);
    const res = await post(validBody(broken));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('table', F.columnsUnavailable));
  });

  it('accepts the logical table names', async () => {
    const res = await post(
      validBody(f, {
        table: f.logicalName,
        historyTable: `${f.logicalName}_history`,
        invalidTable: `${f.logicalName}_invalid`,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().table).toBe(f.tableName);
  });

  let otherTablePipeline = 0;
  let otherTablePipelineName = '';
  beforeAll(async () => {
    const elsewhere = await makeFixture(t, admin, moduleA);
    otherTablePipeline = elsewhere.pipelineId;
    otherTablePipelineName = elsewhere.pipelineName;
  });

  it.each<[string, () => Record<string, unknown>, string, () => string]>([
    [
      'the product is another module',
      () => ({ product: { id: moduleB } }),
      'product',
      () => DATA_SOURCE_TEXTS.productMismatch,
    ],
    [
      'the pipeline loads into another table',
      () => ({ pipeline: { id: otherTablePipeline } }),
      'pipeline',
      () => `Pipeline ${otherTablePipelineName} does not load into table ${f.logicalName}`,
    ],
    [
      'the history table is not the table’s',
      () => ({ historyTable: 'm1_other_history' }),
      'historyTable',
      () => `History Table must be ${f.historyTable}`,
    ],
    [
      'the invalid table is not the table’s',
      () => ({ invalidTable: f.historyTable }),
      'invalidTable',
      () => `Invalid Table must be ${f.invalidTable}`,
    ],
    [
      'a limit is not a number',
      () => ({ maxDuplicateRecord: 'ten' }),
      'maxDuplicateRecord',
      () => 'Duplicate Records Limit must be a number of at least 0 with at most 4 decimals',
    ],
    [
      'a limit is negative',
      () => ({ maxInvalidRecord: '-1' }),
      'maxInvalidRecord',
      () => 'Invalid Records Limit must be a number of at least 0 with at most 4 decimals',
    ],
    [
      'a COUNT limit has decimals',
      () => ({ maxDuplicateRecord: '2.5' }),
      'maxDuplicateRecord',
      () => 'Duplicate Records Limit must be a whole number of records',
    ],
    [
      'a PERCENTAGE limit is above 100',
      () => ({ maxInvalidRecord: '100.01' }),
      'maxInvalidRecord',
      () => 'Invalid Records Limit cannot exceed 100 percent',
    ],
    ['a name is too long', () => ({ name: 'n'.repeat(101) }), 'name', () => DATA_SOURCE_TEXTS.nameTooLong],
  ])('refuses the body when %s', async (_label, overrides, field, message) => {
    const res = await post(validBody(f, overrides()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody(field, message()));
  });

  it('accepts a PERCENTAGE limit of exactly 100', async () => {
    const res = await post(validBody(f, { maxInvalidRecord: '100' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().maxInvalidRecord).toBe('100');
  });

  it('refuses a name the module already uses, whatever its case', async () => {
    const first = await createDataSource(t, admin, f);
    const res = await post(validBody(f, { name: first.name.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('name', DATA_SOURCE_TEXTS.nameTaken));
  });

  it.each<[string, () => Record<string, unknown>, string]>([
    ['recon', () => ({ recon: { id: other.reconId } }), DATA_SOURCE_TEXTS.reconNotFound],
    ['pipeline', () => ({ pipeline: other.pipelineId }), DATA_SOURCE_TEXTS.pipelineNotFound],
    [
      'invalid pipeline',
      () => ({ pipelineIdForInvalidData: other.invalidPipelineId }),
      DATA_SOURCE_TEXTS.invalidPipelineNotFound,
    ],
    [
      'table',
      () => ({ table: other.tableName, historyTable: other.historyTable, invalidTable: other.invalidTable }),
      DATA_SOURCE_TEXTS.tableNotFound,
    ],
  ])("answers 404 for another module's %s, like an unknown one", async (_label, overrides, message) => {
    const res = await post(validBody(f, overrides()));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFoundBody(message));
  });

  it('starts with the given data elements, checked and ordered by their sequence', async () => {
    const res = await post(
      validBody(f, {
        dataElements: [
          { name: 'amount', type: 'FLOAT', sequence: 2 },
          { name: 'txn_id', type: 'VARCHAR', inputType: 'ID', sequence: 1, active: false },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().dataElements).toEqual([
      { id: expect.any(Number), name: 'txn_id', inputType: 'ID', type: 'VARCHAR', active: false, sequence: 1 },
      { id: expect.any(Number), name: 'amount', inputType: 'NUMBER', type: 'FLOAT', active: true, sequence: 2 },
    ]);
    const bad = await post(validBody(f, { dataElements: [{ name: 'amount', type: 'DATE' }] }));
    expect(bad.json()).toEqual(
      invalidBody('dataElements.0.type', 'Type DATE is not compatible with column "amount" (DOUBLE)'),
    );
  });

  it('answers 403 to a viewer, 403 for an unassigned module, 401 without a token', async () => {
    expect((await post(validBody(f), operator)).statusCode).toBe(403);
    expect((await post(validBody(f), admin, unassigned)).statusCode).toBe(403);
    expect((await post(validBody(f), null)).statusCode).toBe(401);
  });
});

describe('PUT /v2/datasources', () => {
  it('edits through the body id, keeps its own name, and audits before and after', async () => {
    const ds = await createDataSource(t, admin, f);
    const res = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/datasources',
      payload: { ...validBody(f, { name: ds.name, maxInvalidRecord: '7', isActive: false }), id: ds.id },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ds.id,
      maxInvalidRecord: '7',
      isActive: false,
      dataElements: ds.dataElements,
    });
    const audit = (await auditRows(t, 'DATA_SOURCE_UPDATED')).filter((r) => r.entity_id === String(ds.id));
    expect(audit[0]?.details).toMatchObject({
      before: { maxInvalidRecord: '2.5', isActive: true },
      after: { maxInvalidRecord: '7', isActive: false },
      dataElementsReset: false,
    });
  });

  it('moves it last into another recon and closes the gap in the old one', async () => {
    const fx = await makeFixture(t, admin, moduleA);
    const [a, b, c] = [
      await createDataSource(t, admin, fx),
      await createDataSource(t, admin, fx),
      await createDataSource(t, admin, fx),
    ];
    const target = await createRecon(t, admin, moduleA);
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/datasources/${a.id}`,
      payload: validBody(fx, { name: a.name, recon: target.id }),
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recon: { id: target.id }, sequence: 1 });
    const old = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/datasources?Find=ByRecon&recon=${fx.reconId}`,
      moduleId: moduleA,
    });
    expect(old.json().data.map((d: { id: number; sequence: number }) => [d.id, d.sequence])).toEqual([
      [b.id, 1],
      [c.id, 2],
    ]);
  });

  it("resets the data elements to a new table's columns", async () => {
    const ds = await createDataSource(t, admin, f);
    const table = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/datatables',
      payload: { name: uniqueName('ds_new').replace('-', '_'), columns: [{ name: 'utr', dataType: 'VARCHAR' }] },
      moduleId: moduleA,
    });
    const pipe = await insertPipeline(t, moduleA, table.json().id);
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/datasources/${ds.id}`,
      payload: validBody(f, {
        name: ds.name,
        pipeline: pipe.id,
        table: table.json().tableName,
        historyTable: table.json().historyTableName,
        invalidTable: table.json().invalidTableName,
      }),
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dataElements).toEqual([
      { id: expect.any(Number), name: 'utr', inputType: 'TEXT', type: 'VARCHAR', active: true, sequence: 1 },
    ]);
  });

  it("refuses another data source's name and a body without id", async () => {
    const a = await createDataSource(t, admin, f);
    const b = await createDataSource(t, admin, f);
    const taken = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/datasources/${a.id}`,
      payload: validBody(f, { name: b.name }),
      moduleId: moduleA,
    });
    expect(taken.json()).toEqual(invalidBody('name', DATA_SOURCE_TEXTS.nameTaken));
    const noId = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/datasources',
      payload: validBody(f),
      moduleId: moduleA,
    });
    expect(noId.json()).toEqual(invalidBody('id', 'id is Required'));
  });

  it("answers 404 for another module's data source", async () => {
    const theirs = await createDataSource(t, admin, other);
    const res = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/datasources',
      payload: { ...validBody(f), id: theirs.id },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFoundBody(DATA_SOURCE_TEXTS.notFound));
  });

  it('answers 403 to a viewer', async () => {
    const ds = await createDataSource(t, admin, f);
    const res = await call(t, operator, {
      method: 'PUT',
      url: `/web/v2/datasources/${ds.id}`,
      payload: validBody(f, { name: ds.name }),
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(403);
  });
});
