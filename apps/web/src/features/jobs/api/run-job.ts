import {
  type JobExecutionDetail,
  type JobRunRequest,
  jobExecutionDetailSchema,
  jobRunRequestSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { http } from '@/lib/http';

/** POST /v2/jobs?opertionType=MANUAL_JOB_EXEC {id, jobExecutionParam, fileIds?}: answers the queued run. */
export async function runJob(body: JobRunRequest): Promise<JobExecutionDetail> {
  const { data } = await http.post('/v2/jobs', jobRunRequestSchema.parse(body), {
    params: { opertionType: 'MANUAL_JOB_EXEC' },
  });
  return jobExecutionDetailSchema.parse(data);
}

export function useRunJob(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runJob,
    meta: { successMessage },
    // The list shows each job's last run.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryRoot }),
  });
}
