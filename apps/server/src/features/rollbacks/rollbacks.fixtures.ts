import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { testConfig } from '@/config.ts';
import { addFileConfig, addStoredFile, workerContext } from '@/ingest/test-fixtures.ts';
import { runPipelineActivity } from '@/jobs/activities/pipeline.ts';
import { runReconActivity } from '@/jobs/activities/recon.ts';
import type { ActivityRun } from '@/jobs/activity.ts';
import { addReconFixture, addRules, matchOn, type ReconFixture } from '@/testing/recon-fixtures.ts';
import { call, type Session, type TestApp, uniqueName } from '@/testing/test-app.ts';

/**
 * Executions that really load files and run a recon (the PIPE_LINE and RECON activity handlers on real files),
 * so a rollback is checked against what the product writes, not against rows a test inserted.
 */

const COLUMNS = [
  { name: 'ref', dataType: 'VARCHAR' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
];

export type RollbackEnv = {
  f: ReconFixture;
  moduleId: number;
  dataDir: string;
};

/** A recon of bank (A) and gateway (B) by reference and amount, each side loaded by a FILE pipeline. */
export async function addRollbackRecon(t: TestApp, moduleId: number, options: { duplicateKeyA?: boolean } = {}) {
  const f = await addReconFixture(t, moduleId, {
    A: { columns: COLUMNS, rows: [] },
    B: { columns: COLUMNS, rows: [] },
  });
  for (const side of ['A', 'B'] as const) {
    await addFileConfig(t.database.db, f.sides[side].pipelineId, [
      { fileColumn: 'ref', dataType: 'VARCHAR' },
      { fileColumn: 'amount', dataType: 'DOUBLE' },
    ]);
  }
  // Files with invalid or duplicate rows load (within 100 % of the file): the tests roll such files back.
  await t.database.db
    .updateTable('data_source')
    .set({
      max_invalid_record: '100',
      max_invalid_unit: 'PERCENTAGE',
      max_duplicate_record: '100',
      max_duplicate_unit: 'PERCENTAGE',
    })
    .where('recon_id', '=', f.reconId)
    .execute();
  if (options.duplicateKeyA) {
    await t.database.db
      .insertInto('duplicate_check_config')
      .values({ data_table_id: f.sides.A.dataTableId, column_names: ['ref'] })
      .execute();
  }
  await addRules(t, moduleId, f, [
    {
      name: 'Reference and amount',
      ruleType: 'RECONCILED',
      conditions: [matchOn(f, 1, 'ref', 'ref'), matchOn(f, 2, 'amount', 'amount')],
    },
  ]);
  const dataDir = mkdtempSync(join(tmpdir(), 'recon-rollback-'));
  return { f, moduleId, dataDir } satisfies RollbackEnv;
}

export type ExecutionFiles = { A?: string; B?: string; recon?: boolean };

/**
 * A job execution as the runner makes it: a job with a PIPE_LINE activity per side given and a RECON activity,
 * the files attached, each activity run by its real handler in order; the run ends COMPLETED (or
 * PARTIALLY_COMPLETED with invalid rows). Answers the execution id and its file ids.
 */
export async function runExecution(
  t: TestApp,
  env: RollbackEnv,
  files: ExecutionFiles,
  startedBy: number | null = null,
) {
  const db = t.database.db;
  const ctx = workerContext(db, testConfig({ dataDir: env.dataDir }));
  const sides = (['A', 'B'] as const).filter((s) => files[s] !== undefined);
  const job = await db
    .insertInto('job')
    .values({ module_id: env.moduleId, name: uniqueName('Rollback job').slice(0, 50), additional_settings: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const activities = [
    ...sides.map((s) => ({ type: 'PIPE_LINE', typeId: env.f.sides[s].pipelineId })),
    ...(files.recon === false ? [] : [{ type: 'RECON', typeId: env.f.reconId }]),
  ];
  const execution = await db
    .insertInto('job_execution')
    .values({ module_id: env.moduleId, job_id: job.id, status: 'RUNNING', params: '{}', created_by: startedBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fileIds: Record<string, number> = {};
  let status = 'COMPLETED';
  for (const [i, a] of activities.entries()) {
    const { id: activityId } = await db
      .insertInto('job_activity')
      .values({ job_id: job.id, sequence: i + 1, type: a.type, type_id: a.typeId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: activityExecutionId } = await db
      .insertInto('activity_execution')
      .values({
        job_execution_id: execution.id,
        job_activity_id: activityId,
        sequence: i + 1,
        type: a.type,
        type_id: a.typeId,
        status: 'RUNNING',
        counts: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const side = sides.find((s) => env.f.sides[s].pipelineId === a.typeId && a.type === 'PIPE_LINE');
    if (side) {
      fileIds[side] = await addStoredFile(db, env.dataDir, {
        moduleId: env.moduleId,
        pipelineId: a.typeId,
        name: `${side.toLowerCase()}-${execution.id}.csv`,
        content: files[side] as string,
        jobExecutionId: execution.id,
      });
    }
    const run: ActivityRun = {
      jobExecutionId: execution.id,
      activityExecutionId,
      moduleId: env.moduleId,
      jobId: job.id,
      type: a.type,
      typeId: a.typeId,
      attempt: 1,
      params: {},
      configuration: null,
    };
    const result = a.type === 'RECON' ? await runReconActivity(ctx, run) : await runPipelineActivity(ctx, run);
    if (result.status === 'PARTIALLY_COMPLETED') status = 'PARTIALLY_COMPLETED';
    await db
      .updateTable('activity_execution')
      .set({ status: result.status, counts: JSON.stringify(result.counts) })
      .where('id', '=', activityExecutionId)
      .execute();
  }
  await db
    .updateTable('job_execution')
    .set({ status, started_at: new Date(), finished_at: new Date() })
    .where('id', '=', execution.id)
    .execute();
  return { executionId: execution.id, fileIds };
}

/**
 * Every row of every physical table of the module (data, state, invalid, history), in primary-key order, as
 * PostgreSQL prints it: two snapshots are equal only when the tables are byte for byte the same.
 */
export async function snapshotTables(t: TestApp, moduleId: number): Promise<Record<string, string>> {
  const tables = await t.database.pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'recon_data' AND table_name LIKE $1 ORDER BY table_name`,
    [`m${moduleId}\\_%`],
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const order = name.endsWith('_history') ? '_history_at, _id' : '_id';
    const r = await t.database.pool.query<{ rows: string | null }>(
      `SELECT string_agg(x::text, E'\\n' ORDER BY ${order}) AS rows FROM recon_data."${name}" x`,
    );
    out[name] = r.rows[0]?.rows ?? '';
  }
  return out;
}

export const csv = (rows: [string, string][]) => `ref,amount\n${rows.map((r) => r.join(',')).join('\n')}\n`;

/** Requests the rollback of an execution through the API. */
export const requestRollback = (t: TestApp, s: Session, moduleId: number, executionId: number) =>
  call(t, s, {
    method: 'PUT',
    url: `/web/v2/executionrollbacks?Operation=RetryFailedJob&jobExecution=${executionId}`,
    moduleId,
  });

/** Polls a rollback until it is no longer queued or ongoing; answers its detail. */
export async function waitForRollback(t: TestApp, s: Session, moduleId: number, rollbackId: number) {
  for (let i = 0; i < 200; i++) {
    const res = await call(t, s, { method: 'GET', url: `/web/v2/executionrollbacks/${rollbackId}`, moduleId });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    if (detail.status !== 'QUEUED' && detail.status !== 'ONGOING') return detail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`rollback ${rollbackId} did not finish`);
}

/** Requests a rollback and waits for its outcome. */
export async function rollBack(t: TestApp, s: Session, moduleId: number, executionId: number) {
  const res = await requestRollback(t, s, moduleId, executionId);
  expect(res.statusCode, res.body).toBe(200);
  return waitForRollback(t, s, moduleId, res.json().rollbackId);
}
