import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statesOf } from '@/testing/recon-fixtures.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';
import { addRollbackRecon, csv, rollBack, runExecution, snapshotTables } from './rollbacks.fixtures.ts';

let t: TestApp;
let admin: Session;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Rollback exact');
  await addUser(t, { userName: 'rb-exact-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'rb-exact-admin');
});
afterAll(() => t.close());

/** Rows of a table that a set of files loaded. */
async function rowsOfFiles(table: string, fileIds: number[]) {
  const r = await t.database.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE _file_id = ANY($1::bigint[])`, [
    fileIds,
  ]);
  return r.rows[0].n as number;
}

describe('rollback of an execution that loaded two files and ran a recon', () => {
  it('removes every row it loaded and restores the tables byte for byte', async () => {
    const env = await addRollbackRecon(t, moduleId, { duplicateKeyA: true });
    const { f } = env;
    // Before: an earlier execution loaded both sides and matched R1; R2 and R3 (A) and R9 (B) stay open.
    await runExecution(t, env, {
      A: csv([
        ['R1', '100.00'],
        ['R2', '200.00'],
        ['R3', '300.00'],
      ]),
      B: csv([
        ['R1', '100.00'],
        ['R9', '900.00'],
      ]),
    });
    const before = await snapshotTables(t, moduleId);
    const openBefore = await statesOf(t, f, 'A');

    // The execution rolled back: a file per side — with an invalid row and a duplicate — and a recon run that
    // matches its own rows (R5) and rows of the earlier execution (R2 on A, R9 on B).
    const e1 = await runExecution(t, env, {
      A: csv([
        ['R5', '500.00'],
        ['R9', '900.00'],
        ['R6', 'not a number'],
        ['R5', '500.00'],
      ]),
      B: csv([
        ['R2', '200.00'],
        ['R5', '500.00'],
        ['R7', '700.00'],
      ]),
    });
    const during = await statesOf(t, f, 'A');
    expect(during.filter((r) => r.status === 'RECONCILED')).toHaveLength(4);
    expect(during.map((r) => r.status)).toContain('DUPLICATE');
    expect(await rowsOfFiles(`${f.sides.A.table.replace(/"$/, '_invalid"')}`, [e1.fileIds.A as number])).toBe(1);

    const impact = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/jobexecutions/${e1.executionId}/rollback_impact`,
      moduleId,
    });
    expect(impact.statusCode, impact.body).toBe(200);
    expect(impact.json()).toMatchObject({
      jobExecutionId: e1.executionId,
      status: 'PARTIALLY_COMPLETED',
      canRollBack: true,
      blockedReason: null,
      tables: [
        {
          pipelineId: f.sides.B.pipelineId,
          rows: 3,
          invalidRows: 0,
          files: [{ id: e1.fileIds.B, status: 'FINISHED' }],
        },
        {
          pipelineId: f.sides.A.pipelineId,
          rows: 3,
          invalidRows: 1,
          files: [{ id: e1.fileIds.A, status: 'FINISHED' }],
        },
      ],
      reconRuns: [{ kind: 'ENGINE', kindLabel: 'Recon run', rowsClosed: 6, statesRestored: 0 }],
      dependencies: [],
      blockingExecutions: [],
      rollbackId: null,
    });

    const done = await rollBack(t, admin, moduleId, e1.executionId);
    expect(done).toMatchObject({
      status: 'ROLLBACK_FINISHED',
      statusLabel: 'Rollback Finished',
      executedBy: 'rb-exact-admin',
    });
    expect(done.records.map((r: { entityKind: string; status: string }) => [r.entityKind, r.status])).toEqual([
      ['recon', 'ROLLBACK_FINISHED'],
      ['pipeline', 'ROLLBACK_FINISHED'],
      ['pipeline', 'ROLLBACK_FINISHED'],
      ['job_history', 'ROLLBACK_FINISHED'],
    ]);
    expect(done.records[0].counts).toEqual({ stateRowsRemoved: 6, statesRestored: 0 });
    expect(done.records[1].counts).toEqual({ rows: 3, invalidRows: 0, files: 1 });
    expect(done.records[2].counts).toEqual({ rows: 3, invalidRows: 1, files: 1 });

    expect(await snapshotTables(t, moduleId)).toEqual(before);
    expect(await statesOf(t, f, 'A')).toEqual(openBefore);
    for (const side of ['A', 'B'] as const) {
      expect(await rowsOfFiles(f.sides[side].table, [e1.fileIds[side] as number])).toBe(0);
    }
    const files = await t.database.db
      .selectFrom('uploaded_file')
      .select(['id', 'status'])
      .where('job_execution_id', '=', e1.executionId)
      .execute();
    expect(files.map((x) => x.status)).toEqual(['ROLLED_BACK', 'ROLLED_BACK']);
    const execution = await t.database.db
      .selectFrom('job_execution')
      .select('status')
      .where('id', '=', e1.executionId)
      .executeTakeFirstOrThrow();
    expect(execution.status).toBe('ROLLED_BACK');
    const run = await t.database.db
      .selectFrom('recon_run')
      .select(['status', 'rolled_back_by'])
      .where('job_execution_id', '=', e1.executionId)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ status: 'ROLLED_BACK', rolled_back_by: admin.userId });
    const finished = (await auditRows(t, 'ROLLBACK_FINISHED')).filter((a) => a.entity_id === String(done.rollbackId));
    expect(finished).toHaveLength(1);
  });

  it('rolls back a manual action on its rows first, restoring the journaled states exactly', async () => {
    const env = await addRollbackRecon(t, moduleId);
    const { f } = env;
    await runExecution(t, env, { A: csv([['R2', '200.00']]), B: csv([['R8', '800.00']]) });
    const before = await snapshotTables(t, moduleId);
    const e1 = await runExecution(t, env, { B: csv([['R2', '200.00']]) });
    const matched = (await statesOf(t, f, 'A')).find((r) => r.status === 'RECONCILED');
    // Someone unmatches the group the execution's recon run formed (a journaled action of no execution).
    const { unmatchRun } = await unmatchGroup(f.reconId, matched?.matchId as number, [f.sides.A, f.sides.B]);

    const impact = (
      await call(t, admin, { method: 'GET', url: `/web/v2/jobexecutions/${e1.executionId}/rollback_impact`, moduleId })
    ).json();
    expect(impact.canRollBack).toBe(true);
    expect(impact.dependencies).toEqual([
      expect.objectContaining({
        runId: unmatchRun,
        kind: 'UNMATCH',
        jobExecutionId: null,
        isBlocking: false,
        reason: 'CLOSED_LOADED_ROWS',
        status: 'DEPENDENCY_EXPLORED',
      }),
    ]);

    const done = await rollBack(t, admin, moduleId, e1.executionId);
    expect(done.status).toBe('ROLLBACK_FINISHED');
    expect(done.records.map((r: { reconRunId: number | null }) => r.reconRunId).slice(0, 2)).toEqual([
      unmatchRun,
      expect.any(Number),
    ]);
    expect(done.dependencies).toEqual([
      expect.objectContaining({ runId: unmatchRun, status: 'ROLLBACK_FINISHED', statusLabel: 'Rolled Back' }),
    ]);
    expect(await snapshotTables(t, moduleId)).toEqual(before);
  });
});

/** An UNMATCH action as the Transactions feature records it: a run of its kind, the group's states journaled, then removed. */
async function unmatchGroup(reconId: number, matchId: number, sides: { dataSourceId: number; stateTable: string }[]) {
  const db = t.database.db;
  const { id: runId } = await db
    .insertInto('recon_run')
    .values({
      module_id: moduleId,
      recon_id: reconId,
      kind: 'UNMATCH',
      status: 'COMPLETED',
      started_by: admin.userId,
      summary: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const s of sides) {
    await t.database.pool.query(
      `INSERT INTO recon_journal (run_id, data_source_id, row_id, old_state, new_state)
       SELECT $1, $2, s._id, to_jsonb(s) - '_id', NULL FROM ${s.stateTable} s WHERE s.match_id = $3`,
      [runId, s.dataSourceId, matchId],
    );
    await t.database.pool.query(`DELETE FROM ${s.stateTable} WHERE match_id = $1`, [matchId]);
  }
  return { unmatchRun: runId };
}
