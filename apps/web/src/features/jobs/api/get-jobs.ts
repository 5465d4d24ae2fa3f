import { type JobRow, jobEndpoints, type PagedAnswer, toPagedQuery } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

export type JobsParams = { start: number; length: number; search: string };

/** GET /v2/jobs (DataTables): one page of the module's jobs; `search[value]` searches names. */
export async function getJobs({ start, length, search }: JobsParams): Promise<PagedAnswer<JobRow>> {
  const query: Record<string, string | number> = {
    ...toPagedQuery({
      start,
      length,
      draw: start / length + 1,
      columns: [{ data: 'name' }, { data: 'description' }, { data: 'activityCount' }, { data: 'lastExecutionStatus' }],
      order: [{ column: 0, dir: 'asc' }],
    }),
    'search[value]': search.trim(),
  };
  return call(jobEndpoints.list, { query });
}

export function jobsQuery(moduleId: number, params: JobsParams) {
  return queryOptions({
    queryKey: [...readKeys.jobs.ofModule(moduleId), 'list', params],
    queryFn: () => getJobs(params),
    placeholderData: keepPreviousData,
  });
}

export function useJobs(moduleId: number, params: JobsParams) {
  return useQuery(jobsQuery(moduleId, params));
}
