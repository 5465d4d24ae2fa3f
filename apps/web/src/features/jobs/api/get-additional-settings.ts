import { type JobAdditionalSettings, jobAdditionalSettingsSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { http } from '@/lib/http';

/** GET v2/jobs/additional-settings/{jobId}: file approval, file validation and pipeline privileges. */
export async function getAdditionalSettings(jobId: number): Promise<JobAdditionalSettings> {
  const { data } = await http.get(`/v2/jobs/additional-settings/${jobId}`);
  return jobAdditionalSettingsSchema.parse(data);
}

export function additionalSettingsQuery(moduleId: number, jobId: number) {
  return queryOptions({
    queryKey: [...jobsQueryRoot, moduleId, 'additional-settings', jobId],
    queryFn: () => getAdditionalSettings(jobId),
  });
}

export function useAdditionalSettings(moduleId: number, jobId: number) {
  return useQuery(additionalSettingsQuery(moduleId, jobId));
}
