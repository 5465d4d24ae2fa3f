import { type MessageBody, messageBodySchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parallelJobConfigsRoot } from '@/features/jobs/api/get-parallel-job-configs';
import { http } from '@/lib/http';

/** DELETE /v2/parallel_job_config/{id}. */
export async function deleteParallelJobConfig(id: number): Promise<MessageBody> {
  const { data } = await http.delete(`/v2/parallel_job_config/${id}`);
  return messageBodySchema.parse(data);
}

export function useDeleteParallelJobConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParallelJobConfig,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parallelJobConfigsRoot }),
  });
}
