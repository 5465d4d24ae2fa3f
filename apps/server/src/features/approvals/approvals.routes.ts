import { approvalEndpoints as E, type EndpointInput } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import { listApprovals } from './approvals.queries.ts';
import * as service from './approvals.service.ts';

/** GET v2/approvals: a DataTables page of the module's requests. */
async function listApprovalRequests(ctx: FeatureContext, { query }: EndpointInput<typeof E.list>, req: FastifyRequest) {
  return pagedList(query, await listApprovals(ctx.db, moduleId(req), query));
}

/** My Jobs › Approvals (spec 1, privilege pendingApprovals): requests waiting for a second person. Module-scoped. */
export function approvalRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, (input, req) => listApprovalRequests(ctx, input, req)),
      route(E.detail, ({ params }, req) => service.getDetail(ctx.db, moduleActorOf(req), params.id)),
      route(E.rows, ({ params, query }, req) => service.getRows(ctx.db, moduleId(req), params.id, query)),
      route(E.approve, ({ params, body }, req) =>
        service.decide(ctx, moduleActorOf(req), params.id, 'Approve', body.remark, app.log),
      ),
      route(E.reject, ({ params, body }, req) =>
        service.decide(ctx, moduleActorOf(req), params.id, 'Reject', body.remark, app.log),
      ),
    ]);
}
