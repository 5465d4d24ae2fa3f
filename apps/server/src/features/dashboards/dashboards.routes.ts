import { dashboardEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId } from '@/lib/module-actor.ts';
import * as service from './dashboards.service.ts';

/** Dashboards and dashlets (spec 1 Dashboard; decision 0037), scoped to the caller's module. */
export function dashboardRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.dashlets, (_input, req) => service.listDashlets(ctx.db, selectedModuleId(req))),
      route(E.createDashlet, ({ body }, req) => service.saveDashlet(ctx, moduleActorOf(req), body, null)),
      route(E.preview, ({ body }, req) => service.preview(ctx, selectedModuleId(req), body)),
      route(E.dashlet, ({ params }, req) => service.getDashlet(ctx.db, selectedModuleId(req), params.id)),
      route(E.updateDashlet, ({ params, body }, req) => service.saveDashlet(ctx, moduleActorOf(req), body, params.id)),
      route(E.deleteDashlet, ({ params }, req) => service.deleteDashlet(ctx, moduleActorOf(req), params.id)),
      route(E.figures, ({ params }, req) => service.figures(ctx, selectedModuleId(req), params.id)),
      route(E.dashboards, (_input, req) => service.listDashboards(ctx, moduleActorOf(req))),
      route(E.createDashboard, ({ body }, req) => service.saveDashboard(ctx, moduleActorOf(req), body, null)),
      route(E.dashboard, ({ params }, req) => service.getDashboard(ctx.db, selectedModuleId(req), params.id)),
      route(E.updateDashboard, ({ params, body }, req) =>
        service.saveDashboard(ctx, moduleActorOf(req), body, params.id),
      ),
      route(E.saveLayout, ({ params, body }, req) =>
        service.saveLayout(ctx, moduleActorOf(req), params.id, body.layout),
      ),
      route(E.deleteDashboard, ({ params }, req) => service.deleteDashboard(ctx, moduleActorOf(req), params.id)),
    ]);
}
