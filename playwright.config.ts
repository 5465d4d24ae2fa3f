import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { resolveChromium } from './e2e/browser.ts';

import { E2E_JWT_SECRET, E2E_OAUTH_CLIENT, E2E_OAUTH_PORT, E2E_PORT } from './e2e/env.ts';

const browser = await resolveChromium();
// One data directory for the run: the workers (which load this file again) inherit it, so a journey can read the
// server's outbox (e2e/outbox.ts) the way a person reads their mail.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'recon-e2e-'));

/** The server's settings of one OAuth provider, pointed at the local fake. */
function oauthFakeEnv(provider: string, url: string): Record<string, string> {
  const p = `OAUTH_${provider}_`;
  return {
    [`${p}CLIENT_ID`]: E2E_OAUTH_CLIENT.clientId,
    [`${p}CLIENT_SECRET`]: E2E_OAUTH_CLIENT.clientSecret,
    [`${p}AUTHORIZE_URL`]: `${url}/authorize`,
    [`${p}TOKEN_URL`]: `${url}/token`,
    [`${p}USERINFO_URL`]: `${url}/userinfo`,
    [`${p}REVOKE_URL`]: `${url}/revoke`,
    [`${p}API_URL`]: `${url}/gmail/v1`,
  };
}

/** Browser journeys against the real server (built SPA, a fresh embedded PostgreSQL with the demo seed). */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // Every action and wait is bounded, so a step that cannot happen fails in seconds, not at the test's timeout.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: browser.executablePath, args: browser.args },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    url: `http://127.0.0.1:${E2E_PORT}/web/v2/login-methods`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      // The address the browser uses: the SAML ACS sends the sign-in popup back to it (same origin as the opener).
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(E2E_PORT + 40_000),
      SEED_DEMO: 'true',
      JWT_SECRET: E2E_JWT_SECRET,
      TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json',
      LOG_LEVEL: 'warn',
      // Gmail points at the OAuth provider fake e2e/oauth.spec.ts starts on this port (only that journey uses it).
      ...oauthFakeEnv('GMAIL', `http://127.0.0.1:${E2E_OAUTH_PORT}`),
    },
  },
});
