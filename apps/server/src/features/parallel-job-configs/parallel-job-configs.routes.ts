import { parallelJobConfigEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf, moduleOf } from '@/lib/actor.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import * as service from './parallel-job-configs.service.ts';

/** Parallel job configs (spec 2): the endpoints of `parallelJobConfigEndpoints`, scoped to the caller's module. */
export function parallelJobConfigRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, async (_input, req) => ({ data: await service.listConfigs(ctx.db, moduleOf(req)) })),
      route(E.create, ({ body }, req) => service.saveConfig(ctx, moduleOf(req), body, actorOf(req), 'create')),
      route(E.update, ({ body }, req) => service.saveConfig(ctx, moduleOf(req), body, actorOf(req), 'update')),
      route(E.delete, ({ params }, req) => service.deleteConfig(ctx, moduleOf(req), params.id, actorOf(req))),
    ]);
}
