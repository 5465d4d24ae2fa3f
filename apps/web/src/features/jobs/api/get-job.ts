import { type JobDetail, jobEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET v2/jobs/{id}: the job with its activities (in sequence), filters and schedule. */
export async function getJob(id: number): Promise<JobDetail> {
  return call(jobEndpoints.detail, { params: { id } });
}

export function jobQuery(moduleId: number, id: number) {
  return queryOptions({ queryKey: [...readKeys.jobs.ofModule(moduleId), 'one', id], queryFn: () => getJob(id) });
}

/** The screens that load a job show the error themselves and go back to the jobs list. */
export function useJob(moduleId: number, id: number, isEnabled = true) {
  return useQuery({ ...jobQuery(moduleId, id), enabled: isEnabled && id > 0, meta: { isGlobalErrorSkipped: true } });
}
