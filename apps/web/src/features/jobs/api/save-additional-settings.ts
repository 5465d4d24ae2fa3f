import {
  type JobAdditionalSettings,
  type JobAdditionalSettingsRequest,
  jobAdditionalSettingsRequestSchema,
  jobSettingsEndpoints,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** PUT v2/jobs/additional-settings: answers the settings as saved. */
export async function saveAdditionalSettings(body: JobAdditionalSettingsRequest): Promise<JobAdditionalSettings> {
  return call(jobSettingsEndpoints.save, { body: jobAdditionalSettingsRequestSchema.parse(body) });
}

export function useSaveAdditionalSettings(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdditionalSettings,
    meta: { successMessage },
    onSuccess: () => invalidateReads(queryClient, 'jobs'),
  });
}
