import { brsEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId } from '@/lib/module-actor.ts';
import * as service from './brs.service.ts';

/** Bank reconciliation statement (decision 0038): the endpoints of `brsEndpoints`, scoped to the caller's module. */
export function brsRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, async (_input, req) => ({ data: await service.listConfigs(ctx.db, selectedModuleId(req)) })),
      route(E.dataSources, (_input, req) => service.dataSources(ctx.db, selectedModuleId(req))),
      route(E.create, ({ body }, req) => service.saveConfig(ctx, moduleActorOf(req), body, null)),
      route(E.get, ({ params }, req) => service.getConfig(ctx.db, selectedModuleId(req), params.id)),
      route(E.update, ({ params, body }, req) => service.saveConfig(ctx, moduleActorOf(req), body, params.id)),
      route(E.delete, ({ params }, req) => service.deleteConfig(ctx, moduleActorOf(req), params.id)),
      route(E.statement, ({ params, query }, req) =>
        service.statement(ctx.db, selectedModuleId(req), params.id, query.asOnDate, query),
      ),
      route(E.groupItems, ({ params, query }, req) =>
        service.groupItems(ctx.db, selectedModuleId(req), params.id, params.group, query),
      ),
      route(E.download, ({ params, query }, req) => service.requestDownload(ctx, moduleActorOf(req), params.id, query)),
    ]);
}
