import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** Job executions and their activity executions (spec 2). */
export function jobExecutionRoutes(_ctx: FeatureContext): FastifyPluginAsyncZod {
  return async () => {};
}
