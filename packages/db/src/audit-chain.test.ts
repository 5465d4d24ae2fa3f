import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { APP_ROLE, MAINTENANCE_ROLE } from './app-role.ts';
import { sealAuditLog, verifyAuditChain } from './audit-chain.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const opened: TestDatabase[] = [];
const clients: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end().catch(() => undefined)));
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.drop()));
});

async function database(): Promise<TestDatabase> {
  const d = await createTestDatabase();
  opened.push(d);
  return d;
}

async function connect(url: string | undefined): Promise<pg.Client> {
  if (!url) throw new Error('the test cluster has no app role');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  clients.push(c);
  return c;
}

const insertAudit = (c: pg.Client | pg.Pool, event: string, details: object = {}) =>
  c.query("INSERT INTO audit_log (event, outcome, user_name, details) VALUES ($1, 'SUCCESS', 'alice', $2)", [
    event,
    JSON.stringify(details),
  ]);

/** The error a statement fails with, or undefined when it succeeds. */
async function refusal(c: pg.Client, text: string): Promise<string | undefined> {
  try {
    await c.query(text);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('the app role and audit_log', () => {
  it('lets the app role insert audit rows and refuses its UPDATE, DELETE and TRUNCATE', async () => {
    const d = await database();
    const app = await connect(d.appUrl);
    await insertAudit(app, 'LOGIN');
    const attempts = [
      "UPDATE audit_log SET user_name = 'mallory'",
      'DELETE FROM audit_log',
      'TRUNCATE audit_log',
      'UPDATE audit_log SET seq = NULL, hash = NULL',
    ];
    const refused = await Promise.all(attempts.map((text) => refusal(app, text)));
    expect(
      refused.every((m) => m && /permission denied/.test(m)),
      refused.join('\n'),
    ).toBe(true);
    const rows = await d.pool.query('SELECT event, user_name FROM audit_log');
    expect(rows.rows).toEqual([{ event: 'LOGIN', user_name: 'alice' }]);
  });

  it('runs the app as an ordinary role that owns neither audit_log nor any table of the migrations', async () => {
    const d = await database();
    const app = await connect(d.appUrl);
    const me = await app.query(
      'SELECT current_user AS name, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls FROM pg_roles WHERE rolname = current_user',
    );
    expect(me.rows[0]).toEqual({
      name: APP_ROLE,
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolbypassrls: false,
    });
    const owned = await app.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user",
    );
    expect(owned.rows).toEqual([]);
    // It may not take the trigger off either: only the owner may.
    expect(await refusal(app, 'ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only')).toMatch(/must be owner/);
  });

  it('refuses UPDATE, DELETE and TRUNCATE to the owner as well (the trigger), and lets the maintenance role', async () => {
    const d = await database();
    const owner = await connect(d.ownerUrl);
    await insertAudit(owner, 'LOGIN');
    await insertAudit(owner, 'LOGOUT');
    for (const text of ["UPDATE audit_log SET user_name = 'mallory'", 'DELETE FROM audit_log', 'TRUNCATE audit_log'])
      expect(await refusal(owner, text)).toMatch(/audit_log is append-only/);
    await owner.query(`SET ROLE ${MAINTENANCE_ROLE}`);
    await owner.query("DELETE FROM audit_log WHERE event = 'LOGIN'");
    await owner.query('RESET ROLE');
    const left = await owner.query('SELECT event FROM audit_log');
    expect(left.rows).toEqual([{ event: 'LOGOUT' }]);
  });
});

describe('the audit chain', () => {
  it('seals rows written at once from many connections into one chain that verifies', async () => {
    const d = await database();
    const writers = await Promise.all(Array.from({ length: 8 }, () => connect(d.appUrl)));
    await Promise.all(
      writers.map(async (w, i) => {
        for (let j = 0; j < 25; j++) await insertAudit(w, `E${i}`, { j });
      }),
    );
    expect(await sealAuditLog(d.db)).toBe(200);
    expect(await sealAuditLog(d.db)).toBe(0);
    expect(await verifyAuditChain(d.db)).toEqual({ rows: 200, firstSeq: 1, broken: null });
    const chain = await d.pool.query('SELECT min(seq) AS lo, max(seq) AS hi, count(DISTINCT hash) AS n FROM audit_log');
    expect(chain.rows[0]).toEqual({ lo: 1, hi: 200, n: 200 });
  });

  it('does not make an insert wait for another transaction that wrote audit and is still open', async () => {
    const d = await database();
    const long = await connect(d.appUrl);
    const other = await connect(d.appUrl);
    await long.query('BEGIN');
    await insertAudit(long, 'RECON_RUN');
    const started = performance.now();
    await insertAudit(other, 'LOGIN');
    expect(performance.now() - started).toBeLessThan(500);
    // The seal takes the committed row and leaves the open one for later.
    expect(await sealAuditLog(d.db)).toBe(1);
    await long.query('COMMIT');
    expect(await sealAuditLog(d.db)).toBe(1);
    const order = await d.pool.query('SELECT event FROM audit_log ORDER BY seq');
    expect(order.rows.map((r) => r.event)).toEqual(['LOGIN', 'RECON_RUN']);
    expect((await verifyAuditChain(d.db)).broken).toBeNull();
  });

  async function sealedDatabase(rows: number): Promise<{ d: TestDatabase; ids: number[]; maintenance: pg.Client }> {
    const d = await database();
    for (let i = 1; i <= rows; i++) await insertAudit(d.pool, `E${i}`, { i });
    await sealAuditLog(d.db);
    const ids = (await d.pool.query('SELECT id FROM audit_log ORDER BY seq')).rows.map((r) => Number(r.id));
    const maintenance = await connect(d.ownerUrl);
    await maintenance.query(`SET ROLE ${MAINTENANCE_ROLE}`);
    return { d, ids, maintenance };
  }

  it('names the row whose content was changed after sealing', async () => {
    const { d, ids, maintenance } = await sealedDatabase(10);
    const target = ids[6] as number;
    await maintenance.query("UPDATE audit_log SET user_name = 'mallory' WHERE id = $1", [target]);
    const report = await verifyAuditChain(d.db);
    expect(report.broken).toMatchObject({ rowId: target, seq: 7, problem: 'content' });
    expect(report.broken?.message).toContain(`audit row ${target} (position 7)`);
  });

  it('names the link after a row that was changed and given a matching hash', async () => {
    const { d, ids, maintenance } = await sealedDatabase(10);
    const target = ids[3] as number;
    await maintenance.query(`UPDATE audit_log SET details = '{"i": 99}' WHERE id = $1`, [target]);
    await maintenance.query('UPDATE audit_log a SET hash = audit_row_hash(a) WHERE id = $1', [target]);
    const report = await verifyAuditChain(d.db);
    expect(report.broken).toMatchObject({ rowId: ids[4], seq: 5, problem: 'link' });
  });

  it('names the gap a deleted row leaves, and a later seal does not hide it', async () => {
    const { d, ids, maintenance } = await sealedDatabase(10);
    await maintenance.query('DELETE FROM audit_log WHERE id = $1', [ids[2]]);
    await insertAudit(d.pool, 'AFTER');
    await sealAuditLog(d.db);
    const report = await verifyAuditChain(d.db);
    expect(report.broken).toMatchObject({ rowId: ids[3], seq: 4, problem: 'missing' });
    expect(report.rows).toBe(10);
  });

  it('accepts a chain whose oldest rows were removed for retention', async () => {
    const { d, ids, maintenance } = await sealedDatabase(10);
    await maintenance.query('DELETE FROM audit_log WHERE id <= $1', [ids[3]]);
    expect(await verifyAuditChain(d.db)).toEqual({ rows: 6, firstSeq: 5, broken: null });
  });
});
