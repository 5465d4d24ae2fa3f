import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogColumns } from '@/lib/data-tables/ddl.ts';
import { DEMO_RECON_NAME, seedDemoDataSources, seedDemoOperations } from './demo-operations.ts';
import { createModuleRow } from './seed.ts';

let t: TestDatabase;
let moduleId: number;
let secondModule: number;
beforeAll(async () => {
  t = await createTestDatabase();
  moduleId = await createModuleRow(t.db, 'Payments Gateway Recon');
  secondModule = await createModuleRow(t.db, 'Bank Settlement Recon');
});
afterAll(() => t.drop());

const pipeline = async (name: string, dataTableId: number) =>
  (
    await t.db
      .insertInto('pipeline')
      .values({ module_id: moduleId, name, data_table_id: dataTableId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('seedDemoOperations', () => {
  it('creates both tables with their physical tables, duplicate checks and the recon, once', async () => {
    const first = await seedDemoOperations(t.db, [moduleId, secondModule]);
    const again = await seedDemoOperations(t.db, [moduleId, secondModule]);
    expect(again).toEqual(first);
    const tables = await t.db
      .selectFrom('data_table')
      .select(['id', 'name', 'module_id', 'table_name'])
      .orderBy('name')
      .execute();
    expect(tables.map((x) => [x.name, x.module_id])).toEqual([
      ['bank_statement', moduleId],
      ['pg_settlement', moduleId],
    ]);
    const bankColumns = await catalogColumns(t.db, `m${moduleId}_bank_statement`);
    expect(bankColumns.filter((c) => !c.name.startsWith('_')).map((c) => [c.name, c.type])).toEqual([
      ['reference', 'text'],
      ['value_date', 'date'],
      ['narration', 'text'],
      ['debit_credit', 'text'],
      ['amount', 'numeric'],
      ['balance', 'numeric'],
      ['utr', 'text'],
    ]);
    const pgColumns = await catalogColumns(t.db, `m${moduleId}_pg_settlement`);
    expect(pgColumns.find((c) => c.name === 'net_amount')?.type).toBe('numeric');
    expect(pgColumns.find((c) => c.name === 'txn_date')?.type).toBe('timestamp without time zone');
    const checks = await t.db
      .selectFrom('duplicate_check_config as d')
      .innerJoin('data_table as x', 'x.id', 'd.data_table_id')
      .select(['x.name', 'd.column_names'])
      .orderBy('x.name')
      .execute();
    expect(checks).toEqual([
      { name: 'bank_statement', column_names: ['reference', 'value_date', 'amount'] },
      { name: 'pg_settlement', column_names: ['txn_id'] },
    ]);
    const recons = await t.db.selectFrom('recon').select(['id', 'name', 'module_id']).execute();
    expect(recons).toEqual([{ id: first?.reconId, name: DEMO_RECON_NAME, module_id: moduleId }]);
  });

  it('answers null without a module', async () => {
    expect(await seedDemoOperations(t.db, [])).toBeNull();
  });
});

describe('seedDemoDataSources', () => {
  it('creates side A (bank) and side B (gateway) with their data elements, once', async () => {
    const ops = await seedDemoOperations(t.db, [moduleId]);
    if (!ops) throw new Error('demo operations were not seeded');
    const input = {
      ...ops,
      bankPipelineId: await pipeline('Bank statement upload', ops.bankTableId),
      pgPipelineId: await pipeline('Gateway settlement upload', ops.pgTableId),
    };
    const first = await seedDemoDataSources(t.db, input);
    expect(await seedDemoDataSources(t.db, input)).toEqual(first);
    const sources = await t.db
      .selectFrom('data_source')
      .select(['id', 'name', 'sequence', 'recon_id', 'max_invalid_record', 'max_invalid_unit'])
      .orderBy('sequence')
      .execute();
    expect(sources).toEqual([
      {
        id: first.bankDataSourceId,
        name: 'Bank Statement',
        sequence: 1,
        recon_id: ops.reconId,
        max_invalid_record: '5.0000',
        max_invalid_unit: 'PERCENTAGE',
      },
      {
        id: first.pgDataSourceId,
        name: 'Gateway Settlement',
        sequence: 2,
        recon_id: ops.reconId,
        max_invalid_record: '5.0000',
        max_invalid_unit: 'PERCENTAGE',
      },
    ]);
    const elements = await t.db
      .selectFrom('data_element')
      .select(['name', 'type', 'sequence'])
      .where('data_source_id', '=', first.pgDataSourceId)
      .orderBy('sequence')
      .execute();
    expect(elements).toHaveLength(10);
    expect(elements[5]).toEqual({ name: 'gross_amount', type: 'DOUBLE', sequence: 6 });
  });
});
