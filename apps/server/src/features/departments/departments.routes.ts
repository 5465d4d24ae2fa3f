import { departmentEndpoints as E, type EndpointInput, LDAP_TEXTS, UNASSIGNED_TEXTS } from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf, auditBy } from '@/lib/actor.ts';
import { AppError } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { hashToken } from '@/lib/tokens.ts';
import * as q from './departments.queries.ts';

/** Registrations a directory sign-in created: their department request needs the sign-in's token. */
const SSO_REQUESTED = new Set(['REQUESTED_VIA_LDAP', 'REQUESTED_VIA_SAML']);

/** PUT v2/user-department/assignDepartment/{userId}: the user's registration goes for approval with the department. */
async function assignDepartment(
  ctx: FeatureContext,
  { params, body }: EndpointInput<typeof E.assign>,
  req: FastifyRequest,
) {
  const actor = actorOf(req);
  const { principal } = actor;
  const isAdmin = principal.roles.includes('ROLE_ADMIN');
  if (principal.userId !== params.userId && !isAdmin)
    throw new AppError('FORBIDDEN', UNASSIGNED_TEXTS.departmentFailed);
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const dept = await q.departmentById(tx, body.departmentId);
    if (!dept)
      throw new AppError('VALIDATION', UNASSIGNED_TEXTS.selectDepartment, [
        { field: 'departmentId', defaultMessage: UNASSIGNED_TEXTS.selectDepartment },
      ]);
    const target = await q.userDepartmentSetting(tx, params.userId);
    if (!target) throw new AppError('NOT_FOUND', 'User not found');
    // Self-service only where the department is configurable for the user; an admin may always assign.
    if (!isAdmin && !target.department_configurable)
      throw new AppError('FORBIDDEN', 'Department is not configurable for this user');
    // A user LDAP or SAML sign-in created sends their department with the single-use token that sign-in gave them.
    if (!isAdmin && SSO_REQUESTED.has(target.registration_status)) {
      const token = body.ssoTemporaryToken;
      if (!token || !(await q.useSsoToken(tx, hashToken(token), params.userId, ctx.now())))
        throw new AppError('FORBIDDEN', LDAP_TEXTS.ssoTokenInvalid);
    }
    const updated = await q.assignUserDepartment(tx, params.userId, dept.id);
    if (!updated) throw new AppError('NOT_FOUND', 'User not found');
    await writeAudit(tx, {
      event: 'DEPARTMENT_ASSIGNED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'app_user',
      entityId: params.userId,
      details: { departmentId: dept.id, department: dept.name },
    });
  });
  ctx.principals.invalidateAll();
  return { message: UNASSIGNED_TEXTS.departmentAssigned };
}

/** Departments, and a new user's request to join one (the module-role-unauthorized page). */
export function departmentRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, async () => ({ data: await q.listDepartments(ctx.db) })),
      route(E.assign, (input, req) => assignDepartment(ctx, input, req)),
    ]);
}
