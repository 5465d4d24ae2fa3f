import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

/** The policy's directives by name, from the header as a browser reads it. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('browser security headers', () => {
  let t: TestApp;
  let admin: Session;
  const dist = mkdtempSync(join(tmpdir(), 'recon-dist-'));
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({ webDistDir: dist });
    await addUser(t, { userName: 'headers.admin', roles: ['ROLE_ADMIN'] });
    admin = await signIn(t, 'headers.admin');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the policy that keeps injected scripts and framing out, on the SPA and the API', async () => {
    const spa = await t.app.inject({ method: 'GET', url: '/transactions/some-page' });
    const api = await call(t, admin, { method: 'GET', url: '/web/v2/modules' });
    expect(spa.statusCode).toBe(200);
    expect(api.statusCode).toBe(200);
    for (const res of [spa, api]) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Served over plain HTTP: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps no authenticated JSON in any cache, while the SPA page revalidates', async () => {
    const api = await call(t, admin, { method: 'GET', url: '/web/v2/modules' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/web/v2/modules' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const spa = await t.app.inject({ method: 'GET', url: '/login' });
    expect(spa.headers['cache-control']).toBe('no-cache');
  });

  it('records the connecting address in the audit log, not the one a client writes in X-Forwarded-For', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/web/v2/login',
      headers: { 'x-forwarded-for': '203.0.113.77' },
      remoteAddress: '198.51.100.5',
      payload: { userName: 'headers.admin', password: 'not the password' },
    });
    expect(res.statusCode).toBe(400);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select('ip')
      .where('user_name', '=', 'headers.admin')
      .where('outcome', '=', 'FAILURE')
      .execute();
    expect(rows.map((r) => r.ip)).toEqual(['198.51.100.5']);
  });
});

describe('security settings', () => {
  it('sends HSTS when the app is served over HTTPS, and trusts X-Forwarded-For only when told to', async () => {
    const t = await createTestApp({ publicUrl: 'https://recon.example.com', trustProxy: true });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/web/v2/login',
        headers: { 'x-forwarded-for': '203.0.113.78' },
        payload: { userName: 'nobody.here', password: 'not the password' },
      });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const rows = await t.database.db
        .selectFrom('audit_log')
        .select('ip')
        .where('user_name', '=', 'nobody.here')
        .execute();
      expect(rows.map((r) => r.ip)).toEqual(['203.0.113.78']);
    } finally {
      await t.close();
    }
  });

  it('serves the API documentation only when API_DOCS is on', async () => {
    const t = await createTestApp({ apiDocs: false });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/web/docs' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/web/docs/json' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
    const withDocs = await createTestApp({ apiDocs: true });
    try {
      const page = await withDocs.app.inject({ method: 'GET', url: '/web/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect((await withDocs.app.inject({ method: 'GET', url: '/web/docs/json' })).statusCode).toBe(200);
    } finally {
      await withDocs.close();
    }
  });
});
