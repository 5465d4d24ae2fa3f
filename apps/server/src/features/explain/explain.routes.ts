import { explainEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as service from './explain.service.ts';

/** Explain: why a row is matched (rule, counterparts, condition values) or open (nearest candidates per rule). */
export function explainRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [route(E.explainRow, ({ query }, req) => service.explain(ctx, moduleId(req), query))]);
}
