import { rollbackEndpoints as E, type EndpointInput } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import { listRollbacks } from './rollbacks.queries.ts';
import * as service from './rollbacks.service.ts';

/** GET v2/executionrollbacks: a DataTables page of the module's rollbacks. */
async function listRollbackPage(ctx: FeatureContext, { query }: EndpointInput<typeof E.list>, req: FastifyRequest) {
  return pagedList(query, await listRollbacks(ctx.db, moduleId(req), query));
}

/** Rollbacks of job executions (spec 2 §7): impact, request, retry, history. Every call is scoped to the module. */
export function rollbackRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.impact, ({ params }, req) => service.getImpact(ctx.db, moduleId(req), params.id)),
      route(E.request, ({ query, body }, req) =>
        service.requestRollback(ctx, moduleActorOf(req), query.jobExecution, app.log, body?.reason),
      ),
      route(E.retry, ({ params }, req) => service.retryRollback(ctx, moduleActorOf(req), params.id, app.log)),
      route(E.list, (input, req) => listRollbackPage(ctx, input, req)),
      route(E.detail, ({ params }, req) => service.getDetail(ctx.db, moduleId(req), params.id)),
    ]);
}
