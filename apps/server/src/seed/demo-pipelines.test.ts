import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestEnv, fileRow, type IngestEnv, runFiles } from '@/ingest/ingest.test-helpers.ts';
import { addDataSource, addDataTable } from '@/ingest/test-fixtures.ts';
import { seedDemoPipelines } from './demo-pipelines.ts';

const SAMPLES = join(import.meta.dirname, '..', '..', '..', '..', 'demo', 'samples');
let env: IngestEnv;
let tables: { bankTableId: number; pgTableId: number };

beforeAll(async () => {
  env = await createIngestEnv();
  const db = env.database.db;
  const bank = await addDataTable(
    db,
    env.moduleId,
    'bank_statement',
    [
      { name: 'reference', dataType: 'VARCHAR', isMoney: false },
      { name: 'value_date', dataType: 'DATE', isMoney: false },
      { name: 'narration', dataType: 'VARCHAR', isMoney: false },
      { name: 'debit_credit', dataType: 'VARCHAR', isMoney: false },
      { name: 'amount', dataType: 'DOUBLE', isMoney: true },
      { name: 'balance', dataType: 'DOUBLE', isMoney: true },
      { name: 'utr', dataType: 'VARCHAR', isMoney: false },
    ],
    ['reference', 'value_date', 'amount'],
  );
  const pg = await addDataTable(
    db,
    env.moduleId,
    'pg_settlement',
    [
      { name: 'txn_id', dataType: 'VARCHAR', isMoney: false },
      { name: 'order_id', dataType: 'VARCHAR', isMoney: false },
      { name: 'utr', dataType: 'VARCHAR', isMoney: false },
      { name: 'txn_date', dataType: 'DATETIME', isMoney: false },
      { name: 'settlement_date', dataType: 'DATE', isMoney: false },
      { name: 'gross_amount', dataType: 'DOUBLE', isMoney: true },
      { name: 'fee', dataType: 'DOUBLE', isMoney: true },
      { name: 'tax', dataType: 'DOUBLE', isMoney: true },
      { name: 'net_amount', dataType: 'DOUBLE', isMoney: true },
      { name: 'status', dataType: 'VARCHAR', isMoney: false },
    ],
    ['txn_id'],
  );
  tables = { bankTableId: bank.id, pgTableId: pg.id };
});
afterAll(async () => {
  await env?.close();
});

describe('seedDemoPipelines', () => {
  it('creates the two FILE pipelines with configs once, answering the same ids again', async () => {
    const first = await seedDemoPipelines(env.database.db, { moduleId: env.moduleId, ...tables });
    const again = await seedDemoPipelines(env.database.db, { moduleId: env.moduleId, ...tables });
    expect(again).toEqual(first);
    const pipelines = await env.database.db
      .selectFrom('pipeline')
      .innerJoin('file_upload_config as c', 'c.pipeline_id', 'pipeline.id')
      .select(['pipeline.name', 'pipeline.source', 'c.file_kind'])
      .where('pipeline.module_id', '=', env.moduleId)
      .orderBy('pipeline.name')
      .execute();
    expect(pipelines).toEqual([
      { name: 'Bank Statement Upload', source: 'FILE', file_kind: 'csv' },
      { name: 'PG Settlement Upload', source: 'FILE', file_kind: 'csv' },
    ]);
  });

  it('loads the committed sample files within the demo limits, with their invalid and duplicate rows', async () => {
    const ids = await seedDemoPipelines(env.database.db, { moduleId: env.moduleId, ...tables });
    const limits = {
      invalid: { value: '5', unit: 'PERCENTAGE' as const },
      duplicate: { value: '100', unit: 'COUNT' as const },
    };
    await addDataSource(env.database.db, env.moduleId, ids.bankPipelineId, tables.bankTableId, limits, 'Bank');
    await addDataSource(env.database.db, env.moduleId, ids.pgPipelineId, tables.pgTableId, limits, 'Gateway');
    for (const [pipelineId, name] of [
      [ids.bankPipelineId, 'bank_statement.csv'],
      [ids.pgPipelineId, 'pg_settlement.csv'],
    ] as const) {
      const out = await runFiles(env, pipelineId, [{ name, content: readFileSync(join(SAMPLES, name)) }]);
      expect(out.error).toBeNull();
      const f = await fileRow(env, out.fileIds[0] as number);
      expect(f.status).toBe('FINISHED');
      expect(f.total_rows).toBeGreaterThan(2000);
      expect(f.invalid_rows).toBeGreaterThan(0);
      expect(f.duplicate_rows).toBeGreaterThan(0);
    }
  });
});
