import { spawnSync } from 'node:child_process';
import { MAINTENANCE_ROLE, sealAuditLog, verifyAuditChain } from '@recon/db';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture } from '@/features/data-sources/data-sources.fixtures.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

/** Issue 11.2, decision 0014: the audit trail cannot be rewritten by the role the server runs as. */

let t: TestApp;
let admin: Session;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Audit trail');
  await addUser(t, { userName: 'at-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'at-admin');
  // Real activity, each step audited: sign-ins, a data table and a recon made through the API, a module change.
  await call(t, null, { method: 'POST', url: '/web/v2/login', payload: { userName: 'at-admin', password: 'wrong' } });
  await makeFixture(t, admin, moduleId);
  const renamed = await call(t, admin, {
    method: 'PUT',
    url: `/web/v2/modules/${moduleId}`,
    payload: { id: moduleId, name: 'Audit trail renamed', status: 'ACTIVE' },
  });
  expect(renamed.statusCode).toBe(200);
});
afterAll(() => t.close());

/** The verify command as an operator runs it, against this test's database. */
function runVerify(): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/audit-verify.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, DATABASE_URL: t.database.url, TSX_TSCONFIG_PATH: 'tsconfig.json', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('the server’s database role', () => {
  it('is an ordinary role, not the superuser the embedded cluster starts with', async () => {
    const me = await sql<{ user: string; rolsuper: boolean; owns_audit_log: boolean }>`
      SELECT current_user AS user, r.rolsuper,
             (SELECT tableowner FROM pg_tables WHERE tablename = 'audit_log') = current_user AS owns_audit_log
        FROM pg_roles r WHERE r.rolname = current_user`.execute(t.database.db);
    expect(me.rows).toEqual([{ user: 'recon_app', rolsuper: false, owns_audit_log: false }]);
  });

  it('is refused UPDATE, DELETE and TRUNCATE on audit_log, and its INSERT works', async () => {
    const attempts = [
      sql`UPDATE audit_log SET outcome = 'SUCCESS' WHERE outcome = 'FAILURE'`,
      sql`DELETE FROM audit_log`,
      sql`TRUNCATE audit_log`,
    ];
    const refused: string[] = [];
    for (const attempt of attempts) {
      await attempt.execute(t.database.db).then(
        () => undefined,
        (err: Error) => refused.push(err.message),
      );
    }
    expect(refused).toHaveLength(3);
    for (const message of refused) expect(message).toMatch(/permission denied for table audit_log/);
    const failures = await t.database.db
      .selectFrom('audit_log')
      .select('event')
      .where('outcome', '=', 'FAILURE')
      .execute();
    expect(failures.length).toBeGreaterThan(0);
  });
});

describe('the audit chain after real activity', () => {
  it('seals every row, verifies, and the verify command reports it intact', async () => {
    await sealAuditLog(t.database.db);
    const total = Number(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const events = (await t.database.db.selectFrom('audit_log').select('event').execute()).map((r) => r.event);
    expect(events).toEqual(expect.arrayContaining(['LOGIN_SUCCESS', 'LOGIN_FAILURE', 'MODULE_UPDATED']));
    expect(total).toBe(events.length);
    expect(await verifyAuditChain(t.database.db)).toEqual({ rows: total, firstSeq: 1, broken: null });
    const verify = runVerify();
    expect(verify.status, verify.out).toBe(0);
    expect(verify.out).toContain(`audit chain intact: ${total} rows`);
  });

  it('names the first row changed behind the app’s back, and the command exits 1', async () => {
    await sealAuditLog(t.database.db);
    const target = await t.database.db
      .selectFrom('audit_log')
      .select(['id', 'seq'])
      .where('event', '=', 'LOGIN_FAILURE')
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    // Who can still change a row: the maintenance role (retention), here playing the attacker.
    const maintenance = new pg.Client({ connectionString: t.database.ownerUrl });
    await maintenance.connect();
    try {
      await maintenance.query(`SET ROLE ${MAINTENANCE_ROLE}`);
      await maintenance.query("UPDATE audit_log SET event = 'LOGIN_SUCCESS', outcome = 'SUCCESS' WHERE id = $1", [
        target.id,
      ]);
    } finally {
      await maintenance.end();
    }
    const report = await verifyAuditChain(t.database.db);
    expect(report.broken).toMatchObject({ rowId: target.id, seq: target.seq, problem: 'content' });
    const verify = runVerify();
    expect(verify.status, verify.out).toBe(1);
    expect(verify.out).toContain(`audit chain broken: audit row ${target.id} (position ${target.seq})`);
  });
});
