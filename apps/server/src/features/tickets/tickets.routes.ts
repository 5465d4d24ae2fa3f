import { ticketEndpoints as E, TICKET_SEARCH_LIMIT, TICKET_USER_SEARCH_LIMIT } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { contentDisposition } from '@/lib/content-disposition.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as service from './tickets.service.ts';

/** My Jobs › Tickets (spec 3 §2 and §7, privilege ticket; decision 0025). Module-scoped. */
export function ticketRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, ({ query }, req) => service.list(ctx.db, moduleId(req), { kind: 'all' }, query, ctx.now())),
      route(E.assignedTo, ({ params, query }, req) =>
        service.list(ctx.db, moduleId(req), { kind: 'assignedTo', userId: params.id }, query, ctx.now()),
      ),
      route(E.assignedBy, ({ params, query }, req) =>
        service.list(ctx.db, moduleId(req), { kind: 'assignedBy', userId: params.id }, query, ctx.now()),
      ),
      route(E.counts, ({ query }, req) => service.counts(ctx.db, moduleId(req), { kind: 'all' }, query)),
      route(E.assignedToCounts, ({ params, query }, req) =>
        service.counts(ctx.db, moduleId(req), { kind: 'assignedTo', userId: params.id }, query),
      ),
      route(E.assignedByCounts, ({ params, query }, req) =>
        service.counts(ctx.db, moduleId(req), { kind: 'assignedBy', userId: params.id }, query),
      ),
      route(E.detail, ({ params }, req) => service.getDetail(ctx.db, moduleId(req), params.id, ctx.now())),
      route(E.history, ({ params }, req) => service.history(ctx.db, moduleId(req), params.id)),
      route(E.download, async ({ params }, req, reply) => {
        const file = await service.download(ctx.db, moduleId(req), params.id, ctx.now());
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .send(file.body);
      }),
      route(E.create, ({ body }, req) => service.create(ctx.db, moduleActorOf(req), body, ctx.now(), ctx.notifier)),
      route(E.update, ({ body }, req) => service.update(ctx.db, moduleActorOf(req), body, ctx.now(), ctx.notifier)),
      route(E.comment, ({ body }, req) => service.comment(ctx.db, moduleActorOf(req), body, ctx.now())),
      route(E.reassign, ({ body }, req) =>
        service.move(ctx.db, moduleActorOf(req), 'reassign', body, ctx.now(), ctx.notifier),
      ),
      route(E.escalate, ({ body }, req) =>
        service.move(ctx.db, moduleActorOf(req), 'escalate', body, ctx.now(), ctx.notifier),
      ),
      route(E.reopen, ({ body }, req) =>
        service.move(ctx.db, moduleActorOf(req), 'reopen', body, ctx.now(), ctx.notifier),
      ),
      route(E.close, async ({ body }, req) => {
        // Knocking the rows off is the Transactions action: it takes its privilege too (decision 0029).
        if (body.linkedRows === 'KNOCK_OFF') await req.requirePrivilege({ code: 'knockOff' });
        return service.move(ctx.db, moduleActorOf(req), 'close', body, ctx.now(), ctx.notifier);
      }),
      route(E.changeStatus, ({ body }, req) =>
        service.move(ctx.db, moduleActorOf(req), 'change_status', body, ctx.now(), ctx.notifier),
      ),
      route(E.users, ({ query }, req) => service.users(ctx.db, moduleId(req), query.search, TICKET_USER_SEARCH_LIMIT)),
      route(E.search, ({ query }, req) => service.search(ctx.db, moduleId(req), query.title, TICKET_SEARCH_LIMIT)),
      route(E.transactions, ({ query }, req) => service.transactions(ctx.db, moduleId(req), query)),
    ]);
}
