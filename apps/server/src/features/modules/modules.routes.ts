import {
  createModuleRequestSchema,
  dataTablesResponseSchema,
  messageBodySchema,
  moduleDetailSchema,
  moduleSchema,
  modulesResponseSchema,
  moduleUsersRequestSchema,
  updateModuleRequestSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import * as q from './modules.queries.ts';
import * as service from './modules.service.ts';

const TAG = ['Modules'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({
  Find: z.enum(['AllAssigned']).optional().describe("AllAssigned: the caller's active modules, DataTables-paged"),
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(1000).default(100),
  draw: z.coerce.number().int().min(0).default(0),
});

/** Modules (tenants) and their members. Module administration is not module-scoped: X-Module-Id is ignored. */
export function moduleRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/modules',
      {
        config: { module: 'ignore' },
        schema: {
          tags: TAG,
          summary: "All modules, or with Find=AllAssigned the caller's modules",
          description:
            "Without Find: every live module (privilege modules) with its approval policy (rollbacksNeedApproval, bulkKnockOffNeedsApproval), `{ data }`. With `Find=AllAssigned` (paged `start`, `length`, `draw`): the caller's ACTIVE modules, any signed-in user, DataTables answer.",
          querystring: listQuery,
          response: { 200: z.union([dataTablesResponseSchema(moduleSchema), modulesResponseSchema]) },
        },
      },
      async (req) => {
        const principal = req.requirePrincipal();
        if (req.query.Find === 'AllAssigned') {
          const { rows, total } = await q.listAssignedModules(
            ctx.db,
            principal.userId,
            req.query.start,
            req.query.length,
          );
          return {
            draw: req.query.draw,
            recordsTotal: total,
            recordsFiltered: total,
            data: rows.map((r) => ({ ...r, status: r.status as 'ACTIVE' })),
          };
        }
        await req.requirePrivilege({ code: 'modules' });
        const rows = await q.listModules(ctx.db);
        return {
          data: rows.map((r) => ({
            id: r.id,
            name: r.name,
            status: r.status as z.infer<typeof moduleSchema>['status'],
            rollbacksNeedApproval: r.rollbacks_need_approval,
            bulkKnockOffNeedsApproval: r.bulk_knock_off_needs_approval,
          })),
        };
      },
    );

    app.get(
      '/v2/modules/:id',
      {
        config: { module: 'ignore', privilege: { code: 'modules' } },
        schema: {
          tags: TAG,
          summary: 'One module with its members',
          params: idParams,
          response: { 200: moduleDetailSchema },
        },
      },
      (req) => service.getModuleDetail(ctx, req.params.id),
    );

    app.post(
      '/v2/modules',
      {
        config: { module: 'ignore', privilege: { code: 'createModule' } },
        schema: {
          tags: TAG,
          summary: 'Create a module with its users',
          body: createModuleRequestSchema,
          response: { 200: moduleDetailSchema },
        },
      },
      (req) => service.createModule(ctx, req.body, service.actorOf(req)),
    );

    app.put(
      '/v2/modules/:id',
      {
        config: { module: 'ignore', privilege: { code: 'modules' } },
        schema: {
          tags: TAG,
          summary: 'Rename a module, change its status or its approval policy',
          description:
            'rollbacksNeedApproval: rollbacks of its job executions wait in My Jobs › Approvals for another user (APPROVAL_PENDING). bulkKnockOffNeedsApproval: a knock-off of more than one row waits there too. Either left out stays as it is. Audited (MODULE_UPDATED, before and after).',
          params: idParams,
          body: updateModuleRequestSchema,
          response: { 200: moduleDetailSchema },
        },
      },
      (req) => service.updateModule(ctx, req.params.id, req.body, service.actorOf(req)),
    );

    app.delete(
      '/v2/modules/:id',
      {
        config: { module: 'ignore', privilege: { code: 'modules' } },
        schema: {
          tags: TAG,
          summary: 'Delete a module (soft: its records stay, its name is freed)',
          params: idParams,
          response: { 200: messageBodySchema },
        },
      },
      (req) => service.deleteModule(ctx, req.params.id, service.actorOf(req)),
    );

    app.put(
      '/v2/modules/:id/addUsers',
      {
        config: { module: 'ignore', privilege: { code: 'modules' } },
        schema: {
          tags: TAG,
          summary: 'Add users to a module',
          params: idParams,
          body: moduleUsersRequestSchema,
          response: { 200: moduleDetailSchema },
        },
      },
      (req) => service.changeMembers(ctx, req.params.id, req.body, 'add', service.actorOf(req)),
    );

    app.put(
      '/v2/modules/:id/removeUsers',
      {
        config: { module: 'ignore', privilege: { code: 'modules' } },
        schema: {
          tags: TAG,
          summary: 'Remove users from a module',
          params: idParams,
          body: moduleUsersRequestSchema,
          response: { 200: moduleDetailSchema },
        },
      },
      (req) => service.changeMembers(ctx, req.params.id, req.body, 'remove', service.actorOf(req)),
    );
  };
}
