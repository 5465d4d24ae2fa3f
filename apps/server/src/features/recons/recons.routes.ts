import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** Recons (spec 2). */
export function reconRoutes(_ctx: FeatureContext): FastifyPluginAsyncZod {
  return async () => {};
}
