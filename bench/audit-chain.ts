import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, createPool, migrate, sealAuditLog, startEmbeddedPostgres, verifyAuditChain } from '@recon/db';
import pg from 'pg';

/**
 * Decision 0014: the audit chain sealed after commit (what the product does) against a chain computed by a BEFORE
 * INSERT trigger under a transaction-level advisory lock (the alternative, made here only). Per design: how long a
 * sign-in's audit insert waits while another transaction that wrote audit stays open 2 s, and 8 connections × 1000
 * autocommit inserts; for the sealer, sealing and verifying a backlog. Times in ms.
 */
const INSERT_TIME_CHAIN = `
CREATE FUNCTION bench_chain_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE last_seq bigint; last_hash bytea;
BEGIN
  PERFORM pg_advisory_xact_lock(99);
  SELECT seq, hash INTO last_seq, last_hash FROM audit_log WHERE seq IS NOT NULL ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1; NEW.prev_hash := last_hash; NEW.hash := audit_row_hash(NEW);
  RETURN NEW;
END $$;
CREATE TRIGGER bench_chain_on_insert BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION bench_chain_on_insert();`;

const LONG_TRANSACTION_MS = 2000;
const WRITERS = 8;
const INSERTS_PER_WRITER = 1000;
const BACKLOG_ROWS = 100_000;

const insertAudit = (c: pg.Client | pg.Pool, event: string) =>
  c.query(`INSERT INTO audit_log (event, outcome, user_name, details) VALUES ($1, 'SUCCESS', 'u', '{"k": 1}')`, [
    event,
  ]);

async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

async function measureDesign(adminUrl: string, database: string, isInsertTrigger: boolean) {
  const admin = await connect(adminUrl);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${database}`);
  const pool = createPool(url, { max: 4 });
  await migrate(pool);
  if (isInsertTrigger) await pool.query(INSERT_TIME_CHAIN);
  const long = await connect(url);
  await long.query('BEGIN');
  await insertAudit(long, 'RECON_RUN');
  const started = performance.now();
  const loginWaitMs = insertAudit(pool, 'LOGIN_SUCCESS').then(() => Math.round(performance.now() - started));
  await new Promise((r) => setTimeout(r, LONG_TRANSACTION_MS));
  await long.query('COMMIT');
  await long.end();
  const writers = await Promise.all(Array.from({ length: WRITERS }, () => connect(url)));
  const t0 = performance.now();
  await Promise.all(
    writers.map(async (w) => {
      for (let i = 0; i < INSERTS_PER_WRITER; i++) await insertAudit(w, 'X');
    }),
  );
  const insertsMs = Math.round(performance.now() - t0);
  await Promise.all(writers.map((w) => w.end()));
  return { url, pool, result: { loginWhileRunOpenMs: await loginWaitMs, insertsMs } };
}

export async function benchAuditChain() {
  const dir = mkdtempSync(join(tmpdir(), 'recon-bench-audit-'));
  const server = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), port: 28_435, database: 'postgres' });
  try {
    const sealer = await measureDesign(server.adminUrl, 'bench_sealer', false);
    const db = createDb(sealer.pool);
    let t = performance.now();
    const sealed = await sealAuditLog(db);
    const sealMs = Math.round(performance.now() - t);
    await sealer.pool.query(
      `INSERT INTO audit_log (event, outcome, details)
       SELECT 'BULK', 'SUCCESS', jsonb_build_object('i', g) FROM generate_series(1, ${BACKLOG_ROWS}) g`,
    );
    t = performance.now();
    const sealedBacklog = await sealAuditLog(db);
    const sealBacklogMs = Math.round(performance.now() - t);
    t = performance.now();
    const report = await verifyAuditChain(db);
    const verifyMs = Math.round(performance.now() - t);
    await db.destroy();
    const trigger = await measureDesign(server.adminUrl, 'bench_insert_trigger', true);
    await trigger.pool.end();
    return {
      loadAverage: loadavg()[0],
      sealer: {
        ...sealer.result,
        seal: { rows: sealed, ms: sealMs },
        sealBacklog: { rows: sealedBacklog, ms: sealBacklogMs },
        verify: { rows: report.rows, ms: verifyMs, intact: report.broken === null },
      },
      insertTrigger: trigger.result,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
