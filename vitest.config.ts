import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test files run at once, across the three projects. Vitest's default (one core left to itself) runs one file at a
 * time on CI's 2 cores, though its main process idles and a server file spends much of its time waiting on
 * PostgreSQL: two files at once keep both cores busy. Every server file has a database of its own, so files never
 * share state.
 */
const MAX_TEST_FILES_AT_ONCE = Math.max(2, availableParallelism() - 1);

/** One Vitest run, three projects: node packages, the server on a real PostgreSQL, the web app in jsdom. */
export default defineConfig({
  test: {
    maxWorkers: MAX_TEST_FILES_AT_ONCE,
    projects: [
      {
        test: {
          name: 'packages',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          globalSetup: ['packages/db/src/vitest-global-setup.ts'],
          // Which global setup's PostgreSQL this project's files use (packages/db testing.ts); the owner role.
          env: { PG_TEST_PROJECT: 'packages' },
          // The schema drift test reads the Database type with the TypeScript compiler: seconds under load.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/server/src', import.meta.url)) } },
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/testing/vitest-global-setup.ts'],
          // The server's own PostgreSQL, and its files connect as the app role, as the server does (decision 0014).
          env: { PG_TEST_PROJECT: 'server', PG_TEST_AS_APP_ROLE: 'true' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
