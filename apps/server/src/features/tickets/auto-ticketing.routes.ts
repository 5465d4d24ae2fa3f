import { autoTicketEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { onReconStateChange } from '@/lib/recon/recon-listeners.ts';
import * as service from './auto-ticketing.service.ts';

/**
 * The Auto Ticketing drawer of a data source (spec 3 §2, §7; decision 0031), and the listener that raises, updates,
 * closes and reopens the tickets after each recon run and rollback.
 */
export function autoTicketRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    onReconStateChange('auto-ticketing', async (db, change) => {
      try {
        const outcome = await service.syncAfter(db, change, ctx.now());
        if (outcome.created + outcome.updated + outcome.closed + outcome.reopened > 0)
          app.log.info({ ...change, ...outcome }, 'auto-tickets brought up to date');
      } catch (err) {
        app.log.error({ ...change, err }, 'auto-ticketing failed');
      }
    });
    registerRoutes(app, [
      route(E.byDataSource, ({ query }, req) => service.byDataSource(ctx.db, moduleId(req), query.dataSourceId)),
      route(E.create, ({ body }, req) => service.create(ctx.db, moduleActorOf(req), body, ctx.now())),
      route(E.update, ({ body }, req) => service.update(ctx.db, moduleActorOf(req), body, ctx.now())),
      route(E.delete, ({ params }, req) => service.remove(ctx.db, moduleActorOf(req), params.autoTicketingId)),
    ]);
  };
}
