import { userEndpoints as E, type EndpointInput, ROLE_ADMIN, readPagingParams } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import { setUserActivation } from './user-activation.ts';
import { createUser, decideSsoUser, getUser, listInternalUsers, listSsoRequested, updateUser } from './user-admin.ts';
import { pageOfUsers } from './users.queries.ts';

/** GET v2/appusers: a DataTables page of users, searched and sorted by the known columns only. */
async function listAppUsers(ctx: FeatureContext, { query }: EndpointInput<typeof E.list>, req: FastifyRequest) {
  const { columns, order } = readPagingParams(query);
  // A product admin lists the users of their modules; admins and the module form's pickers list everyone.
  const principal = req.requirePrincipal();
  const seesEveryone =
    principal.roles.includes(ROLE_ADMIN) ||
    principal.privileges.has('modules') ||
    principal.privileges.has('createModule');
  const withinModules = seesEveryone ? null : [...principal.moduleIds];
  const page = await pageOfUsers(ctx.db, {
    columns,
    order,
    start: query.start,
    length: query.length,
    now: ctx.now(),
    withinModules,
  });
  return pagedList(query, {
    total: page.total,
    filtered: page.filtered,
    rows: page.rows.map((r) => ({
      id: r.id,
      userName: r.user_name,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      isActive: r.is_active,
      isLocked: r.is_locked,
      hasAuthenticator: r.has_authenticator,
      module: r.modules,
      rolesName: r.roles,
    })),
  });
}

/** App users: the DataTables list, one user, create and edit, activation (the admin's unlock), SSO requests. */
export function userRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, (input, req) => listAppUsers(ctx, input, req)),
      route(E.internals, () => listInternalUsers(ctx)),
      route(E.ssoRequested, () => listSsoRequested(ctx)),
      route(E.detail, ({ params }, req) => getUser(ctx, params.id, req)),
      route(E.create, (input, req) => createUser(ctx, input, req)),
      route(E.update, (input, req) => updateUser(ctx, input, req)),
      route(E.activation, (input, req) => setUserActivation(ctx, input, req)),
      route(E.updateSsoUser, (input, req) => decideSsoUser(ctx, input, req)),
    ]);
}
