import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PORT = 18_000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(join(tmpdir(), 'recon-main-'));
const base = `http://127.0.0.1:${PORT}/web/v2`;

function start(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(PORT + 30_000),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      TSX_TSCONFIG_PATH: 'tsconfig.json',
    },
    stdio: 'ignore',
  });
}

async function waitUp(child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/login-methods`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill('SIGTERM');
  return exited;
}

async function signIn() {
  const r = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: 'Recon@Demo2026' }),
  });
  return (await r.json()) as { authToken: string };
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('stops PostgreSQL cleanly on SIGTERM and finds all data after a restart', async () => {
    const first = start();
    await waitUp(first);
    const { authToken } = await signIn();
    const created = await fetch(`${base}/modules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${authToken}` },
      body: JSON.stringify({ name: 'Survives Restart', userIds: [2] }),
    });
    expect(created.status).toBe(200);
    expect(await stop(first)).toBe(0);
    // A clean shutdown removes the postmaster pid file.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const second = start();
    try {
      await waitUp(second);
      const again = await signIn();
      const list = await fetch(`${base}/modules`, { headers: { authorization: `Bearer ${again.authToken}` } });
      const names = ((await list.json()) as { data: { name: string }[] }).data.map((m) => m.name);
      expect(names).toContain('Survives Restart');
      // The demo is seeded once: the restart added no second copy.
      expect(names.filter((n) => n === 'Payments Gateway Recon')).toHaveLength(1);
    } finally {
      await stop(second);
    }
  }, 90_000);
});
