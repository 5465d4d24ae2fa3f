import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** Jobs, their activities, runs and schedules (spec 2). */
export function jobRoutes(_ctx: FeatureContext): FastifyPluginAsyncZod {
  return async () => {};
}
