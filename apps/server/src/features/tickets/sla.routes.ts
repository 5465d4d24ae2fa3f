import { ticketSlaEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as service from './sla.service.ts';

/** The tickets' SLA rule and the tickets page's counts by status and age (decision 0032). */
export function ticketSlaRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.rule, (_input, req) => service.rule(ctx.db, moduleId(req))),
      route(E.save, ({ body }, req) => service.save(ctx.db, moduleActorOf(req), body, ctx.now())),
      route(E.counts, ({ query }, req) => service.counts(ctx.db, moduleId(req), query.origin, ctx.now())),
    ]);
}
