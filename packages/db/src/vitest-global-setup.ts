import { startTestPostgres } from './testing.ts';

/**
 * Vitest global setup: starts one PostgreSQL for the run. Test workers are spawned after this and
 * inherit PG_TEST_ADMIN_URL, which createTestDatabase() clones from.
 */
export default async function setup() {
  const { adminUrl, teardown } = await startTestPostgres();
  process.env.PG_TEST_ADMIN_URL = adminUrl;
  return teardown;
}
