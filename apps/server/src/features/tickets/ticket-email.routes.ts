import { ticketEmailEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as service from './ticket-email.service.ts';

/** A ticket's e-mail thread: `v2/tickets/{id}/email/trigger|reply|refresh` (spec 3 §7; decision 0030). */
export function ticketEmailRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.thread, ({ params }, req) => service.thread(ctx, moduleId(req), params.id)),
      route(E.trigger, ({ params }, req) => service.trigger(ctx, moduleActorOf(req), params.id)),
      route(E.reply, ({ params, body }, req) => service.reply(ctx, moduleActorOf(req), params.id, body.body)),
      route(E.refresh, ({ params }, req) => service.refresh(ctx, moduleId(req), params.id)),
    ]);
}
