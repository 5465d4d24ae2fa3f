import {
  type ParallelJobConfig,
  type ParallelJobConfigSave,
  parallelJobConfigEndpoints,
  parallelJobConfigSaveSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parallelJobConfigsRoot } from '@/features/jobs/api/get-parallel-job-configs';
import { call } from '@/lib/call';

/** PUT /v2/parallel_job_config (the body carries the id). */
export async function updateParallelJobConfig(body: ParallelJobConfigSave): Promise<ParallelJobConfig> {
  return call(parallelJobConfigEndpoints.update, { body: parallelJobConfigSaveSchema.parse(body) });
}

export function useUpdateParallelJobConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParallelJobConfig,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parallelJobConfigsRoot }),
  });
}
