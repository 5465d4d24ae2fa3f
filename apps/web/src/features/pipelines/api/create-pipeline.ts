import { type Pipeline, type PipelineRequest, pipelineEndpoints, pipelineRequestSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST /v2/pipeline {name, description, source, dataTableId}. */
export async function createPipeline(body: PipelineRequest): Promise<Pipeline> {
  return call(pipelineEndpoints.create, { body: pipelineRequestSchema.parse(body) });
}

/** The form shows field errors (a taken name) on its fields; the common toast shows them too. */
export function useCreatePipeline(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPipeline,
    meta: { successMessage },
    onSuccess: () => invalidateReads(queryClient, 'pipelines'),
  });
}
