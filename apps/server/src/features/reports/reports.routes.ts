import { reportEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId } from '@/lib/module-actor.ts';
import * as service from './reports.service.ts';

/** Reports (decision 0036): the endpoints of `reportEndpoints`, scoped to the caller's module. */
export function reportRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, ({ query }, req) => service.list(ctx.db, selectedModuleId(req), query)),
      route(E.dataSources, (_input, req) => service.dataSources(ctx.db, selectedModuleId(req))),
      route(E.create, ({ body }, req) => service.save(ctx, moduleActorOf(req), body, null)),
      route(E.preview, ({ body }, req) => service.preview(ctx.db, selectedModuleId(req), body)),
      route(E.executions, ({ query }, req) => service.executions(ctx.db, selectedModuleId(req), query)),
      route(E.execution, ({ params }, req) => service.execution(ctx.db, selectedModuleId(req), params.executionId)),
      route(E.results, ({ params, query }, req) =>
        service.results(ctx.db, selectedModuleId(req), params.executionId, query),
      ),
      route(E.download, ({ params, query }, req) =>
        service.requestDownload(ctx, moduleActorOf(req), params.executionId, query.format),
      ),
      route(E.get, ({ params }, req) => service.get(ctx.db, selectedModuleId(req), params.id)),
      route(E.update, ({ params, body }, req) => service.save(ctx, moduleActorOf(req), body, params.id)),
      route(E.delete, ({ params }, req) => service.remove(ctx, moduleActorOf(req), params.id)),
      route(E.run, ({ params, body }, req) => service.run(ctx, moduleActorOf(req), params.id, body)),
      route(E.groups, (_input, req) => service.groups(ctx.db, selectedModuleId(req))),
      route(E.createGroup, ({ body }, req) => service.saveGroup(ctx, moduleActorOf(req), body, null)),
      route(E.updateGroup, ({ params, body }, req) => service.saveGroup(ctx, moduleActorOf(req), body, params.id)),
      route(E.deleteGroup, ({ params }, req) => service.deleteGroup(ctx, moduleActorOf(req), params.id)),
    ]);
}
