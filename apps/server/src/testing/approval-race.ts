import { withTransaction } from '@recon/db';
import { sql } from 'kysely';
import type { TestApp } from './test-app.ts';

async function untilSomeoneWaitsForALock(t: TestApp): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(t.database.db);
    if ((r.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the decision never waited for the request’s lock');
}

/**
 * Runs `decide` while another checker holds the approval request's row lock and rejects it: the call passes the
 * first check (the request is waiting), then finds it decided under the lock — the race it loses.
 */
export async function decideWhileAnotherDecides<T>(
  t: TestApp,
  approvalId: number,
  otherCheckerId: number,
  decide: () => PromiseLike<T>,
): Promise<T> {
  let letGo = () => {};
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let signalLocked = () => {};
  const locked = new Promise<void>((resolve) => {
    signalLocked = resolve;
  });
  const other = withTransaction(t.database.db, {}, async ({ db }) => {
    await sql`SELECT id FROM approval_request WHERE id = ${approvalId} FOR UPDATE`.execute(db);
    signalLocked();
    await released;
    await sql`UPDATE approval_request SET status = 'REJECTED', decided_by = ${otherCheckerId}, decided_at = now(),
      remark = 'decided first' WHERE id = ${approvalId}`.execute(db);
  });
  await locked;
  const pending = Promise.resolve(decide());
  await untilSomeoneWaitsForALock(t);
  letGo();
  await other;
  return pending;
}
