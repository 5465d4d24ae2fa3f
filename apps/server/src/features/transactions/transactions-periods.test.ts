import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows } from '@/testing/recon-fixtures.ts';
import { addModule, addUser, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';
import { addRoleWith, bankVsGateway, getTransactions, type Scenario } from './transactions.fixtures.ts';

/**
 * Find=Periods (issue 12): the days of a recon's latest run and of each side's latest file, which the Recon
 * section offers as its period presets.
 */

let t: TestApp;
let operator: Session;
let noTransactions: Session;
let moduleA: number;
let moduleB: number;
let s: Scenario;
let empty: Scenario;

/** A job execution of the module (its job made on the way). */
async function addExecution(moduleId: number): Promise<number> {
  const db = t.database.db;
  const job = await db
    .insertInto('job')
    .values({ module_id: moduleId, name: `Periods job ${Date.now() % 1_000_000}`, additional_settings: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const execution = await db
    .insertInto('job_execution')
    .values({ module_id: moduleId, job_id: job.id, status: 'COMPLETED', params: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return execution.id;
}

/** A loaded file of a side, by a job execution (or uploaded alone), with its rows. */
async function loadFile(
  side: 'A' | 'B',
  f: { name: string; executionId: number | null; status?: string; rows: Record<string, unknown>[] },
): Promise<number> {
  const file = await t.database.db
    .insertInto('uploaded_file')
    .values({
      module_id: moduleA,
      pipeline_id: s.f.sides[side].pipelineId,
      job_execution_id: f.executionId,
      original_name: f.name,
      stored_path: '/dev/null',
      size_bytes: 10,
      content_sha256: `${f.name}-sha`,
      status: f.status ?? 'FINISHED',
      upload_status: 'VALID',
      valid_rows: f.rows.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertRows(
    t,
    s.f.sides[side].table,
    f.rows.map((r) => ({ ...r, _file_id: file.id })),
  );
  return file.id;
}

const bank = (reference: string, valueDate: string, postedAt: string | null = null) => ({
  reference,
  value_date: valueDate,
  posted_at: postedAt,
  amount: '10.0000',
  narration: null,
});
const gateway = (utr: string, txnDate: string) => ({ utr, txn_date: txnDate, net_amount: '10.0000' });

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Periods A');
  moduleB = await addModule(t, 'Periods B');
  await addUser(t, { userName: 'period-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA, moduleB] });
  await addRoleWith(t, 'ROLE_PERIOD_NONE', ['dataSources']);
  await addUser(t, { userName: 'period-none', roles: ['ROLE_PERIOD_NONE'], moduleIds: [moduleA] });
  operator = await signIn(t, 'period-operator');
  noTransactions = await signIn(t, 'period-none');
  s = await bankVsGateway(t, moduleA, 'periods');
  empty = await bankVsGateway(t, moduleB, 'periodsempty');

  // An older run: both sides in September.
  const older = await addExecution(moduleA);
  await loadFile('A', { name: 'bank_sep.csv', executionId: older, rows: [bank('S1', '2026-09-01')] });
  await loadFile('B', { name: 'pg_sep.csv', executionId: older, rows: [gateway('S1', '2026-09-03')] });
  // The latest run: side A 10–12 Nov, side B 11–14 Nov.
  const latest = await addExecution(moduleA);
  await loadFile('A', {
    name: 'bank_nov.csv',
    executionId: latest,
    rows: [bank('N1', '2026-11-10', '2026-11-09 10:00:00'), bank('N2', '2026-11-12', '2026-11-12 09:00:00')],
  });
  await loadFile('B', {
    name: 'pg_nov.csv',
    executionId: latest,
    rows: [gateway('N1', '2026-11-11'), gateway('N2', '2026-11-14')],
  });
  // After the run: a side B file uploaded alone (no run yet), and a rolled-back one, which never counts.
  await loadFile('B', { name: 'pg_late.csv', executionId: null, rows: [gateway('L1', '2026-11-20')] });
  const rolledBack = await addExecution(moduleA);
  await loadFile('A', {
    name: 'bank_undone.csv',
    executionId: rolledBack,
    status: 'ROLLED_BACK',
    rows: [bank('U1', '2026-12-25')],
  });
});
afterAll(() => t.close());

const periods = (session: Session, moduleId: number, reconId: number) =>
  getTransactions(t, session, moduleId, `Find=Periods&reconId=${reconId}`);

describe('GET /v2/transactions?Find=Periods', () => {
  it("spans the days of the latest run's rows on both sides, and of each side's latest file", async () => {
    const res = await periods(operator, moduleA, s.f.reconId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      latestRun: { fromDate: '2026-11-10', toDate: '2026-11-14', jobExecutionId: expect.any(Number) },
      // Side A's latest file is still November's (the rolled-back one does not count); side B's is pg_late.csv.
      wholeFile: { fromDate: '2026-11-10', toDate: '2026-11-20', fileNames: ['bank_nov.csv', 'pg_late.csv'] },
    });
  });

  it('reads the days on the date column asked for, on each side that has it (the default one elsewhere)', async () => {
    const res = await getTransactions(t, operator, moduleA, `Find=Periods&reconId=${s.f.reconId}&dateColumn=posted_at`);
    expect(res.statusCode).toBe(200);
    // Side A's posted_at (9–12 Nov) with side B's txn_date (11–14 Nov).
    expect(res.json().latestRun).toMatchObject({ fromDate: '2026-11-09', toDate: '2026-11-14' });
  });

  it('answers nothing for a recon with nothing loaded from files', async () => {
    const res = await periods(operator, moduleB, empty.f.reconId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ latestRun: null, wholeFile: null });
  });

  it("answers 404 for another module's recon, 400 without a recon, 403 without a transactions privilege", async () => {
    expect((await periods(operator, moduleB, s.f.reconId)).statusCode).toBe(404);
    expect((await getTransactions(t, operator, moduleA, 'Find=Periods')).statusCode).toBe(400);
    expect((await periods(noTransactions, moduleA, s.f.reconId)).statusCode).toBe(403);
  });
});
