import type { Db } from '@recon/db';
import * as executions from '@/features/job-executions/job-executions.queries.ts';
import { executionLink, fileApprovalLink } from '@/lib/notifications/links.ts';
import { holdersOf, notify } from '@/lib/notifications/notify.ts';
import type { Notifier } from '@/lib/notifier.ts';
import { makerCheckerBlocker } from './approval.ts';
import { readStoredSettings, userPipelinePrivileges } from './job-settings-store.ts';
import * as q from './runner.queries.ts';

/** What the job runner tells users (decision 0033), in the transaction of the change it tells about. */

/** A run ended FAILED: whoever started it (or uploaded its files) is told; a scheduled run, the job's readers. */
export async function tellRunFailed(tx: Db, notifier: Notifier, executionId: number, now: Date): Promise<void> {
  const run = await q.runForNotice(tx, executionId);
  if (!run) return;
  const people = [run.created_by, ...run.uploaders].filter((u): u is number => u !== null);
  const userIds = people.length > 0 ? people : await holdersOf(tx, run.module_id, 'jobExecutions');
  await notify(
    tx,
    notifier,
    {
      moduleId: run.module_id,
      kind: 'EXECUTION_FAILED',
      title: `Run #${executionId} of ${run.job_name} failed${run.error_message ? `: ${run.error_message}` : ''}`,
      link: executionLink(executionId),
      userIds,
    },
    now,
  );
}

/**
 * A run's files wait for approval: every holder of fileApproval in the module who may decide them (not the maker nor
 * an uploader, granted FILE_APPROVAL on each of its pipelines) is told it waits for them.
 */
export async function tellFilesWaiting(tx: Db, notifier: Notifier, executionId: number, now: Date): Promise<void> {
  const run = await q.runForNotice(tx, executionId);
  if (!run) return;
  const e = await executions.getExecutionForApproval(tx, run.module_id, executionId);
  if (!e) return;
  const settings = readStoredSettings(e.additional_settings);
  const checkers: number[] = [];
  for (const userId of await holdersOf(tx, run.module_id, 'fileApproval')) {
    if (await makerCheckerBlocker(tx, e, userId)) continue;
    const granted = userPipelinePrivileges(settings, e.pipelineIds, userId);
    if ([...granted.values()].every((g) => g.FILE_APPROVAL)) checkers.push(userId);
  }
  await notify(
    tx,
    notifier,
    {
      moduleId: run.module_id,
      kind: 'APPROVAL_WAITING',
      title: `Files of run #${executionId} (${run.job_name}) wait for your approval`,
      link: fileApprovalLink(executionId),
      userIds: checkers,
    },
    now,
  );
}

/** A checker rejected a run's files: whoever started it or uploaded them is told their rows were removed. */
export async function tellFilesRejected(
  tx: Db,
  notifier: Notifier,
  executionId: number,
  checker: { userId: number; userName: string },
  now: Date,
): Promise<void> {
  const run = await q.runForNotice(tx, executionId);
  if (!run) return;
  await notify(
    tx,
    notifier,
    {
      moduleId: run.module_id,
      kind: 'FILE_REJECTED',
      title: `Files of run #${executionId} (${run.job_name}) rejected by ${checker.userName}: their rows were removed`,
      link: executionLink(executionId),
      userIds: [run.created_by, ...run.uploaders].filter((u): u is number => u !== null && u !== checker.userId),
    },
    now,
  );
}
