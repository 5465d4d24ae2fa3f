import { activityCannotRunYet, JOB_ACTIVITY_TYPES, type JobActivityType } from '@recon/contract';
import { runPipelineActivity } from '@/ingest/pipeline-activity.ts';
import type { ActivityHandler } from '@/jobs/activity.ts';

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

export type ActivityHandlers = Partial<Record<JobActivityType, ActivityHandler>>;
export type ActivityRegistry = (type: string) => ActivityHandler;

const cannotRunYet: ActivityHandler = async (_ctx, run) => {
  throw new PermanentActivityError(activityCannotRunYet(run.type));
};

/** PIPE_LINE loads files; every other type fails with a clear message until its runner lands. */
export const DEFAULT_HANDLERS: ActivityHandlers = { PIPE_LINE: runPipelineActivity };

/** The handler of each activity type; `overrides` (tests, later issues) replace the defaults type by type. */
export function createActivityRegistry(overrides: ActivityHandlers = {}): ActivityRegistry {
  const handlers: ActivityHandlers = { ...DEFAULT_HANDLERS, ...overrides };
  return (type) =>
    (JOB_ACTIVITY_TYPES as readonly string[]).includes(type)
      ? (handlers[type as JobActivityType] ?? cannotRunYet)
      : cannotRunYet;
}
