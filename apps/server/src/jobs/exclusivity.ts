import { type Db, LOCKS, withTransaction } from '@recon/db';
import { sql } from 'kysely';

export type ClaimOutcome = 'STARTED' | 'CONTINUED' | 'BLOCKED' | 'NOTHING';

type Candidate = { id: number; module_id: number; job_id: number };

/**
 * Which runs may overlap in a module: a MODULE config naming the module lifts its one-at-a-time rule for all
 * its jobs; a JOB config of the module lets the listed jobs overlap with each other (never a job with itself).
 */
async function loadPermits(db: Db, moduleId: number) {
  const rows = await db
    .selectFrom('parallel_job_config')
    .select(['config_type', 'config_ids'])
    .where((eb) =>
      eb.or([
        eb.and([eb('config_type', '=', 'MODULE'), sql<boolean>`${moduleId} = ANY(config_ids)`]),
        eb.and([eb('config_type', '=', 'JOB'), eb('module_id', '=', moduleId)]),
      ]),
    )
    .execute();
  return {
    isModuleParallel: rows.some((r) => r.config_type === 'MODULE'),
    jobGroups: rows.filter((r) => r.config_type === 'JOB').map((r) => r.config_ids.map(Number)),
  };
}

/**
 * A run waits while another run of its module is RUNNING, or an older one is still queued (first come, first
 * served), unless a parallel job config lets the two overlap.
 */
async function isBlocked(db: Db, run: Candidate): Promise<boolean> {
  const others = await db
    .selectFrom('job_execution')
    .select(['id', 'job_id'])
    .where('module_id', '=', run.module_id)
    .where('id', '<>', run.id)
    .where((eb) =>
      eb.or([eb('status', '=', 'RUNNING'), eb.and([eb('status', '=', 'RUNNABLE'), eb('id', '<', run.id)])]),
    )
    .execute();
  if (others.length === 0) return false;
  const permits = await loadPermits(db, run.module_id);
  if (permits.isModuleParallel) return false;
  const mayOverlap = (otherJobId: number) =>
    otherJobId !== run.job_id && permits.jobGroups.some((g) => g.includes(run.job_id) && g.includes(otherJobId));
  return others.some((o) => !mayOverlap(o.job_id));
}

/**
 * Takes a run for this worker: a RUNNABLE run whose module is free becomes RUNNING (STARTED); a RUNNING run
 * whose retry wait is over is taken back (CONTINUED). Anything else — blocked, already taken, finished — is
 * left alone, so duplicate messages are harmless.
 */
export async function claimExecution(db: Db, executionId: number, now: Date): Promise<ClaimOutcome> {
  // Start decisions are taken one at a time (they are short), so two runs of one module never both see it free.
  return withTransaction(db, { lock: LOCKS.jobStart }, async ({ db: tx }) => {
    const run = await tx
      .selectFrom('job_execution')
      .select(['id', 'module_id', 'job_id', 'status', 'next_attempt_at'])
      .where('id', '=', executionId)
      .executeTakeFirst();
    if (!run) return 'NOTHING';
    if (run.status === 'RUNNING') {
      if (run.next_attempt_at === null) return 'NOTHING';
      await tx
        .updateTable('job_execution')
        .set({ next_attempt_at: null, updated_at: now })
        .where('id', '=', run.id)
        .execute();
      return 'CONTINUED';
    }
    if (run.status !== 'RUNNABLE') return 'NOTHING';
    if (await isBlocked(tx, run)) return 'BLOCKED';
    await tx
      .updateTable('job_execution')
      .set({ status: 'RUNNING', started_at: sql`coalesce(started_at, ${now})`, updated_at: now })
      .where('id', '=', run.id)
      .execute();
    return 'STARTED';
  });
}
