import { type JobDetail, type JobSaveRequest, jobDetailSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { http } from '@/lib/http';

/** PUT v2/jobs?opertionType=UPDATE (the spec's spelling): the job body with its id. */
export async function updateJob(body: JobSaveRequest): Promise<JobDetail> {
  const { data } = await http.put('/v2/jobs', body, { params: { opertionType: 'UPDATE' } });
  return jobDetailSchema.parse(data);
}

export function useUpdateJob(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryRoot }),
  });
}
