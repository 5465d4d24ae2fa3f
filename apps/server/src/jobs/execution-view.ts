import { activityStatusLabel, type JobExecutionDetail, type JobExecutionRow, jobStatusLabel } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';

// How runs are shown (list rows, detail with activities and files). Shared by the run endpoints (jobs) and
// the history endpoints (job executions).

export function executionRowsQuery(db: Db) {
  return db
    .selectFrom('job_execution as e')
    .innerJoin('job as j', 'j.id', 'e.job_id')
    .leftJoin('app_user as u', 'u.id', 'e.created_by')
    .leftJoin('app_user as checker', 'checker.id', 'e.approved_by')
    .select([
      'e.id',
      'e.module_id',
      'e.job_id',
      'j.name as job_name',
      'e.status',
      'e.trigger_type',
      'e.batch_number',
      'e.cycle_number',
      sql<string | null>`to_char(e.end_date, 'YYYY-MM-DD')`.as('end_date'),
      'e.error_message',
      'u.user_name as started_by',
      'e.created_at',
      'e.started_at',
      'e.finished_at',
      'e.approval_status',
      'e.needs_file_approval',
      'checker.user_name as approved_by',
      'e.approved_at',
    ]);
}
export type ExecutionRecord = Awaited<ReturnType<ReturnType<typeof executionRowsQuery>['execute']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toExecutionRow(e: ExecutionRecord): JobExecutionRow {
  return {
    id: e.id,
    jobId: e.job_id,
    jobName: e.job_name,
    status: e.status,
    statusLabel: jobStatusLabel(e.status),
    trigger: e.trigger_type,
    batchNumber: e.batch_number,
    cycleNumber: e.cycle_number,
    endDate: e.end_date,
    errorMessage: e.error_message,
    startedBy: e.started_by,
    createdAt: e.created_at.toISOString(),
    startedAt: iso(e.started_at),
    finishedAt: iso(e.finished_at),
    durationSeconds:
      e.started_at && e.finished_at
        ? Math.max(0, Math.round((e.finished_at.getTime() - e.started_at.getTime()) / 1000))
        : null,
    approvalStatus: e.approval_status,
  };
}

/** One run of the module with its activity executions and files; undefined for an id of another module. */
export async function getExecutionDetail(
  db: Db,
  moduleId: number,
  id: number,
): Promise<JobExecutionDetail | undefined> {
  const e = await executionRowsQuery(db).where('e.id', '=', id).where('e.module_id', '=', moduleId).executeTakeFirst();
  if (!e) return undefined;
  const [activities, files] = await Promise.all([
    db
      .selectFrom('activity_execution as a')
      .select([
        'a.id',
        'a.sequence',
        'a.type',
        'a.type_id',
        'a.status',
        'a.attempt',
        'a.counts',
        'a.error_message',
        'a.started_at',
        'a.finished_at',
        sql<string | null>`CASE
          WHEN a.type = 'PIPE_LINE' THEN (SELECT p.name FROM pipeline p WHERE p.id = a.type_id)
          WHEN a.type = 'RECON' THEN (SELECT r.name FROM recon r WHERE r.id = a.type_id)
          WHEN a.type IN ('FETCH_EXPORT_REPORT', 'CREATE_EXPORT_REPORT')
            THEN (SELECT x.config_name FROM export_report_config x WHERE x.id = a.type_id)
        END`.as('name'),
      ])
      .where('a.job_execution_id', '=', id)
      .orderBy('a.sequence')
      .execute(),
    db
      .selectFrom('uploaded_file')
      .select(['id', 'original_name', 'pipeline_id', 'status'])
      .where('job_execution_id', '=', id)
      .orderBy('id')
      .execute(),
  ]);
  return {
    ...toExecutionRow(e),
    needsFileApproval: e.needs_file_approval,
    approvedBy: e.approved_by,
    approvedAt: iso(e.approved_at),
    activities: activities.map((a) => ({
      id: a.id,
      sequence: a.sequence,
      type: a.type,
      typeId: a.type_id,
      name: a.name,
      status: a.status,
      statusLabel: activityStatusLabel(a.status, e.status),
      attempt: a.attempt,
      counts: a.counts,
      errorMessage: a.error_message,
      startedAt: iso(a.started_at),
      finishedAt: iso(a.finished_at),
    })),
    files: files.map((f) => ({ id: f.id, originalName: f.original_name, pipelineId: f.pipeline_id, status: f.status })),
  };
}
