import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** One Vitest run, three projects: node packages, the server on a real PostgreSQL, the web app in jsdom. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packages',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          globalSetup: ['packages/db/src/vitest-global-setup.ts'],
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/server/src', import.meta.url)) } },
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/testing/vitest-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
