import type { Db } from '@recon/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@/config.ts';

/** What an activity handler gets: the database, configuration, a logger and the clock. */
export type WorkerContext = { db: Db; config: Config; log: FastifyBaseLogger; now: () => Date };

/** One activity of one job execution, as the runner hands it to its handler. */
export type ActivityRun = {
  jobExecutionId: number;
  activityExecutionId: number;
  moduleId: number;
  jobId: number;
  type: string;
  /** The pipeline, recon… the activity works on (by type). */
  typeId: number | null;
  attempt: number;
  /** The execution's parameters (batchNumber, cycleNumber, endDate) and the activity's configuration. */
  params: Record<string, unknown>;
  configuration: Record<string, unknown> | null;
};

/** Counts shown per activity in the execution history (rows read, loaded, invalid, duplicate, files…). */
export type ActivityResult = { counts: Record<string, number>; status: 'COMPLETED' | 'PARTIALLY_COMPLETED' };

/** Runs one activity to the end or throws an Error whose message is shown as the activity's failure. */
export type ActivityHandler = (ctx: WorkerContext, run: ActivityRun) => Promise<ActivityResult>;
/**
 * An activity failure that another attempt cannot fix (the type has no runner in this version): the runner
 * fails the activity at once instead of spending the job's retries on it.
 */
export class PermanentActivityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentActivityError';
  }
}

/**
 * An activity failure that still reports what it did, e.g. a pipeline whose other files loaded while one was
 * rejected: the counts are kept on the failed activity, so the run shows them.
 */
export class ActivityFailedWithCounts extends Error {
  constructor(
    message: string,
    readonly counts: Record<string, number>,
  ) {
    super(message);
    this.name = 'ActivityFailedWithCounts';
  }
}
