import { type JobExecutionDetail, type JobRunRequest, jobEndpoints, jobRunRequestSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST /v2/jobs?opertionType=MANUAL_JOB_EXEC {id, jobExecutionParam, fileIds?}: answers the queued run. */
export async function runJob(body: JobRunRequest): Promise<JobExecutionDetail> {
  return call(jobEndpoints.run, { body: jobRunRequestSchema.parse(body) });
}

export function useRunJob(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runJob,
    meta: { successMessage },
    // The list shows each job's last run.
    onSuccess: () => invalidateReads(queryClient, 'jobs'),
  });
}
