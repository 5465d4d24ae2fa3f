import { publishTestPostgres, startTestPostgres } from './testing.ts';

/**
 * The packages' Vitest global setup: one PostgreSQL for the project's run. Its URLs are published under the project's
 * own names (`publishTestPostgres`): the server project starts a cluster of its own, and the setups of both projects
 * run in the one main process whose environment every worker inherits.
 */
export default async function setup() {
  const { adminUrl, appUrl, teardown } = await startTestPostgres();
  publishTestPostgres('packages', { adminUrl, appUrl });
  return teardown;
}
