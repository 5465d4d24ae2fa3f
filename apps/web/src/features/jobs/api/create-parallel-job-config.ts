import {
  type ParallelJobConfig,
  type ParallelJobConfigSave,
  parallelJobConfigSaveSchema,
  parallelJobConfigSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parallelJobConfigsRoot } from '@/features/jobs/api/get-parallel-job-configs';
import { http } from '@/lib/http';

/** POST /v2/parallel_job_config. */
export async function createParallelJobConfig(body: ParallelJobConfigSave): Promise<ParallelJobConfig> {
  const { data } = await http.post('/v2/parallel_job_config', parallelJobConfigSaveSchema.parse(body));
  return parallelJobConfigSchema.parse(data);
}

export function useCreateParallelJobConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createParallelJobConfig,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parallelJobConfigsRoot }),
  });
}
