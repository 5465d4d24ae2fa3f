import { glEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId } from '@/lib/module-actor.ts';
import * as service from './gl.service.ts';

/** Item ids of `itemsToDownload` ("3, 5"), or null for every item. */
const itemIdsOf = (text: string | undefined) => (text ? text.split(',').map((v) => Number(v.trim())) : null);

/** General ledger (spec 2 §7): the endpoints of `glEndpoints`, scoped to the caller's module. */
export function glRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, async (_input, req) => ({ data: await service.listConfigs(ctx.db, selectedModuleId(req)) })),
      route(E.dataSources, (_input, req) => service.dataSources(ctx.db, selectedModuleId(req))),
      route(E.create, ({ body }, req) => service.saveConfig(ctx, moduleActorOf(req), body, null)),
      route(E.get, ({ params }, req) => service.getConfig(ctx.db, selectedModuleId(req), params.id)),
      route(E.update, ({ params, body }, req) => service.saveConfig(ctx, moduleActorOf(req), body, params.id)),
      route(E.closeBooks, ({ params, body }, req) =>
        service.closeBooks(ctx, moduleActorOf(req), params.id, body.closeDate),
      ),
      route(E.reopenBooks, ({ params, body }, req) =>
        service.requestReopen(ctx, moduleActorOf(req), params.id, body.reason ?? null),
      ),
      route(E.delete, ({ params }, req) => service.deleteConfig(ctx, moduleActorOf(req), params.id)),
      route(E.refresh, ({ params }, req) => service.refresh(ctx, moduleActorOf(req), params.glConfigId)),
      route(E.report, ({ params, query }, req) =>
        service.report(ctx.db, selectedModuleId(req), params.id, query.asOnDate, query.fromDate),
      ),
      route(E.summary, ({ params, query }, req) =>
        service.summary(ctx.db, selectedModuleId(req), params.id, query.startDate, query.endDate),
      ),
      route(E.ageing, ({ params, query }, req) =>
        service.ageing(ctx.db, selectedModuleId(req), params.id, query.startDate, query.endDate),
      ),
      route(E.itemTransactions, ({ params, query }, req) =>
        service.itemTransactions(ctx.db, selectedModuleId(req), params.id, params.itemId, query),
      ),
      route(E.reportDownload, ({ params, query }, req) =>
        service.requestDownload(
          ctx,
          moduleActorOf(req),
          {
            kind: 'GL_REPORT',
            glConfigId: params.id,
            asOnDate: query.asOnDate,
            fromDate: query.fromDate ?? null,
            ageing: query.downloadAgeingReport,
            itemIds: itemIdsOf(query.itemsToDownload),
          },
          query.format,
        ),
      ),
      route(E.summaryDownload, ({ params, query }, req) =>
        service.requestDownload(
          ctx,
          moduleActorOf(req),
          { kind: 'GL_SUMMARY', glConfigId: params.id, startDate: query.startDate, endDate: query.endDate },
          query.format,
        ),
      ),
    ]);
}
