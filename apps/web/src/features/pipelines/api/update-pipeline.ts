import { type Pipeline, type PipelineRequest, pipelineEndpoints, pipelineRequestSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pipelinesQueryRoot } from '@/features/pipelines/api/get-pipelines';
import { call } from '@/lib/call';

/** PUT /v2/pipeline/{id}: the data table cannot change once the pipeline has a config or files. */
export async function updatePipeline({ id, body }: { id: number; body: PipelineRequest }): Promise<Pipeline> {
  return call(pipelineEndpoints.update, { params: { id }, body: pipelineRequestSchema.parse(body) });
}

export function useUpdatePipeline(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePipeline,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelinesQueryRoot }),
  });
}
