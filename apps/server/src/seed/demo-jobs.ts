import { JOB_FILTER_NAMES } from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import { sql } from 'kysely';

export const DEMO_JOB_NAME = 'Daily Bank and Gateway Load';

/**
 * The demo job: load the bank statement pipeline, then the payment-gateway pipeline, then run the recon (when
 * given). Created once per module (a job of that name already there is kept as is); answers the job id.
 */
export async function seedDemoJob(
  db: Db,
  ids: { moduleId: number; bankPipelineId: number; pgPipelineId: number; reconId?: number },
): Promise<number> {
  return withTransaction(db, {}, async ({ db: tx }) => {
    const existing = await tx
      .selectFrom('job')
      .select('id')
      .where('module_id', '=', ids.moduleId)
      .where(sql`lower(name)`, '=', DEMO_JOB_NAME.toLowerCase())
      .executeTakeFirst();
    if (existing) return existing.id;
    const { id } = await tx
      .insertInto('job')
      .values({
        module_id: ids.moduleId,
        name: DEMO_JOB_NAME,
        description: 'Loads the day’s bank statement and payment-gateway settlement files, then reconciles them',
        no_of_retrial: 1,
        retrial_interval: 5,
        schedule_type: 'MANUAL',
        cron_expression: null,
        cron_state: null,
        dashboard_id: null,
        additional_settings: '{}',
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('job_activity')
      .values(
        [ids.bankPipelineId, ids.pgPipelineId].map((pipelineId, i) => ({
          job_id: id,
          sequence: i + 1,
          enabled: true,
          type: 'PIPE_LINE',
          type_id: pipelineId,
          pipeline_source: 'FILE',
        })),
      )
      .execute();
    if (ids.reconId !== undefined) {
      await tx
        .insertInto('job_activity')
        .values({ job_id: id, sequence: 3, enabled: true, type: 'RECON', type_id: ids.reconId, pipeline_source: null })
        .execute();
    }
    await tx
      .insertInto('job_filter')
      .values(JOB_FILTER_NAMES.map((filter_name) => ({ job_id: id, filter_name, enabled: false })))
      .execute();
    return id;
  });
}
