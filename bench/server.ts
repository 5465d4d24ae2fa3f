import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
