import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** Parallel job configs (spec 2). */
export function parallelJobConfigRoutes(_ctx: FeatureContext): FastifyPluginAsyncZod {
  return async () => {};
}
