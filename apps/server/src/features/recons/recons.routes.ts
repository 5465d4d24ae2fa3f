import { reconEndpoints as E, type EndpointInput } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import * as service from './recons.service.ts';

type Input<K extends keyof typeof E> = EndpointInput<(typeof E)[K]>;

/** GET v2/recons without Find: a DataTables page. */
async function listRecons(ctx: FeatureContext, { query }: Input<'list'>, req: FastifyRequest) {
  return pagedList(query, await service.listPage(ctx, moduleId(req), query));
}

/** PUT v2/recons: an edit whose body carries the id. */
function updateReconWithId(ctx: FeatureContext, { body }: Input<'update'>, req: FastifyRequest) {
  if (body.id === undefined) {
    throw new AppError('VALIDATION', 'id is Required', [{ field: 'id', defaultMessage: 'id is Required' }]);
  }
  return service.updateRecon(ctx, moduleActorOf(req), body.id, body);
}

/** Recons (spec 2): a recon joins two data sources, side A (sequence 1) and side B (sequence 2). Rules come later. */
export function reconRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, (input, req) => listRecons(ctx, input, req)),
      route(E.byModule, async ({ query }, req) => ({
        data: await service.reconsOfModule(ctx, moduleId(req), query.module),
      })),
      route(E.detail, ({ params }, req) => service.getReconDetail(ctx, moduleId(req), params.id)),
      route(E.create, ({ body }, req) => service.createRecon(ctx, moduleActorOf(req), body)),
      route(E.update, (input, req) => updateReconWithId(ctx, input, req)),
      route(E.updateById, ({ params, body }, req) => service.updateRecon(ctx, moduleActorOf(req), params.id, body)),
      route(E.delete, ({ params }, req) => service.deleteRecon(ctx, moduleActorOf(req), params.id)),
    ]);
}
