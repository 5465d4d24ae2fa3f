import type { ActivityHandler } from '@/jobs/activity.ts';

/**
 * PIPE_LINE activity: validates and loads every file attached to this execution for the activity's
 * pipeline, one transaction per file.
 */
export const runPipelineActivity: ActivityHandler = async () => {
  throw new Error('Pipeline ingestion is not available yet in this build');
};
