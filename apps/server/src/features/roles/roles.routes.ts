import {
  BUILT_IN_ROLES,
  roleEndpoints as E,
  type EndpointInput,
  ROLE_ADMIN,
  ROLE_TEXTS,
  roleDisplayName,
  roleHeldText,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf, auditBy } from '@/lib/actor.ts';
import { AppError } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import * as q from './roles.queries.ts';

async function roleDetail(db: Db, name: string) {
  const role = await q.roleByName(db, name);
  if (!role) throw new AppError('NOT_FOUND', 'Role not found');
  const rows = await q.privilegesOfRole(db, role.id);
  return {
    id: role.id,
    name: role.name,
    displayName: roleDisplayName(role.name),
    isMaker: role.is_maker,
    isChecker: role.is_checker,
    privileges: rows.map((r) => ({
      privilegeCode: r.code,
      version: r.version as 'v1' | 'v2',
      description: r.description,
      isGranted: r.is_granted,
    })),
  };
}

/** GET v2/privileges?Find=ByRole: served from the guard's principal (already loaded for this request), no query. */
function privilegesOfCaller(req: FastifyRequest) {
  const principal = req.requirePrincipal();
  return {
    data: [...principal.privileges].sort().map((privilegeCode) => ({ privilegeCode, version: 'v2' as const })),
  };
}

/** POST v2/roles?Operation=UpdatePrivilege: the role's v2 grants become exactly the listed codes, audited. */
async function updateRolePrivileges(
  ctx: FeatureContext,
  { body }: EndpointInput<typeof E.updatePrivileges>,
  req: FastifyRequest,
) {
  const actor = actorOf(req);
  const { roleName } = body;
  const codes = [...new Set(body.privilegeCodes)];
  if (roleName === ROLE_ADMIN) {
    throw new AppError('VALIDATION', 'The Admin role always holds every privilege', [
      { field: 'roleName', defaultMessage: 'The Admin role always holds every privilege' },
    ]);
  }
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const role = await q.roleIdForUpdate(tx, roleName);
    if (!role) throw new AppError('NOT_FOUND', 'Role not found');
    unknownCodes(await q.v2PrivilegeCodes(tx), codes);
    const before = await q.v2GrantsOf(tx, role.id);
    await q.replaceV2Grants(tx, role.id, codes);
    await writeAudit(tx, {
      event: 'PRIVILEGES_UPDATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'role',
      entityId: roleName,
      details: {
        added: codes.filter((c) => !before.has(c)),
        removed: [...before].filter((c) => !codes.includes(c)),
      },
    });
  });
  ctx.principals.invalidateAll();
  return roleDetail(ctx.db, roleName);
}

async function listRoles(ctx: FeatureContext) {
  const rows = await q.allRoles(ctx.db);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      displayName: roleDisplayName(r.name),
      isMaker: r.is_maker,
      isChecker: r.is_checker,
      userCount: r.user_count,
      privilegeCount: r.privilege_count,
      isBuiltIn: isBuiltIn(r.name),
    })),
  };
}

function unknownCodes(known: Set<string>, codes: readonly string[]) {
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length === 0) return;
  const message = `Unknown privilege codes: ${unknown.join(', ')}`;
  throw new AppError('VALIDATION', message, [{ field: 'privilegeCodes', defaultMessage: message }]);
}

/** POST v2/roles (no Operation): a new role with its first v2 grants, audited. */
async function createRole(ctx: FeatureContext, { body }: EndpointInput<typeof E.create>, req: FastifyRequest) {
  const actor = actorOf(req);
  const codes = [...new Set(body.privilegeCodes)];
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    unknownCodes(await q.v2PrivilegeCodes(tx), codes);
    const role = await q.insertRole(tx, body);
    if (!role)
      throw new AppError('VALIDATION', ROLE_TEXTS.nameTaken, [{ field: 'name', defaultMessage: ROLE_TEXTS.nameTaken }]);
    await q.replaceV2Grants(tx, role.id, codes);
    await writeAudit(tx, {
      event: 'ROLE_CREATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'role',
      entityId: body.name,
      details: { isMaker: body.isMaker, isChecker: body.isChecker, privilegeCodes: codes },
    });
  });
  return roleDetail(ctx.db, body.name);
}

const isBuiltIn = (name: string) => (BUILT_IN_ROLES as readonly string[]).includes(name);

/** PUT v2/roles/{id}: a new name (never a built-in role's) and the maker / checker flags, audited. */
async function updateRole(ctx: FeatureContext, { params, body }: EndpointInput<typeof E.update>, req: FastifyRequest) {
  const actor = actorOf(req);
  const name = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const role = await q.roleByIdForUpdate(tx, params.id);
    if (!role) throw new AppError('NOT_FOUND', 'Role not found');
    if (body.name !== role.name && isBuiltIn(role.name)) {
      throw new AppError('VALIDATION', ROLE_TEXTS.builtIn, [{ field: 'name', defaultMessage: ROLE_TEXTS.builtIn }]);
    }
    if (!(await q.updateRole(tx, role.id, body))) {
      throw new AppError('VALIDATION', ROLE_TEXTS.nameTaken, [{ field: 'name', defaultMessage: ROLE_TEXTS.nameTaken }]);
    }
    await writeAudit(tx, {
      event: 'ROLE_UPDATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'role',
      entityId: body.name,
      details: {
        before: { name: role.name, isMaker: role.is_maker, isChecker: role.is_checker },
        after: { name: body.name, isMaker: body.isMaker, isChecker: body.isChecker },
      },
    });
    return body.name;
  });
  // The holders' principals carry the role's name.
  ctx.principals.invalidateAll();
  return roleDetail(ctx.db, name);
}

/** DELETE v2/roles/{id}: a role no user holds and not a built-in one; its grants and approval rights go too. */
async function deleteRole(ctx: FeatureContext, { params }: EndpointInput<typeof E.remove>, req: FastifyRequest) {
  const actor = actorOf(req);
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const role = await q.roleByIdForUpdate(tx, params.id);
    if (!role) throw new AppError('NOT_FOUND', 'Role not found');
    if (isBuiltIn(role.name)) throw new AppError('VALIDATION', ROLE_TEXTS.builtIn);
    if (role.user_count > 0) throw new AppError('CONFLICT', roleHeldText(role.user_count));
    await q.deleteRole(tx, role.id);
    await writeAudit(tx, {
      event: 'ROLE_DELETED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'role',
      entityId: role.name,
      details: { isMaker: role.is_maker, isChecker: role.is_checker },
    });
  });
  return { message: ROLE_TEXTS.deleted };
}

/** The caller's privilege codes, the roles, a role's grants, creating a role and changing its grants. */
export function roleRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.privileges, (_input, req) => privilegesOfCaller(req)),
      route(E.list, () => listRoles(ctx)),
      route(E.create, (input, req) => createRole(ctx, input, req)),
      route(E.role, ({ params }) => roleDetail(ctx.db, params.role)),
      route(E.updatePrivileges, (input, req) => updateRolePrivileges(ctx, input, req)),
      route(E.update, (input, req) => updateRole(ctx, input, req)),
      route(E.remove, (input, req) => deleteRole(ctx, input, req)),
    ]);
}
