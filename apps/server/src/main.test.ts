import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { freePort } from '@recon/db/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcess, signInDemo } from '@/testing/server-process.ts';

const server = serverProcess();
afterAll(() => server.cleanUp());

describe('the server process', () => {
  it('stops PostgreSQL cleanly on SIGTERM and finds all data after a restart', async () => {
    await server.start();
    const { authToken } = await signInDemo(server.base);
    const created = await fetch(`${server.base}/modules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${authToken}` },
      body: JSON.stringify({ name: 'Survives Restart', userIds: [2] }),
    });
    expect(created.status).toBe(200);
    const password = readFileSync(join(server.dataDir, 'pg-password'), 'utf8').trim();
    await expectRunsAsTheAppRole(server.pgUrl);
    expect(await server.stop(), server.output()).toBe(0);
    // Nothing failed on the way down: the pool's connections closed before PostgreSQL stopped (it used to end
    // them, one "terminating connection due to administrator command" error each).
    expect(server.output()).not.toMatch(/"level":[56]0/);
    // A clean shutdown removes the postmaster pid file.
    expect(existsSync(join(server.dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    await server.start();
    try {
      const again = await signInDemo(server.base);
      const list = await fetch(`${server.base}/modules`, { headers: { authorization: `Bearer ${again.authToken}` } });
      const names = ((await list.json()) as { data: { name: string }[] }).data.map((m) => m.name);
      expect(names).toContain('Survives Restart');
      // The demo is seeded once: the restart added no second copy.
      expect(names.filter((n) => n === 'Payments Gateway Recon')).toHaveLength(1);
      // The generated superuser password is kept, not generated again.
      expect(readFileSync(join(server.dataDir, 'pg-password'), 'utf8').trim()).toBe(password);
    } finally {
      await server.stop();
    }
    // The verify command, with the server stopped, starts the cluster itself: the sign-ins above are in the chain.
    const verify = spawnSync(process.execPath, ['--import', 'tsx', 'src/audit-verify.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        EMBEDDED_PG_PORT: server.pgPort,
        TSX_TSCONFIG_PATH: 'tsconfig.json',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(verify.status, `${verify.stdout}${verify.stderr}`).toBe(0);
    expect(verify.stdout).toMatch(/^audit chain intact: \d+ rows/);
    expect(Number(/intact: (\d+) rows/.exec(verify.stdout)?.[1])).toBeGreaterThanOrEqual(3);
  }, 180_000);
});

describe('one data directory, one owner', () => {
  it('refuses a second server on the same DATA_DIR, naming the owner, and leaves the first one working', async () => {
    const first = serverProcess();
    const second = serverProcess({}, { dataDir: first.dataDir });
    try {
      await first.start();
      const lock = JSON.parse(readFileSync(join(first.dataDir, 'recon.lock'), 'utf8'));
      const refused = await second.start().then(
        () => 'started',
        (err: Error) => err.message,
      );
      expect(refused).toContain(
        `The data directory ${first.dataDir} is in use by another Recon server (pid ${lock.pid}, port `,
      );
      // The first server's PostgreSQL was not touched: it still answers.
      const { authToken } = await signInDemo(first.base);
      const modules = await fetch(`${first.base}/modules`, { headers: { authorization: `Bearer ${authToken}` } });
      expect(modules.status).toBe(200);
      expect(await first.stop(), first.output()).toBe(0);
      // Released with the orderly stop.
      expect(existsSync(join(first.dataDir, 'recon.lock'))).toBe(false);
    } finally {
      await second.stop();
      await first.stop();
      first.cleanUp();
    }
  }, 180_000);

  it('says which embedded PostgreSQL port is taken and how to choose another', async () => {
    const port = await freePort();
    const squatter = createServer();
    await new Promise<void>((r) => squatter.listen({ host: '127.0.0.1', port }, r));
    const blocked = serverProcess({ EMBEDDED_PG_PORT: String(port) });
    try {
      const refused = await blocked.start().then(
        () => 'started',
        (err: Error) => err.message,
      );
      expect(refused).toContain(`The embedded PostgreSQL port ${port} is taken: set EMBEDDED_PG_PORT to another port`);
      expect(refused).not.toMatch(/^undefined$/m);
    } finally {
      await blocked.stop();
      blocked.cleanUp();
      squatter.close();
    }
  }, 120_000);
});

/**
 * The embedded cluster's superuser has a generated password (0600, in DATA_DIR), not `postgres`; every connection the
 * server holds to its database is the app role's, an ordinary role (decision 0014).
 */
async function expectRunsAsTheAppRole(ownerUrl: string): Promise<void> {
  const file = join(server.dataDir, 'pg-password');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readFileSync(file, 'utf8').trim()).not.toBe('postgres');
  const legacy = new pg.Client({ connectionString: ownerUrl.replace(/:[^:@]*@/, ':postgres@') });
  legacy.on('error', () => undefined);
  await expect(legacy.connect()).rejects.toThrow(/password authentication failed/);
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    const sessions = await owner.query(
      `SELECT DISTINCT a.usename, r.rolsuper FROM pg_stat_activity a JOIN pg_roles r ON r.rolname = a.usename
        WHERE a.datname = 'recon' AND a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()`,
    );
    expect(sessions.rows).toEqual([{ usename: 'recon_app', rolsuper: false }]);
  } finally {
    await owner.end();
  }
}
