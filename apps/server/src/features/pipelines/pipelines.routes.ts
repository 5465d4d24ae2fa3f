import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** Pipelines and their file-upload configs (spec 2). */
export function pipelineRoutes(_ctx: FeatureContext): FastifyPluginAsyncZod {
  return async () => {};
}
