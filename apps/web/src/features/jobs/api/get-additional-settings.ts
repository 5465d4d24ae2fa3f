import { type JobAdditionalSettings, jobSettingsEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET v2/jobs/additional-settings/{jobId}: file approval, file validation and pipeline privileges. */
export async function getAdditionalSettings(jobId: number): Promise<JobAdditionalSettings> {
  return call(jobSettingsEndpoints.get, { params: { jobId } });
}

export function additionalSettingsQuery(moduleId: number, jobId: number) {
  return queryOptions({
    queryKey: [...readKeys.jobs.ofModule(moduleId), 'additional-settings', jobId],
    queryFn: () => getAdditionalSettings(jobId),
  });
}

export function useAdditionalSettings(moduleId: number, jobId: number) {
  return useQuery(additionalSettingsQuery(moduleId, jobId));
}
