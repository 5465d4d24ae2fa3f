import { dataTableEndpoints as E, type EndpointInput } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { listDataTables } from '@/lib/data-tables/registry.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import * as service from './data-tables.service.ts';

/** GET v2/datatables: a DataTables page of the module's tables. */
async function listDataTablesPage(ctx: FeatureContext, { query }: EndpointInput<typeof E.list>, req: FastifyRequest) {
  return pagedList(query, await listDataTables(ctx.db, moduleId(req), query));
}

/** Data tables, their columns and duplicate-check configs (spec 2): the endpoints of `dataTableEndpoints`. */
export function dataTableRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, (input, req) => listDataTablesPage(ctx, input, req)),
      route(E.columns, async ({ query }, req) => ({
        data: await service.tableColumns(ctx, moduleId(req), query.table),
      })),
      route(E.statusColumns, async ({ query }, req) => ({
        data: await service.statusColumns(ctx, moduleId(req), query.table),
      })),
      route(E.detail, ({ params }, req) => service.getTableDetail(ctx, moduleId(req), params.id)),
      route(E.create, ({ body }, req) => service.createTable(ctx, moduleActorOf(req), body)),
      route(E.addColumn, ({ params, body }, req) => service.addColumn(ctx, moduleActorOf(req), params.id, body)),
      route(E.duplicateCheckConfigs, async ({ query }, req) => ({
        data: await service.duplicateCheckConfigs(ctx, moduleId(req), query.tableName),
      })),
      route(E.saveDuplicateCheckConfig, ({ body }, req) =>
        service.saveDuplicateCheckConfig(ctx, moduleActorOf(req), body),
      ),
      route(E.deleteDuplicateCheckConfig, ({ params }, req) =>
        service.deleteDuplicateCheckConfig(ctx, moduleActorOf(req), params.id),
      ),
    ]);
}
