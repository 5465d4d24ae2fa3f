import { type Pipeline, type PipelineRequest, pipelineRequestSchema, pipelineSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pipelinesQueryRoot } from '@/features/pipelines/api/get-pipelines';
import { http } from '@/lib/http';

/** POST /v2/pipeline {name, description, source, dataTableId}. */
export async function createPipeline(body: PipelineRequest): Promise<Pipeline> {
  const { data } = await http.post('/v2/pipeline', pipelineRequestSchema.parse(body));
  return pipelineSchema.parse(data);
}

/** The form shows field errors (a taken name) on its fields; the common toast shows them too. */
export function useCreatePipeline(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPipeline,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelinesQueryRoot }),
  });
}
