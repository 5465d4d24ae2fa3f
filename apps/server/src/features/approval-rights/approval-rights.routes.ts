import {
  APPROVAL_KIND_LABELS,
  APPROVAL_KINDS,
  type ApprovalKind,
  approvalRightEndpoints as E,
  type EndpointInput,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { validation } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { auditChange, moduleActorOf } from '@/lib/module-actor.ts';
import * as q from './approval-rights.queries.ts';

async function rolesOfKinds(db: Db, moduleId: number): Promise<Map<ApprovalKind, string[]>> {
  const byKind = new Map<ApprovalKind, string[]>(APPROVAL_KINDS.map((k) => [k, []]));
  for (const r of await q.rightsOfModule(db, moduleId)) byKind.get(r.kind)?.push(r.name);
  return byKind;
}

/** GET v2/approvalRights: every kind of request with the roles that may decide it in the selected module. */
async function listRights(ctx: FeatureContext, req: FastifyRequest) {
  const byKind = await rolesOfKinds(ctx.db, moduleActorOf(req).moduleId);
  return {
    data: APPROVAL_KINDS.map((kind) => ({
      kind,
      kindLabel: APPROVAL_KIND_LABELS[kind],
      roleNames: byKind.get(kind) ?? [],
    })),
  };
}

/** PUT v2/approvalRights: one kind's roles in the selected module, audited with before and after. */
async function updateRights(ctx: FeatureContext, { body }: EndpointInput<typeof E.update>, req: FastifyRequest) {
  const actor = moduleActorOf(req);
  const names = [...new Set(body.roleNames)].sort();
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const roles = await q.rolesByName(tx, names);
    const unknown = names.filter((n) => !roles.some((r) => r.name === n));
    if (unknown.length > 0) throw validation(`Unknown roles: ${unknown.join(', ')}`, 'roleNames');
    const before = (await rolesOfKinds(tx, actor.moduleId)).get(body.kind) ?? [];
    await q.replaceRights(
      tx,
      actor.moduleId,
      body.kind,
      roles.map((r) => r.id),
    );
    await auditChange(tx, actor, {
      event: 'APPROVAL_RIGHTS_UPDATED',
      entityType: 'APPROVAL_RIGHT',
      entityId: body.kind,
      details: { kind: body.kind, before, after: names },
    });
  });
  return { kind: body.kind, kindLabel: APPROVAL_KIND_LABELS[body.kind], roleNames: names };
}

/** Settings › Approval Rights: which roles decide which kind of request, per module (decision 0020). */
export function approvalRightRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, (_input, req) => listRights(ctx, req)),
      route(E.update, (input, req) => updateRights(ctx, input, req)),
    ]);
}
