import {
  JOB_FILTERS,
  type JobActivity,
  type JobDetail,
  type JobFilterName,
  type JobScheduleType,
  jobStatusLabel,
} from '@recon/contract';
import type { ActivityRecord, JobRecord } from './jobs.queries.ts';

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export function toActivity(a: ActivityRecord): JobActivity {
  const bulk = asRecord(a.bulk_processor_details);
  return {
    id: a.id,
    sequence: a.sequence,
    enabled: a.enabled,
    type: a.type,
    activity: {
      typeId: a.type_id,
      name: a.target_name,
      pipelineSource: a.pipeline_source,
      integrationAuthId: a.integration_auth_id,
      jobConfiguration: asRecord(a.job_configuration),
      additionalInfo: asRecord(a.additional_info),
    },
    bulkProcessorActivityDetails: bulk
      ? {
          bulkProcessorType: String(bulk.bulkProcessorType ?? ''),
          bulkProcessorApprovalRefEntityName: String(bulk.bulkProcessorApprovalRefEntityName ?? ''),
          bulkProcessorApprovalRefEntityId: Number(bulk.bulkProcessorApprovalRefEntityId ?? 0),
        }
      : null,
    disputeActivity: asRecord(a.dispute_activity),
  };
}

/** All four filters, in the spec's order, whether or not a row exists. */
export function toFilters(rows: readonly { filter_name: string; enabled: boolean }[]): JobDetail['jobFilters'] {
  const enabled = new Map(rows.map((r) => [r.filter_name, r.enabled]));
  return JOB_FILTERS.map((f) => ({
    filterName: { id: f.id, dataType: f.dataType, name: f.name },
    enabled: enabled.get(f.name) ?? false,
  }));
}

export function filterFlags(
  rows: readonly { filter_name: string; enabled: boolean }[],
): Record<JobFilterName, boolean> {
  return Object.fromEntries(toFilters(rows).map((f) => [f.filterName.name, f.enabled])) as Record<
    JobFilterName,
    boolean
  >;
}

export function toJobDetail(
  job: JobRecord,
  activities: readonly ActivityRecord[],
  filters: readonly { filter_name: string; enabled: boolean }[],
  last: { id: number; status: string; created_at: Date } | undefined,
): JobDetail {
  return {
    id: job.id,
    name: job.name,
    description: job.description,
    noOfRetrial: job.no_of_retrial,
    retrialInterval: job.retrial_interval,
    scheduleType: (job.schedule_type === 'CRON' ? 'CRON' : 'MANUAL') satisfies JobScheduleType,
    cronExpression: job.cron_expression,
    cronState: job.cron_state,
    moduleId: job.module_id,
    dashboardId: job.dashboard_id,
    fileApprovalEnabled: job.file_approval_enabled,
    eventName: null,
    activities: activities.map(toActivity),
    jobFilters: toFilters(filters),
    lastExecution: last
      ? {
          id: last.id,
          status: last.status,
          statusLabel: jobStatusLabel(last.status),
          createdAt: last.created_at.toISOString(),
        }
      : null,
    createdAt: job.created_at.toISOString(),
    updatedAt: job.updated_at.toISOString(),
  };
}
