import { type MessageBody, parallelJobConfigEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parallelJobConfigsRoot } from '@/features/jobs/api/get-parallel-job-configs';
import { call } from '@/lib/call';

/** DELETE /v2/parallel_job_config/{id}. */
export async function deleteParallelJobConfig(id: number): Promise<MessageBody> {
  return call(parallelJobConfigEndpoints.delete, { params: { id } });
}

export function useDeleteParallelJobConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParallelJobConfig,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parallelJobConfigsRoot }),
  });
}
