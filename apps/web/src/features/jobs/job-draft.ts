import {
  BULK_PROCESSOR_APPROVAL_ENTITY,
  coupleJobFilters,
  JOB_FILTERS,
  JOB_TEXTS,
  type JobActivityType,
  type JobDetail,
  type JobFilterName,
  type JobSaveRequest,
  splitExportColumns,
  validateJobSave,
} from '@recon/contract';

type Loose = Record<string, unknown>;

/** One activity row as the editor holds it; `key` is the row's identity for dragging (ids come after a save). */
export type ActivityDraft = {
  key: string;
  id: number | null;
  sequence: number;
  enabled: boolean;
  type: JobActivityType | null;
  typeId: number | null;
  /** Name of the chosen target, shown in the row; never sent. */
  name: string | null;
  pipelineSource: string | null;
  integrationAuthId: number | null;
  jobConfiguration: Loose | null;
  additionalInfo: Loose | null;
  bulkProcessorType: string | null;
  disputeActivity: Loose | null;
};

export type JobFlags = Record<JobFilterName, boolean>;

export type JobDraft = {
  name: string;
  noOfRetrial: number | null;
  retrialInterval: number | null;
  description: string;
  filters: JobFlags;
  activities: ActivityDraft[];
};

let nextKey = 0;
export function newActivityKey(): string {
  nextKey += 1;
  return `activity-${nextKey}`;
}

export const EXPORT_TYPES: readonly JobActivityType[] = ['FETCH_EXPORT_REPORT', 'CREATE_EXPORT_REPORT'];
export const isExportType = (type: JobActivityType | null) => type !== null && EXPORT_TYPES.includes(type);

export function noFilters(): JobFlags {
  return Object.fromEntries(JOB_FILTERS.map((f) => [f.name, false])) as JobFlags;
}

export function filtersOf(job: Pick<JobDetail, 'jobFilters'>): JobFlags {
  const flags = noFilters();
  for (const f of job.jobFilters) if (f.filterName.name in flags) flags[f.filterName.name as JobFilterName] = f.enabled;
  return flags;
}

/** Sets one filter; turning Run Batch Wise off also turns Show Batch Number Time Mapping off. */
export function withFilter(flags: JobFlags, name: JobFilterName, isEnabled: boolean): JobFlags {
  return coupleJobFilters({ ...flags, [name]: isEnabled });
}

export function newActivity(sequence: number): ActivityDraft {
  return {
    key: newActivityKey(),
    id: null,
    sequence,
    enabled: true,
    type: null,
    typeId: null,
    name: null,
    pipelineSource: null,
    integrationAuthId: null,
    jobConfiguration: null,
    additionalInfo: null,
    bulkProcessorType: null,
    disputeActivity: null,
  };
}

export function emptyJobDraft(): JobDraft {
  return { name: '', noOfRetrial: 0, retrialInterval: 0, description: '', filters: noFilters(), activities: [] };
}

/** Export columns come back as a list (or text); the editor shows them as one comma-separated text. */
function exportColumnsText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'string' ? value : '';
}

export function draftFromJob(job: JobDetail): JobDraft {
  return {
    name: job.name,
    noOfRetrial: job.noOfRetrial,
    retrialInterval: job.retrialInterval,
    description: job.description,
    filters: filtersOf(job),
    activities: job.activities.map((a) => {
      const config = a.activity.jobConfiguration;
      return {
        key: newActivityKey(),
        id: a.id,
        sequence: a.sequence,
        enabled: a.enabled,
        type: a.type as JobActivityType,
        typeId: a.activity.typeId,
        name: a.activity.name,
        pipelineSource: a.activity.pipelineSource,
        integrationAuthId: a.activity.integrationAuthId,
        jobConfiguration: config ? { ...config, exportColums: exportColumnsText(config.exportColums) } : null,
        additionalInfo: a.activity.additionalInfo,
        bulkProcessorType: a.bulkProcessorActivityDetails?.bulkProcessorType ?? null,
        disputeActivity: a.disputeActivity,
      };
    }),
  };
}

/** Sequences follow the row order, from 1. */
export function renumber(activities: readonly ActivityDraft[]): ActivityDraft[] {
  return activities.map((a, i) => (a.sequence === i + 1 ? a : { ...a, sequence: i + 1 }));
}

/** Moves the dragged row to where it was dropped, then renumbers. */
export function moveActivity(activities: readonly ActivityDraft[], fromKey: string, toKey: string): ActivityDraft[] {
  const from = activities.findIndex((a) => a.key === fromKey);
  const to = activities.findIndex((a) => a.key === toKey);
  if (from < 0 || to < 0 || from === to) return [...activities];
  const next = [...activities];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return renumber(next);
}

/** A new type starts from empty details: nothing of the previous type's target or settings is kept. */
export function withType(activity: ActivityDraft, type: JobActivityType | null): ActivityDraft {
  return {
    ...newActivity(activity.sequence),
    key: activity.key,
    id: activity.id,
    enabled: activity.enabled,
    type,
    pipelineSource: type === 'PIPE_LINE' ? 'FILE' : null,
  };
}

/** Picking the row's activity clears any bulk details. */
export function withTarget(
  activity: ActivityDraft,
  target: { typeId: number | null; name: string | null } & Partial<
    Pick<ActivityDraft, 'pipelineSource' | 'jobConfiguration' | 'additionalInfo' | 'integrationAuthId'>
  >,
): ActivityDraft {
  return { ...activity, ...target, bulkProcessorType: null };
}

/** Choosing a bulk processor type clears the normal activity. */
export function withBulkType(activity: ActivityDraft, bulkProcessorType: string | null): ActivityDraft {
  return {
    ...activity,
    typeId: null,
    name: null,
    pipelineSource: null,
    integrationAuthId: null,
    jobConfiguration: null,
    additionalInfo: null,
    bulkProcessorType,
  };
}

/** Export columns go as a list, split on commas. */
function jobConfigurationPayload(activity: ActivityDraft): Loose | null {
  const config = activity.jobConfiguration;
  if (!config) return null;
  if (!isExportType(activity.type)) return config;
  return { ...config, exportColums: splitExportColumns(exportColumnsText(config.exportColums)) };
}

/**
 * The save body of spec 2 §7: job fields, id, moduleId, eventName null, dashboardId as a number, activities
 * (without the activity name), and null for dataSources, conflictJobs and reconId. The schedule and the file
 * approval of a saved job are sent back as they are (saving MANUAL would end a running schedule).
 */
export function toSaveRequest(draft: JobDraft, job: JobDetail | null, moduleId: number): JobSaveRequest {
  return {
    ...(job ? { id: job.id } : {}),
    name: draft.name.trim(),
    description: draft.description.trim(),
    noOfRetrial: draft.noOfRetrial ?? 0,
    retrialInterval: draft.retrialInterval ?? 0,
    scheduleType: job?.scheduleType ?? 'MANUAL',
    cronExpression: job?.scheduleType === 'CRON' ? job.cronExpression : null,
    moduleId,
    eventName: null,
    dashboardId: job?.dashboardId ?? null,
    fileApprovalEnabled: job?.fileApprovalEnabled ?? false,
    activities: draft.activities.map((a, i) => {
      const isBulk = a.type === 'BULK_PROCESSOR';
      return {
        id: a.id,
        sequence: i + 1,
        enabled: a.enabled,
        type: a.type,
        activity: isBulk
          ? null
          : {
              typeId: a.typeId,
              pipelineSource: a.type === 'PIPE_LINE' ? a.pipelineSource : null,
              integrationAuthId: a.integrationAuthId,
              jobConfiguration: jobConfigurationPayload(a),
              additionalInfo: a.additionalInfo,
            },
        bulkProcessorActivityDetails: isBulk
          ? {
              bulkProcessorType: a.bulkProcessorType,
              bulkProcessorApprovalRefEntityName: BULK_PROCESSOR_APPROVAL_ENTITY,
              bulkProcessorApprovalRefEntityId: moduleId,
            }
          : null,
        disputeActivity: a.disputeActivity,
      };
    }),
    jobFilters: JOB_FILTERS.map((f) => ({
      filterName: { id: f.id, dataType: f.dataType, name: f.name },
      enabled: draft.filters[f.name],
    })),
    dataSources: null,
    conflictJobs: null,
    reconId: null,
  };
}

/** The checks' messages placed beside what they are about: the job's name, its activity list, each activity row. */
export type JobDraftProblems = {
  name?: string;
  activities?: string;
  /** By activity key: the row's missing type or target (or bulk processor type). */
  byActivity: Readonly<Record<string, string>>;
};

/** What the form marks inline after a refused Next: the same checks as the toast, every one at once. */
export function jobDraftProblems(draft: JobDraft, moduleId: number): JobDraftProblems {
  const request = toSaveRequest(draft, null, moduleId);
  const byActivity: Record<string, string> = {};
  (request.activities ?? []).forEach((activity, i) => {
    const key = draft.activities[i]?.key;
    const problem = validateJobSave({ activities: [activity] });
    if (key && problem) byActivity[key] = problem;
  });
  return {
    ...(request.name ? {} : { name: JOB_TEXTS.nameRequired }),
    ...(draft.activities.length === 0 ? { activities: JOB_TEXTS.atLeastOneActivity } : {}),
    byActivity,
  };
}
