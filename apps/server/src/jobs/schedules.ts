import { type Db, withTransaction } from '@recon/db';
import * as cronParserModule from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import { createExecution } from './executions.ts';

// cron-parser is CommonJS with ES-style typings: under Node's ESM loader its API is the default export.
const cronParser = (cronParserModule as unknown as { default?: typeof cronParserModule }).default ?? cronParserModule;

/**
 * Cron expressions: 5 fields (minute hour day month weekday) or 6 with seconds first; `?` is accepted for a
 * day field (Quartz style). Times are the server's local time (set TZ for the bank's zone). The scheduler
 * looks once a minute, so a job fires at most once a minute.
 */
export function isValidCronExpression(expression: string): boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length < 5 || fields.length > 6) return false;
  try {
    cronParser.parseExpression(expression.trim());
    return true;
  } catch {
    return false;
  }
}

/** The latest fire time of the expression before `now`, or null when it cannot be read. */
export function lastFireBefore(expression: string, now: Date): Date | null {
  try {
    return cronParser.parseExpression(expression.trim(), { currentDate: now }).prev().toDate();
  } catch {
    return null;
  }
}

type SchedulerContext = { db: Db; log: FastifyBaseLogger };

/**
 * The scheduler tick (every minute, from a pg-boss schedule): every SCHEDULED job whose cron fired since the
 * last fire it acted on gets one CRON run. Fires missed while the server was down collapse into one run.
 * Answers the ids of the runs created.
 */
export async function fireDueSchedules(w: SchedulerContext, now: Date): Promise<number[]> {
  const jobs = await w.db
    .selectFrom('job')
    .select(['id', 'module_id', 'cron_expression', 'cron_fired_until'])
    .where('cron_state', '=', 'SCHEDULED')
    .where('schedule_type', '=', 'CRON')
    .where('cron_expression', 'is not', null)
    .execute();
  const created: number[] = [];
  for (const job of jobs) {
    const fireAt = lastFireBefore(job.cron_expression ?? '', now);
    if (!fireAt || (job.cron_fired_until && fireAt <= job.cron_fired_until)) continue;
    try {
      const id = await withTransaction(w.db, {}, async ({ db: tx }) => {
        // Consume the fire first: of two schedulers seeing the same fire, only one updates the row.
        let consume = tx
          .updateTable('job')
          .set({ cron_fired_until: fireAt })
          .where('id', '=', job.id)
          .where('cron_state', '=', 'SCHEDULED');
        consume = job.cron_fired_until
          ? consume.where('cron_fired_until', '=', job.cron_fired_until)
          : consume.where('cron_fired_until', 'is', null);
        const taken = await consume.returning('id').executeTakeFirst();
        if (!taken) return null;
        return createExecution(tx, {
          moduleId: job.module_id,
          jobId: job.id,
          trigger: 'CRON',
          createdBy: null,
          batchNumber: null,
          cycleNumber: null,
          endDate: null,
          fileIds: [],
          now,
        });
      });
      if (id !== null) created.push(id);
    } catch (err) {
      // A job with nothing to run: the fire is skipped (consumed, so it is not retried every minute).
      w.log.warn({ err, jobId: job.id, fireAt }, 'scheduled job could not start');
      await w.db.updateTable('job').set({ cron_fired_until: fireAt }).where('id', '=', job.id).execute();
    }
  }
  return created;
}
