import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config.ts';
import {
  addDataSource,
  addDataTable,
  addExecution,
  addFileConfig,
  addPipeline,
  addStoredFile,
  pipelineRun,
  workerContext,
} from '@/ingest/test-fixtures.ts';
import { runPipelineActivity } from '@/jobs/activities/pipeline.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

let t: TestApp;
let dataDir: string;
let operator: Session;
let support: Session;
let moduleA: number;
let dataSourceA: number;
let dataSourceB: number;

const columns = [
  { name: 'reference', dataType: 'VARCHAR', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
] as const;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recon-rows-'));
  t = await createTestApp({ dataDir });
  moduleA = await addModule(t, 'Rows A');
  const moduleB = await addModule(t, 'Rows B');
  await addUser(t, { userName: 'r-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'r-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  operator = await signIn(t, 'r-operator');
  support = await signIn(t, 'r-support');
  const db = t.database.db;
  const table = await addDataTable(db, moduleA, 'settle', columns, ['reference']);
  const pipelineId = await addPipeline(db, moduleA, 'Settlement upload', table.id);
  await addFileConfig(db, pipelineId, [
    { fileColumn: 'reference', dataType: 'VARCHAR' },
    { fileColumn: 'amount', dataType: 'DOUBLE' },
  ]);
  dataSourceA = await addDataSource(db, moduleA, pipelineId, table.id);
  const ids = await addExecution(db, moduleA, pipelineId, 'rows job');
  await addStoredFile(db, dataDir, {
    moduleId: moduleA,
    pipelineId,
    name: 'settle.csv',
    content: 'reference,amount\nS1,10.10\nS2,oops\nS1,10.10\nS3,(5)\nS4,1e999\n',
    jobExecutionId: ids.jobExecutionId,
  });
  await runPipelineActivity(workerContext(db, testConfig({ dataDir })), pipelineRun(moduleA, pipelineId, ids));
  const tableB = await addDataTable(db, moduleB, 'settle', columns);
  const pipelineB = await addPipeline(db, moduleB, 'B upload', tableB.id);
  dataSourceB = await addDataSource(db, moduleB, pipelineB, tableB.id);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (path: string, session: Session | null = operator) =>
  call(t, session, { method: 'GET', url: `/web/v2/pipelinerows/${path}`, moduleId: moduleA });

describe('GET /v2/pipelinerows/invalid', () => {
  it("pages a data source's invalid rows with reasons, file name and row number", async () => {
    const res = await get(`invalid?dataSourceId=${dataSourceA}&draw=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ draw: 2, recordsTotal: 2, recordsFiltered: 2 });
    expect(
      body.data.map((r: { rowNo: number; fileName: string; reasons: string[]; values: object }) => [
        r.rowNo,
        r.fileName,
        r.reasons,
        r.values,
      ]),
    ).toEqual([
      [3, 'settle.csv', ['amount: not an amount'], { reference: 'S2', amount: 'oops' }],
      [6, 'settle.csv', ['amount: not an amount'], { reference: 'S4', amount: '1e999' }],
    ]);
  });

  it('searches and orders on table columns from the catalog, ignoring unknown ones', async () => {
    const searched = await get(
      `invalid?dataSourceId=${dataSourceA}&columns[0][data]=amount&columns[0][search][value]=OOP&columns[1][data]=_secret&columns[1][search][value]=x`,
    );
    expect(searched.json().data.map((r: { values: { reference: string } }) => r.values.reference)).toEqual(['S2']);
    const ordered = await get(
      `invalid?dataSourceId=${dataSourceA}&columns[0][data]=reference&order[0][column]=0&order[0][dir]=desc`,
    );
    expect(ordered.json().data.map((r: { values: { reference: string } }) => r.values.reference)).toEqual(['S4', 'S2']);
  });

  it('keeps to the date range of loading', async () => {
    expect(
      (await get(`invalid?dataSourceId=${dataSourceA}&fromDate=2020-01-01&toDate=2020-01-31`)).json().recordsTotal,
    ).toBe(0);
    const bad = await get(`invalid?dataSourceId=${dataSourceA}&fromDate=2026-02-01&toDate=2026-01-01`);
    expect([bad.statusCode, bad.json().message]).toEqual([400, FILE_TEXTS.dateRangeInvalid]);
    const badDate = await get(`invalid?dataSourceId=${dataSourceA}&fromDate=01-01-2026`);
    expect(badDate.json().message).toBe(FILE_TEXTS.dateInvalid);
  });

  it('answers 400 without a data source, 404 for one of another module, 403 without invalidData and 401', async () => {
    expect((await get('invalid')).json().message).toBe(FILE_TEXTS.dataSourceIdRequired);
    const other = await get(`invalid?dataSourceId=${dataSourceB}`);
    expect([other.statusCode, other.json()]).toEqual([
      404,
      [{ message: FILE_TEXTS.dataSourceNotFound, code: 'NOT_FOUND' }],
    ]);
    expect((await get(`invalid?dataSourceId=${dataSourceA}`, support)).statusCode).toBe(403);
    expect((await get(`invalid?dataSourceId=${dataSourceA}`, null)).statusCode).toBe(401);
  });
});

describe('GET /v2/pipelinerows/duplicates', () => {
  it('pages the rows loaded as DUPLICATE with exact money as text', async () => {
    const res = await get(`duplicates?dataSourceId=${dataSourceA}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recordsTotal: 1, recordsFiltered: 1 });
    expect(res.json().data[0]).toMatchObject({
      fileName: 'settle.csv',
      rowNo: 4,
      values: { reference: 'S1', amount: '10.1000' },
    });
  });

  it('answers 404 for another module and 403 without pipelineDuplicate', async () => {
    expect((await get(`duplicates?dataSourceId=${dataSourceB}`)).statusCode).toBe(404);
    expect((await get(`duplicates?dataSourceId=${dataSourceA}`, support)).statusCode).toBe(403);
  });
});
