import { expect } from 'vitest';
import { call, type Session, type TestApp, uniqueName } from '@/testing/test-app.ts';

/** What a data source test needs in one module: a table, a recon, and two pipelines into that table. */
export type Fixture = {
  moduleId: number;
  reconId: number;
  reconName: string;
  tableId: number;
  tableName: string;
  logicalName: string;
  historyTable: string;
  invalidTable: string;
  pipelineId: number;
  pipelineName: string;
  invalidPipelineId: number;
};

export const FIXTURE_COLUMNS = [
  { name: 'txn_id', dataType: 'VARCHAR' },
  { name: 'txn_date', dataType: 'DATE' },
  { name: 'amount', dataType: 'DOUBLE' },
  { name: 'qty', dataType: 'INT' },
  { name: 'status', dataType: 'VARCHAR' },
] as const;

export async function createRecon(t: TestApp, admin: Session, moduleId: number): Promise<{ id: number; name: string }> {
  const res = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/recons',
    payload: { name: uniqueName('Recon') },
    moduleId,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Pipelines are the ingestion feature's; tests here only need rows that point at a table. */
export async function insertPipeline(
  t: TestApp,
  moduleId: number,
  dataTableId: number,
): Promise<{ id: number; name: string }> {
  const name = uniqueName('Pipeline');
  const { id } = await t.database.db
    .insertInto('pipeline')
    .values({ module_id: moduleId, name, data_table_id: dataTableId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}

export async function makeFixture(
  t: TestApp,
  admin: Session,
  moduleId: number,
  columns: readonly { name: string; dataType: string }[] = FIXTURE_COLUMNS,
): Promise<Fixture> {
  const logicalName = uniqueName('ds_tbl').replace('-', '_');
  const table = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/datatables',
    payload: { name: logicalName, columns },
    moduleId,
  });
  expect(table.statusCode).toBe(200);
  const tableId = table.json().id as number;
  const recon = await createRecon(t, admin, moduleId);
  const pipeline = await insertPipeline(t, moduleId, tableId);
  const invalidPipeline = await insertPipeline(t, moduleId, tableId);
  return {
    moduleId,
    reconId: recon.id,
    reconName: recon.name,
    tableId,
    tableName: table.json().tableName,
    logicalName,
    historyTable: table.json().historyTableName,
    invalidTable: table.json().invalidTableName,
    pipelineId: pipeline.id,
    pipelineName: pipeline.name,
    invalidPipelineId: invalidPipeline.id,
  };
}

/** A complete, valid create body for the fixture. */
export function validBody(f: Fixture, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    product: { id: f.moduleId },
    name: uniqueName('Data source'),
    recon: { id: f.reconId },
    pipeline: { id: f.pipelineId },
    pipelineIdForInvalidData: f.invalidPipelineId,
    maxDuplicateRecord: '10',
    maxDuplicateRecordCountMethod: 'COUNT',
    maxInvalidRecord: '2.5',
    maxInvalidRecordCountMethod: 'PERCENTAGE',
    table: f.tableName,
    historyTable: f.historyTable,
    invalidTable: f.invalidTable,
    ...overrides,
  };
}

export async function createDataSource(
  t: TestApp,
  admin: Session,
  f: Fixture,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; name: string; sequence: number; dataElements: { id: number; name: string }[] }> {
  const res = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/datasources',
    payload: validBody(f, overrides),
    moduleId: f.moduleId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
