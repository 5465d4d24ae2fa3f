import { type Pipeline, type PipelineRequest, pipelineRequestSchema, pipelineSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pipelinesQueryRoot } from '@/features/pipelines/api/get-pipelines';
import { http } from '@/lib/http';

/** PUT /v2/pipeline/{id}: the data table cannot change once the pipeline has a config or files. */
export async function updatePipeline({ id, body }: { id: number; body: PipelineRequest }): Promise<Pipeline> {
  const { data } = await http.put(`/v2/pipeline/${id}`, pipelineRequestSchema.parse(body));
  return pipelineSchema.parse(data);
}

export function useUpdatePipeline(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePipeline,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelinesQueryRoot }),
  });
}
