import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
