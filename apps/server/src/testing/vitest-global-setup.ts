import { startTestPostgres } from '@recon/db/testing';
import { installQueueSchema } from '@/jobs/queue.ts';

/**
 * The server's Vitest global setup: the shared one (one PostgreSQL, a migrated template), with pg-boss's schema
 * installed in the template by the owner, as `main.ts` does, since tests run as the app role, which may not.
 */
export default async function setup() {
  const { adminUrl, appUrl, teardown } = await startTestPostgres({ prepareTemplate: installQueueSchema });
  process.env.PG_TEST_ADMIN_URL = adminUrl;
  if (appUrl) process.env.PG_TEST_APP_URL = appUrl;
  // The server's tests connect as the app role, as the server does.
  process.env.PG_TEST_AS_APP_ROLE = 'true';
  return teardown;
}
