import { withTransaction } from '@recon/db';
import { createOutboxNotifier } from '@/lib/notifier.ts';
import { ActivityFailedWithCounts, type ActivityResult, type ActivityRun, type WorkerContext } from './activity.ts';
import { claimExecution } from './exclusivity.ts';
import { wakeModule, wakeNewerRuns } from './executions.ts';
import { tellFilesWaiting, tellRunFailed } from './notices.ts';
import { enqueueExecution, wakeLocalWorkers } from './queue.ts';
import { type ActivityRegistry, PermanentActivityError } from './registry.ts';
import * as q from './runner.queries.ts';

export type Runner = WorkerContext & { handlerOf: ActivityRegistry };

type Outcome =
  | { isOk: true; result: ActivityResult }
  | { isOk: false; message: string; isPermanent: boolean; counts: Record<string, number> | null };

const MINUTE_MS = 60_000;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'Activity failed';

/**
 * Handles one "look at execution N" message: takes the run if its module is free (or its retry wait is over),
 * then runs its activities in sequence until it ends, waits for a retry, or waits for file approval.
 */
export async function runExecution(r: Runner, executionId: number): Promise<void> {
  const claim = await claimExecution(r.db, executionId, r.now());
  if (claim !== 'STARTED' && claim !== 'CONTINUED') return;
  if (claim === 'STARTED') {
    // Runs queued behind this one may be allowed to overlap with it (parallel job configs): let them look again.
    await withTransaction(r.db, {}, async ({ db: tx }) => {
      const run = await tx
        .selectFrom('job_execution')
        .select('module_id')
        .where('id', '=', executionId)
        .executeTakeFirst();
      if (run) await wakeNewerRuns(tx, run.module_id, executionId);
    });
    wakeLocalWorkers();
  }
  try {
    await runActivities(r, executionId);
  } catch (err) {
    // The database went away or a bug: the run must not stay RUNNING with nobody working on it.
    r.log.error({ err, executionId }, 'job execution stopped outside its activities');
    await withTransaction(r.db, {}, async ({ db: tx }) => {
      const ended = await q.endExecution(tx, executionId, 'FAILED', messageOf(err), r.now());
      if (ended) await wakeModule(tx, ended.module_id);
      if (ended) await tellRunFailed(tx, createOutboxNotifier(r.log), executionId, r.now());
    }).catch((e: unknown) => r.log.error({ err: e, executionId }, 'could not mark the execution FAILED'));
  }
  wakeLocalWorkers();
}

async function runActivities(r: Runner, executionId: number): Promise<void> {
  for (;;) {
    const state = await q.loadRunState(r.db, executionId);
    if (state?.execution.status !== 'RUNNING') return;
    const { execution, activities } = state;
    const next = activities.find((a) => a.status === 'RUNNABLE');
    if (isAtApprovalGate(state, next)) {
      await endStep(r, async (tx, now) => {
        const pending = await q.pendApproval(tx, executionId, now);
        if (pending) await tellFilesWaiting(tx, createOutboxNotifier(r.log), executionId, now);
        return pending;
      });
      return;
    }
    if (!next) {
      const status = activities.some((a) => a.status === 'PARTIALLY_COMPLETED') ? 'PARTIALLY_COMPLETED' : 'COMPLETED';
      await endStep(r, (tx, now) => q.endExecution(tx, executionId, status, null, now));
      return;
    }
    const attempt = await q.claimActivity(r.db, next.id, r.now());
    if (attempt === null) return;
    const outcome = await invoke(r, state, next, attempt);
    if (outcome.isOk) {
      await q.completeActivity(r.db, next.id, outcome.result, r.now());
      continue;
    }
    if (!outcome.isPermanent && attempt <= execution.no_of_retrial) {
      // Never sleep in a worker: a delayed message brings the run back after the interval.
      const delayMs = execution.retrial_interval * MINUTE_MS;
      await withTransaction(r.db, {}, async ({ db: tx }) => {
        const now = r.now();
        const run = { executionId, activityId: next.id };
        await q.waitForRetry(tx, run, outcome, new Date(now.getTime() + delayMs), now);
        await enqueueExecution(tx, executionId, delayMs / 1000);
      });
      r.log.info({ executionId, activityExecutionId: next.id, attempt, delayMs }, 'activity failed; retry queued');
      return;
    }
    await endStep(r, async (tx, now) => {
      await q.failActivity(tx, next.id, outcome, now);
      const ended = await q.endExecution(tx, executionId, 'FAILED', outcome.message, now);
      if (ended) await tellRunFailed(tx, createOutboxNotifier(r.log), executionId, now);
      return ended;
    });
    return;
  }
}

/**
 * With file approval on, a run stops after its last PIPE_LINE activity (before the next activity, or at the
 * end) until a checker approves its files.
 */
function isAtApprovalGate(state: q.RunState, next: q.RunActivity | undefined): boolean {
  const { execution, activities } = state;
  if (!execution.needs_file_approval || execution.approval_status === 'APPROVED') return false;
  const pipes = activities.filter((a) => a.type === 'PIPE_LINE').map((a) => a.sequence);
  if (pipes.length === 0) return false;
  return !next || next.sequence > Math.max(...pipes);
}

/** A step that frees the module (end, failure, approval wait): the module's waiting runs are queued again. */
async function endStep(r: Runner, step: (tx: Runner['db'], now: Date) => Promise<{ module_id: number } | undefined>) {
  await withTransaction(r.db, {}, async ({ db: tx }) => {
    const ended = await step(tx, r.now());
    if (ended) await wakeModule(tx, ended.module_id);
  });
}

async function invoke(r: Runner, state: q.RunState, a: q.RunActivity, attempt: number): Promise<Outcome> {
  const { execution } = state;
  const run: ActivityRun = {
    jobExecutionId: execution.id,
    activityExecutionId: a.id,
    moduleId: execution.module_id,
    jobId: execution.job_id,
    type: a.type,
    typeId: a.type_id,
    attempt,
    params: {
      ...execution.params,
      batchNumber: execution.batch_number,
      cycleNumber: execution.cycle_number,
      endDate: execution.end_date,
    },
    configuration:
      a.job_activity_id === null
        ? null
        : {
            pipelineSource: a.pipeline_source,
            integrationAuthId: a.integration_auth_id,
            jobConfiguration: a.job_configuration,
            additionalInfo: a.additional_info,
            bulkProcessorActivityDetails: a.bulk_processor_details,
            disputeActivity: a.dispute_activity,
          },
  };
  const log = r.log.child({ executionId: execution.id, activityExecutionId: a.id, type: a.type, attempt });
  try {
    const result = await r.handlerOf(a.type)({ db: r.db, config: r.config, log, now: r.now }, run);
    return {
      isOk: true,
      result: {
        status: result.status === 'PARTIALLY_COMPLETED' ? 'PARTIALLY_COMPLETED' : 'COMPLETED',
        counts: result.counts ?? {},
      },
    };
  } catch (err) {
    log.warn({ err }, 'activity failed');
    return {
      isOk: false,
      message: messageOf(err),
      isPermanent: err instanceof PermanentActivityError,
      counts: err instanceof ActivityFailedWithCounts ? err.counts : null,
    };
  }
}
