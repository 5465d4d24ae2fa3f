import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** Invalid and duplicate rows of loaded files (spec 2). */
export function pipelineRowRoutes(_ctx: FeatureContext): FastifyPluginAsyncZod {
  return async () => {};
}
