import {
  type JobExecutionRow,
  type JobExecutionStatus,
  jobExecutionEndpoints,
  type PagedAnswer,
  toPagedQuery,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EXECUTION_REFRESH_MS, isMoving } from '@/features/job-executions/execution-status';
import { call } from '@/lib/call';

/** Columns the server sorts by, in the order they are sent as `columns[i][data]`. */
export const EXECUTION_SORT_COLUMNS = [
  'id',
  'jobName',
  'status',
  'trigger',
  'batchNumber',
  'cycleNumber',
  'startedAt',
  'finishedAt',
  'durationSeconds',
  'startedBy',
] as const;
export type ExecutionSortColumn = (typeof EXECUTION_SORT_COLUMNS)[number];

export type JobExecutionsParams = {
  start: number;
  length: number;
  jobId?: number;
  status?: JobExecutionStatus;
  /** YYYY-MM-DD, inclusive. */
  fromDate: string;
  toDate: string;
  sort?: { column: ExecutionSortColumn; dir: 'asc' | 'desc' };
};

/** GET /v2/jobexecutions: one DataTables page of the module's runs, newest first unless sorted. */
export async function getJobExecutions(params: JobExecutionsParams): Promise<PagedAnswer<JobExecutionRow>> {
  const { start, length, sort, ...filters } = params;
  const query: Record<string, string | number> = toPagedQuery({
    start,
    length,
    draw: start / length + 1,
    columns: EXECUTION_SORT_COLUMNS.map((data) => ({ data })),
    order: sort ? [{ column: EXECUTION_SORT_COLUMNS.indexOf(sort.column), dir: sort.dir }] : [],
  });
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  return call(jobExecutionEndpoints.list, { query });
}

export const jobExecutionsRoot = (moduleId: number) => ['job-executions', moduleId] as const;

export function jobExecutionsQuery(moduleId: number, params: JobExecutionsParams) {
  return queryOptions({
    queryKey: [...jobExecutionsRoot(moduleId), 'list', params],
    queryFn: () => getJobExecutions(params),
    placeholderData: keepPreviousData,
    // Queued and running runs change on their own: ask again until none is left on the page.
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => isMoving(row.status)) ? EXECUTION_REFRESH_MS : false,
  });
}

export function useJobExecutions(moduleId: number, params: JobExecutionsParams) {
  return useQuery(jobExecutionsQuery(moduleId, params));
}
