import { masterDataEndpoints as E, type EndpointInput } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { listDataTables } from '@/lib/data-tables/registry.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import * as service from './master-data.service.ts';

type Input<K extends keyof typeof E> = EndpointInput<(typeof E)[K]>;

/** GET v2/masterdata: a DataTables page of the module's MASTER tables. */
async function listMasterTables(ctx: FeatureContext, { query }: Input<'listTables'>, req: FastifyRequest) {
  return pagedList(query, await listDataTables(ctx.db, moduleId(req), query, 'MASTER'));
}

/** GET v2/masterdata/{id}/rows: a DataTables page of one table's rows. */
async function listMasterRows(ctx: FeatureContext, { params, query }: Input<'listRows'>, req: FastifyRequest) {
  return pagedList(query, await service.listMasterRows(ctx, moduleId(req), params.id, query));
}

/** Master data: reference tables (data tables of kind MASTER) edited in the browser or loaded by upload (spec 2). */
export function masterDataRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.listTables, (input, req) => listMasterTables(ctx, input, req)),
      route(E.table, ({ params }, req) => service.getMasterTable(ctx, moduleId(req), params.id)),
      route(E.createTable, ({ body }, req) => service.createMasterTable(ctx, moduleActorOf(req), body)),
      route(E.listRows, (input, req) => listMasterRows(ctx, input, req)),
      route(E.createRow, ({ params, body }, req) => service.createMasterRow(ctx, moduleActorOf(req), params.id, body)),
      route(E.updateRow, ({ params, body }, req) =>
        service.updateMasterRow(ctx, moduleActorOf(req), params.id, params.rowId, body),
      ),
      route(E.deleteRow, ({ params }, req) =>
        service.deleteMasterRow(ctx, moduleActorOf(req), params.id, params.rowId),
      ),
    ]);
}
