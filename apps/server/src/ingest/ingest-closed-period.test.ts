import { closedPeriodRefusal } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFilePipeline, createIngestEnv, fileRow, type IngestEnv, rowsOf, runFiles } from './ingest.test-helpers.ts';

let env: IngestEnv;
beforeAll(async () => {
  env = await createIngestEnv();
});
afterAll(async () => {
  await env?.close();
});

const columns = [
  { name: 'reference', dataType: 'VARCHAR', isMoney: false },
  { name: 'value_date', dataType: 'DATE', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
] as const;
const mappings = [
  { fileColumn: 'ref', tableColumn: 'reference' },
  { fileColumn: 'date', tableColumn: 'value_date', dateFormat: 'DD-MM-YYYY' },
  { fileColumn: 'amount', tableColumn: 'amount' },
] as const;

describe('a load into a table whose books are closed (decision 0035)', () => {
  it('refuses a file with a row dated inside the closed period, whole, and loads one dated after it', async () => {
    const p = await addFilePipeline(env, { columns, mappings, limits: {} });
    const db = env.database.db;
    const ds = await db
      .selectFrom('data_source')
      .select(['id', 'name'])
      .where('pipeline_id', '=', p.pipelineId)
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('app_user')
      .values({ user_name: `gl-closer-${Date.now()}`, created_at: new Date(), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gl = await db
      .insertInto('gl_config')
      .values({ module_id: env.moduleId, gl_name: 'Closed GL', closed_until: '2026-10-31', created_by: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await db
      .insertInto('gl_config_item')
      .values({ gl_config_id: gl.id, name: 'Bank', side: 'DEBIT', sequence: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('gl_config_item_source')
      .values({ gl_config_item_id: item.id, data_source_id: ds.id, amount_column: 'amount', sequence: 1 })
      .execute();

    const inside = await runFiles(env, p.pipelineId, [
      { name: 'late.csv', content: 'ref,date,amount\nA1,01-11-2026,10.00\nA2,31-10-2026,20.00\n' },
    ]);
    const refused = await fileRow(env, inside.fileIds[0] as number);
    expect(refused).toMatchObject({ status: 'INVALID', error_message: closedPeriodRefusal(ds.name, '2026-10-31') });
    expect(await rowsOf(env, p.table.table)).toEqual([]);

    const after = await runFiles(env, p.pipelineId, [
      { name: 'november.csv', content: 'ref,date,amount\nA1,01-11-2026,10.00\n' },
    ]);
    expect(await fileRow(env, after.fileIds[0] as number)).toMatchObject({ status: 'FINISHED' });
    expect((await rowsOf(env, p.table.table)).map((r) => r.reference)).toEqual(['A1']);
  });
});
