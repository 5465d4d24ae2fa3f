import { activityCannotRunYet, JOB_ACTIVITY_TYPES, type JobActivityType } from '@recon/contract';
import { runEmailFetchActivity } from '@/jobs/activities/email-fetch.ts';
import { runGlActivity } from '@/jobs/activities/gl-execution.ts';
import { runPipelineActivity } from '@/jobs/activities/pipeline.ts';
import { runReconActivity } from '@/jobs/activities/recon.ts';
import { runReportActivity, runReportGroupActivity } from '@/jobs/activities/report.ts';
import { type ActivityHandler, PermanentActivityError } from '@/jobs/activity.ts';

export { PermanentActivityError };

export type ActivityHandlers = Partial<Record<JobActivityType, ActivityHandler>>;
export type ActivityRegistry = (type: string) => ActivityHandler;

const cannotRunYet: ActivityHandler = async (_ctx, run) => {
  throw new PermanentActivityError(activityCannotRunYet(run.type));
};

/**
 * PIPE_LINE loads files, RECON matches, EMAIL_FETCH turns mail attachments into pipeline files, GL_EXECUTION keeps a
 * GL snapshot, REPORT / REPORT_GROUP run reports (decision 0036); every other type fails with a clear message until its runner lands.
 */
export const DEFAULT_HANDLERS: ActivityHandlers = {
  PIPE_LINE: runPipelineActivity,
  RECON: runReconActivity,
  EMAIL_FETCH: runEmailFetchActivity,
  GL_EXECUTION: runGlActivity,
  REPORT: runReportActivity,
  REPORT_GROUP: runReportGroupActivity,
};

/** The handler of each activity type; `overrides` (tests, later issues) replace the defaults type by type. */
export function createActivityRegistry(overrides: ActivityHandlers = {}): ActivityRegistry {
  const handlers: ActivityHandlers = { ...DEFAULT_HANDLERS, ...overrides };
  return (type) =>
    (JOB_ACTIVITY_TYPES as readonly string[]).includes(type)
      ? (handlers[type as JobActivityType] ?? cannotRunYet)
      : cannotRunYet;
}
