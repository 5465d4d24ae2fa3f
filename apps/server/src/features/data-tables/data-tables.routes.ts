import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** Data tables, their columns and duplicate-check configs (spec 2). */
export function dataTableRoutes(_ctx: FeatureContext): FastifyPluginAsyncZod {
  return async () => {};
}
