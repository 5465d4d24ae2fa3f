import {
  type ParallelJobConfig,
  type ParallelJobConfigSave,
  parallelJobConfigEndpoints,
  parallelJobConfigSaveSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parallelJobConfigsRoot } from '@/features/jobs/api/get-parallel-job-configs';
import { call } from '@/lib/call';

/** POST /v2/parallel_job_config. */
export async function createParallelJobConfig(body: ParallelJobConfigSave): Promise<ParallelJobConfig> {
  return call(parallelJobConfigEndpoints.create, { body: parallelJobConfigSaveSchema.parse(body) });
}

export function useCreateParallelJobConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createParallelJobConfig,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parallelJobConfigsRoot }),
  });
}
