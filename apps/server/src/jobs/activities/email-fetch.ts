import { ActivityFailedWithCounts, type ActivityHandler, PermanentActivityError } from '@/jobs/activity.ts';
import { FetchSetupError, fetchMailForExecution } from '@/jobs/mail-fetch.ts';
import { createSecretBox } from '@/lib/secrets.ts';

/**
 * EMAIL_FETCH activity (decision 0027): reads the module's mail accounts (the activity's integration, or all) for
 * the attachments its email parsing rule (the activity's target, or every active rule) takes, and stores each as a
 * file of the rule's pipeline that the run's following PIPE_LINE activity loads. A mailbox that cannot be read
 * fails the activity with why (a refused token at once, a provider error after the job's retries); a rule whose
 * pipeline cannot take files is skipped with a reason (PARTIALLY_COMPLETED).
 */
export const runEmailFetchActivity: ActivityHandler = async (ctx, run) => {
  const secrets = createSecretBox(ctx.config.secretsKey, ctx.config.secretsPreviousKeys);
  const integration = run.configuration?.integrationAuthId;
  let outcome: Awaited<ReturnType<typeof fetchMailForExecution>>;
  try {
    outcome = await fetchMailForExecution(
      { db: ctx.db, config: ctx.config, now: ctx.now, secrets },
      {
        moduleId: run.moduleId,
        executionId: run.jobExecutionId,
        activityExecutionId: run.activityExecutionId,
        ruleId: run.typeId,
        accountId: typeof integration === 'number' && integration > 0 ? integration : null,
      },
    );
  } catch (err) {
    if (err instanceof FetchSetupError) throw new PermanentActivityError(err.message);
    throw err;
  }
  const counts = { ...outcome.counts };
  ctx.log.info({ jobExecutionId: run.jobExecutionId, ...counts }, 'mail fetched');
  if (outcome.failures.length > 0) {
    const message = outcome.failures.join('; ');
    if (outcome.isPermanent) throw new PermanentActivityError(message);
    throw new ActivityFailedWithCounts(message, counts);
  }
  return { counts, status: counts.skipped + counts.failed > 0 ? 'PARTIALLY_COMPLETED' : 'COMPLETED' };
};
