import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** Master data: reference tables edited in the browser or loaded by upload (spec 2). */
export function masterDataRoutes(_ctx: FeatureContext): FastifyPluginAsyncZod {
  return async () => {};
}
