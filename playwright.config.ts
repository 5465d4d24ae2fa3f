import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { resolveChromium } from './e2e/browser.ts';

const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
const browser = await resolveChromium();
/** Known to the journeys, so they can mint an expired access token. */
export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';

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
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: browser.executablePath, args: browser.args },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    url: `http://localhost:${E2E_PORT}/web/v2/login-methods`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'recon-e2e-')),
      EMBEDDED_PG_PORT: String(E2E_PORT + 40_000),
      SEED_DEMO: 'true',
      JWT_SECRET: E2E_JWT_SECRET,
      TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json',
      LOG_LEVEL: 'warn',
    },
  },
});
