import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** File uploads and the file-upload history (spec 2). */
export function fileRoutes(_ctx: FeatureContext): FastifyPluginAsyncZod {
  return async () => {};
}
