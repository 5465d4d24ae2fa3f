import { type JobDetail, type JobSaveRequest, jobEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST v2/jobs: a new job; answers it as saved. */
export async function createJob(body: JobSaveRequest): Promise<JobDetail> {
  return call(jobEndpoints.create, { body });
}

export function useCreateJob(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    meta: { successMessage },
    onSuccess: () => invalidateReads(queryClient, 'jobs'),
  });
}
