import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { freePort } from '@recon/db/testing';
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
    } finally {
      await server.stop();
    }
  }, 120_000);
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
