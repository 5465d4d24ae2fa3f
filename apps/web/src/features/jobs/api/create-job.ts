import { type JobDetail, type JobSaveRequest, jobDetailSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { http } from '@/lib/http';

/** POST v2/jobs: a new job; answers it as saved. */
export async function createJob(body: JobSaveRequest): Promise<JobDetail> {
  const { data } = await http.post('/v2/jobs', body);
  return jobDetailSchema.parse(data);
}

export function useCreateJob(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryRoot }),
  });
}
