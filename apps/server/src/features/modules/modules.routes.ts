import { moduleEndpoints as E, type EndpointInput, type Module } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import * as q from './modules.queries.ts';
import * as service from './modules.service.ts';

/** GET v2/modules without Find: every live module with its approval policy. */
async function listModules(ctx: FeatureContext) {
  const rows = await q.listModules(ctx.db);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status as Module['status'],
      rollbacksNeedApproval: r.rollbacks_need_approval,
      bulkKnockOffNeedsApproval: r.bulk_knock_off_needs_approval,
    })),
  };
}

/** GET v2/modules?Find=AllAssigned: a DataTables page of the caller's active modules. */
async function listAssignedModules(
  ctx: FeatureContext,
  { query }: EndpointInput<typeof E.allAssigned>,
  req: FastifyRequest,
) {
  const principal = req.requirePrincipal();
  const { rows, total } = await q.listAssignedModules(ctx.db, principal.userId, query.start, query.length);
  return pagedList(query, { total, filtered: total, rows: rows.map((r) => ({ ...r, status: r.status as 'ACTIVE' })) });
}

/** GET v2/modules?Find=Landing: the module to open after sign-in. */
async function landingModule(ctx: FeatureContext, req: FastifyRequest) {
  return { moduleId: await service.landingModuleId(ctx, req.requirePrincipal().userId) };
}

/** Modules (tenants) and their members. Module administration is not module-scoped: X-Module-Id is ignored. */
export function moduleRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, () => listModules(ctx)),
      route(E.allAssigned, (input, req) => listAssignedModules(ctx, input, req)),
      route(E.landing, (_input, req) => landingModule(ctx, req)),
      route(E.detail, ({ params }) => service.getModuleDetail(ctx, params.id)),
      route(E.create, ({ body }, req) => service.createModule(ctx, body, service.actorOf(req))),
      route(E.update, ({ params, body }, req) => service.updateModule(ctx, params.id, body, service.actorOf(req))),
      route(E.delete, ({ params }, req) => service.deleteModule(ctx, params.id, service.actorOf(req))),
      route(E.addUsers, ({ params, body }, req) =>
        service.changeMembers(ctx, params.id, body, 'add', service.actorOf(req)),
      ),
      route(E.removeUsers, ({ params, body }, req) =>
        service.changeMembers(ctx, params.id, body, 'remove', service.actorOf(req)),
      ),
    ]);
}
