import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config.ts';
import { startTestWorker, waitForStatus } from '@/testing/job-fixtures.ts';
import { multipartBody } from '@/testing/multipart.ts';
import { call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';
import { seedDemoWorkspace } from './demo.ts';
import { DEMO_JOB_NAME } from './demo-jobs.ts';
import { DEMO_PASSWORD } from './seed.ts';

/**
 * The issue's demo promise: after the first run of the demo job on the sample files, every status DOMAIN.md lists
 * is there to see. The job runs as a person runs it: both samples uploaded, MANUAL_JOB_EXEC, the worker loads
 * them and runs the recon.
 */

const SAMPLES = join(import.meta.dirname, '..', '..', '..', '..', 'demo', 'samples');
const EVERY_STATUS = [
  'RECONCILED',
  'RELAX_MATCH',
  'PROPOSE_MATCH',
  'SAME_SIDE_REVERSAL',
  'LATE_REVERSAL',
  'DUPLICATE_MATCH',
  'PARTIAL_RECONCILED',
  'KNOCK_OFF',
  'UNRECONCILED',
];

let t: TestApp;
let dataDir: string;
let admin: Session;
let moduleId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recon-demo-statuses-'));
  t = await createTestApp({ dataDir });
  await seedDemoWorkspace(t.database.db);
  admin = await signIn(t, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function upload(pipelineId: number, file: string): Promise<number> {
  const { payload, headers } = multipartBody([{ name: file, content: await readFile(join(SAMPLES, file)) }]);
  const res = await call(t, admin, {
    method: 'POST',
    url: `/web/v2/pipelines/${pipelineId}/files`,
    payload,
    headers,
    moduleId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0].fileId as number;
}

/** The state table of the demo data source reading a data table (decision 0011: state is per data source). */
async function stateOf(tableName: string): Promise<string> {
  const r = await sql<{ state_table_name: string }>`
    SELECT ds.state_table_name FROM data_source ds JOIN data_table t ON t.id = ds.data_table_id
    WHERE t.table_name = ${tableName}`.execute(t.database.db);
  if (r.rows.length !== 1) throw new Error(`expected one data source on ${tableName}`);
  return (r.rows[0] as { state_table_name: string }).state_table_name;
}

/** Rows per effective status of a data table: its state row's status, else the status it was loaded with. */
async function statusCounts(tableName: string): Promise<Record<string, number>> {
  const rows = await sql<{ status: string; n: number }>`
    SELECT coalesce(s.status, r._recon_status) AS status, count(*)::int AS n
    FROM ${sql.table(`recon_data.${tableName}`)} r
    LEFT JOIN ${sql.table(`recon_data.${await stateOf(tableName)}`)} s ON s._id = r._id
    GROUP BY 1`.execute(t.database.db);
  return Object.fromEntries(rows.rows.map((r) => [r.status, r.n]));
}

describe('the demo job on the sample files', () => {
  it('leaves rows in every status the engine knows, in the groups the sample cases make', async () => {
    const job = await t.database.db
      .selectFrom('job')
      .select(['id', 'module_id'])
      .where('name', '=', DEMO_JOB_NAME)
      .executeTakeFirstOrThrow();
    moduleId = job.module_id;
    const pipelines = await t.database.db
      .selectFrom('pipeline')
      .innerJoin('data_table', 'data_table.id', 'pipeline.data_table_id')
      .select(['pipeline.id', 'pipeline.name', 'data_table.table_name'])
      .where('pipeline.module_id', '=', moduleId)
      .execute();
    const bank = pipelines.find((p) => p.name === 'Bank Statement Upload');
    const pg = pipelines.find((p) => p.name === 'PG Settlement Upload');
    if (!bank || !pg) throw new Error('demo pipelines missing');
    const fileIds = [await upload(bank.id, 'bank_statement.csv'), await upload(pg.id, 'pg_settlement.csv')];

    const run = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/jobs?opertionType=MANUAL_JOB_EXEC',
      payload: { id: job.id, jobExecutionParam: {}, fileIds },
      moduleId,
    });
    expect(run.statusCode, run.body).toBe(200);
    const worker = await startTestWorker(t, { config: testConfig({ dataDir }) });
    try {
      // Partially completed: the samples' invalid rows are set aside, the rest loaded and reconciled.
      expect(await waitForStatus(t, run.json().id, ['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED'], 120_000)).toBe(
        'PARTIALLY_COMPLETED',
      );
      const activities = await t.database.db
        .selectFrom('activity_execution')
        .select('status')
        .where('job_execution_id', '=', run.json().id)
        .execute();
      expect(activities.map((x) => x.status).sort()).toEqual([
        'COMPLETED',
        'PARTIALLY_COMPLETED',
        'PARTIALLY_COMPLETED',
      ]);
    } finally {
      await worker.stop();
    }

    const a = await statusCounts(bank.table_name);
    const b = await statusCounts(pg.table_name);
    const seen = new Set([...Object.keys(a), ...Object.keys(b)]);
    expect(EVERY_STATUS.filter((s) => !seen.has(s))).toEqual([]);
    // The sample cases, as the generator writes them: four settlements reported twice (the second gateway row),
    // four credits returned days later (the bank debit), three batches of 3–5 gateway rows with one bank credit
    // each, the bank charges; the rest of both sides reconciled as pairs.
    expect(b.DUPLICATE_MATCH).toBe(4);
    expect(a.DUPLICATE_MATCH).toBeUndefined();
    expect(a.LATE_REVERSAL).toBe(4);
    expect(a.PARTIAL_RECONCILED).toBe(3);
    expect(b.PARTIAL_RECONCILED).toBeGreaterThanOrEqual(9);
    expect(b.PARTIAL_RECONCILED).toBeLessThanOrEqual(15);
    expect(a.KNOCK_OFF).toBe(5);
    expect(a.SAME_SIDE_REVERSAL).toBeGreaterThan(0);
    expect((a.SAME_SIDE_REVERSAL ?? 1) % 2).toBe(0);
    expect(a.RECONCILED).toBe(b.RECONCILED);
    expect(a.RECONCILED).toBeGreaterThan(2000);

    // A late reversal and a duplicate join the group of the row they follow: one match id with a reconciled pair.
    const bankState = sql.table(`recon_data.${await stateOf(bank.table_name)}`);
    const pgState = sql.table(`recon_data.${await stateOf(pg.table_name)}`);
    const groups = await sql<{ status: string; partners: string[] }>`
      SELECT s.status, array_agg(DISTINCT o.status ORDER BY o.status) AS partners
      FROM ${bankState} s
      JOIN (SELECT match_id, status FROM ${bankState}
            UNION ALL SELECT match_id, status FROM ${pgState}) o
        ON o.match_id = s.match_id
      WHERE s.status = 'LATE_REVERSAL'
      GROUP BY s._id, s.status`.execute(t.database.db);
    expect(groups.rows).toHaveLength(4);
    for (const g of groups.rows) expect(g.partners).toEqual(['LATE_REVERSAL', 'RECONCILED']);
  }, 180_000);
});
