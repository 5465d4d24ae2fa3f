import {
  type ParallelJobConfig,
  type ParallelJobConfigSave,
  parallelJobConfigSaveSchema,
  parallelJobConfigSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parallelJobConfigsRoot } from '@/features/jobs/api/get-parallel-job-configs';
import { http } from '@/lib/http';

/** PUT /v2/parallel_job_config (the body carries the id). */
export async function updateParallelJobConfig(body: ParallelJobConfigSave): Promise<ParallelJobConfig> {
  const { data } = await http.put('/v2/parallel_job_config', parallelJobConfigSaveSchema.parse(body));
  return parallelJobConfigSchema.parse(data);
}

export function useUpdateParallelJobConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParallelJobConfig,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parallelJobConfigsRoot }),
  });
}
