import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';

export type BenchServer = {
  url: string;
  /** The embedded cluster as its superuser (the password the server generated into DATA_DIR, decision 0014). */
  pgUrl: string;
  process: ChildProcess;
  stop: () => Promise<void>;
};

/** Starts the real server (production mode, embedded PostgreSQL in a temp dir, demo seed) and waits for it. */
export async function startBenchServer(port: number): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'recon-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 40_000),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/web/v2/login-methods`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('bench server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  const pgPassword = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  return {
    url,
    pgUrl: `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port + 40_000}/recon`,
    process: child,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signInDemo(url: string, userName = 'admin') {
  const r = await fetch(`${url}/web/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: 'Recon@Demo2026' }),
  });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status} ${await r.text()}`);
  return (await r.json()) as { id: number; authToken: string };
}

export type BenchUser = { id: number; authToken: string };

/** A figure in ms to one decimal. */
export const round = (n: number) => Math.round(n * 10) / 10;

/** The headers of a signed-in call in the demo's module 1. */
export const headersOf = (user: BenchUser) => ({
  authorization: `Bearer ${user.authToken}`,
  'x-user-id': String(user.id),
  'x-module-id': '1',
  'content-type': 'application/json',
});

/** A call of the bench's user; a refusal stops the bench with the server's answer. */
export async function ask(url: string, user: BenchUser, init: { method?: string; body?: unknown } = {}) {
  const r = await fetch(url, {
    method: init.method ?? 'GET',
    headers: headersOf(user),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await r.json()) as Record<string, unknown>;
  if (!r.ok) throw new Error(`${url}: ${r.status} ${JSON.stringify(body)}`);
  return body;
}

/** Side A of the demo recon: its data source and the physical and state tables the bench fills. */
export async function demoSideA(url: string, user: BenchUser, db: pg.Client) {
  const recons = (await ask(`${url}/web/v2/transactions?Find=Recons`, user)) as {
    data: { id: number; dataSources: { id: number; side: string | null }[] }[];
  };
  const recon = recons.data.find((x) => x.dataSources.some((d) => d.side === 'A'));
  const source = recon?.dataSources.find((d) => d.side === 'A');
  if (!recon || !source) throw new Error('the demo module has no recon with a side A');
  const t = (
    await db.query<{ table_name: string; state_table_name: string }>(
      'SELECT t.table_name, ds.state_table_name FROM data_source ds JOIN data_table t ON t.id = ds.data_table_id WHERE ds.id = $1',
      [source.id],
    )
  ).rows[0];
  if (!t) throw new Error('no data table');
  return {
    reconId: recon.id,
    dataSourceId: source.id,
    table: t.table_name,
    physical: `recon_data."${t.table_name}"`,
    state: `recon_data."${t.state_table_name}"`,
  };
}
