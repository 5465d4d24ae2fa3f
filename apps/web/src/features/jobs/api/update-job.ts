import { type JobDetail, type JobSaveRequest, jobEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** PUT v2/jobs?opertionType=UPDATE (the spec's spelling): the job body with its id. */
export async function updateJob(body: JobSaveRequest): Promise<JobDetail> {
  return call(jobEndpoints.update, { body });
}

export function useUpdateJob(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    meta: { successMessage },
    onSuccess: () => invalidateReads(queryClient, 'jobs'),
  });
}
