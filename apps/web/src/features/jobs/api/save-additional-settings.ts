import {
  type JobAdditionalSettings,
  type JobAdditionalSettingsRequest,
  jobAdditionalSettingsRequestSchema,
  jobAdditionalSettingsSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { http } from '@/lib/http';

/** PUT v2/jobs/additional-settings: answers the settings as saved. */
export async function saveAdditionalSettings(body: JobAdditionalSettingsRequest): Promise<JobAdditionalSettings> {
  const { data } = await http.put('/v2/jobs/additional-settings', jobAdditionalSettingsRequestSchema.parse(body));
  return jobAdditionalSettingsSchema.parse(data);
}

export function useSaveAdditionalSettings(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdditionalSettings,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryRoot }),
  });
}
