import { dataSourceEndpoints as E, type EndpointInput } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import * as elements from './data-elements.service.ts';
import * as service from './data-sources.service.ts';

type Input<K extends keyof typeof E> = EndpointInput<(typeof E)[K]>;

/** GET v2/datasources without Find: a DataTables page. */
async function listDataSources(ctx: FeatureContext, { query }: Input<'list'>, req: FastifyRequest) {
  const { rows, total, filtered } = await service.listPage(ctx, moduleId(req), query);
  return pagedList(query, { total, filtered, rows: rows.map(service.toRow) });
}

/** PUT v2/datasources without Operation: an edit whose body carries the id. */
function updateDataSourceWithId(ctx: FeatureContext, { body }: Input<'update'>, req: FastifyRequest) {
  if (body.id === undefined) {
    throw new AppError('VALIDATION', 'id is Required', [{ field: 'id', defaultMessage: 'id is Required' }]);
  }
  return service.updateDataSource(ctx, moduleActorOf(req), body.id, body);
}

/** Data sources and their data elements (spec 2): the endpoints of `dataSourceEndpoints`, one handler each. */
export function dataSourceRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, (input, req) => listDataSources(ctx, input, req)),
      route(E.byModule, async ({ query }, req) => ({
        data: await service.byModule(ctx, moduleId(req), query.moduleId),
      })),
      route(E.byRecon, async ({ query }, req) => ({
        data: await service.byRecon(ctx, moduleId(req), query.recon, query.moduleId),
      })),
      route(E.validateName, async ({ query }, req) => ({
        data: await service.checkName(ctx, moduleId(req), query.name, query.id),
      })),
      route(E.detail, ({ params }, req) => service.getDetail(ctx, moduleId(req), params.id)),
      route(E.elements, async ({ params }, req) => ({
        data: await service.getElements(ctx, moduleId(req), params.id),
      })),
      route(E.create, ({ body }, req) => service.createDataSource(ctx, moduleActorOf(req), body)),
      route(E.update, (input, req) => updateDataSourceWithId(ctx, input, req)),
      route(E.updateSequence, async ({ body }, req) => ({
        data: await service.updateSequence(ctx, moduleActorOf(req), body),
      })),
      route(E.updateById, ({ params, body }, req) =>
        service.updateDataSource(ctx, moduleActorOf(req), params.id, body),
      ),
      route(E.duplicate, ({ params, body }, req) =>
        service.duplicateDataSource(ctx, moduleActorOf(req), params.id, body),
      ),
      route(E.createElement, ({ query, body }, req) =>
        elements.createDataElement(ctx, moduleActorOf(req), query.dataSourceId, body),
      ),
      route(E.updateElement, ({ query, body }, req) =>
        elements.updateDataElement(ctx, moduleActorOf(req), query.dataSourceId, body),
      ),
    ]);
}
