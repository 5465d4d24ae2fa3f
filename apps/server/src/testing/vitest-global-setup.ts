import { publishTestPostgres, startTestPostgres } from '@recon/db/testing';
import { installQueueSchema } from '@/jobs/queue.ts';

/**
 * The server's Vitest global setup: the shared one (one PostgreSQL, a migrated template), with pg-boss's schema
 * installed in the template by the owner, as `main.ts` does, since tests run as the app role (`PG_TEST_AS_APP_ROLE`
 * in the project's env, vitest.config.ts), which may not.
 */
export default async function setup() {
  const { adminUrl, appUrl, teardown } = await startTestPostgres({ prepareTemplate: installQueueSchema });
  publishTestPostgres('server', { adminUrl, appUrl });
  return teardown;
}
