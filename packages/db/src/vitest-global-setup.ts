import { startTestPostgres } from './testing.ts';

/**
 * Vitest global setup: starts one PostgreSQL for the run. Test workers are spawned after this and
 * inherit PG_TEST_ADMIN_URL, which createTestDatabase() clones from, and PG_TEST_APP_URL, the role it connects as.
 */
export default async function setup() {
  const { adminUrl, appUrl, teardown } = await startTestPostgres();
  process.env.PG_TEST_ADMIN_URL = adminUrl;
  if (appUrl) process.env.PG_TEST_APP_URL = appUrl;
  return teardown;
}
