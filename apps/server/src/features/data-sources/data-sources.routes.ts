import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** Data sources and their data elements (spec 2). */
export function dataSourceRoutes(_ctx: FeatureContext): FastifyPluginAsyncZod {
  return async () => {};
}
