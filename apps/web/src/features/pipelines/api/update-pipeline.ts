import { type Pipeline, type PipelineRequest, pipelineEndpoints, pipelineRequestSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** PUT /v2/pipeline/{id}: the data table cannot change once the pipeline has a config or files. */
export async function updatePipeline({ id, body }: { id: number; body: PipelineRequest }): Promise<Pipeline> {
  return call(pipelineEndpoints.update, { params: { id }, body: pipelineRequestSchema.parse(body) });
}

export function useUpdatePipeline(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePipeline,
    meta: { successMessage },
    // Data source rows name their pipeline.
    onSuccess: () => invalidateReads(queryClient, 'pipelines', 'dataSources'),
  });
}
