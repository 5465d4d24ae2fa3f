import {
  type EndpointInput,
  emailDomainRefusal,
  ROLE_ADMIN,
  SETTING_KEYS,
  USER_TEXTS,
  type userEndpoints,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FastifyRequest } from 'fastify';
import type { FeatureContext } from '@/deps.ts';
import { type Actor, actorOf, auditBy } from '@/lib/actor.ts';
import { AppError, notFound, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { isSettingOn, readSetting } from '@/lib/settings.ts';
import { hashToken, randomToken } from '@/lib/tokens.ts';
import * as q from './users.queries.ts';

/** An invitation link lives three days: long enough for a new colleague to find it, short enough to expire unused. */
const INVITATION_TTL_MS = 72 * 3_600_000;

type Fields = EndpointInput<typeof userEndpoints.create>['body'] | EndpointInput<typeof userEndpoints.update>['body'];

const isAdmin = (actor: Actor) => actor.principal.roles.includes(ROLE_ADMIN);

/**
 * A product admin (a holder of `users` without ROLE_ADMIN, e.g. ROLE_{product}_ADMIN: decision 0019) reaches only
 * the users who share one of their modules; any other user answers 404, as one that does not exist.
 */
export function assertInReach(actor: Actor, moduleIds: readonly number[]) {
  if (!isAdmin(actor) && !moduleIds.some((id) => actor.principal.moduleIds.has(id))) throw notFound('User');
}

/** GET v2/appusers/{id}: the user, within the caller's reach. */
export async function getUser(ctx: FeatureContext, id: number, req: FastifyRequest) {
  const u = await q.userDetail(ctx.db, id, ctx.now());
  if (!u) throw notFound('User');
  assertInReach(actorOf(req), u.module_ids);
  return userAnswer(ctx, id);
}

/** The answer of GET v2/appusers/{id}, create and edit. */
export async function userAnswer(ctx: FeatureContext, id: number) {
  const u = await q.userDetail(ctx.db, id, ctx.now());
  if (!u) throw notFound('User');
  return {
    id: u.id,
    userName: u.user_name,
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    contactNumber: u.contact_number,
    isActive: u.is_active,
    isLocked: u.is_locked,
    registrationStatus: u.registration_status,
    departmentId: u.department_id,
    departmentName: u.department_name,
    rolesName: u.roles,
    moduleIds: u.module_ids,
    module: u.modules,
    createdAt: u.created_at.toISOString(),
  };
}

/** ALLOWED_USER_EMAIL_DOMAINS: comma-separated domains ("bank.com, @bank.in"); empty allows any. */
async function checkEmailDomain(db: Db, email: string) {
  const setting = (await readSetting(db, 'USER', SETTING_KEYS.ALLOWED_USER_EMAIL_DOMAINS)) ?? '';
  const domains = setting
    .split(',')
    .map((d) => d.trim().replace(/^@/, '').toLowerCase())
    .filter(Boolean);
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (domains.length > 0 && !domains.includes(domain)) throw validation(emailDomainRefusal(domains), 'email');
}

/** Roles must exist; ROLE_ADMIN is granted (or taken) only by an admin. Modules must be live. Answers the role ids. */
async function checkGrants(db: Db, actor: Actor, body: Pick<Fields, 'rolesName' | 'moduleIds' | 'departmentId'>) {
  const names = [...new Set(body.rolesName)];
  const roles = await q.rolesByName(db, names);
  const unknown = names.filter((n) => !roles.some((r) => r.name === n));
  if (unknown.length > 0) throw validation(`Unknown roles: ${unknown.join(', ')}`, 'rolesName');
  if (names.includes(ROLE_ADMIN) && !actor.principal.roles.includes(ROLE_ADMIN))
    throw validation('Only an administrator can grant the Admin role', 'rolesName');
  const moduleIds = [...new Set(body.moduleIds)];
  const modules = await q.liveModulesById(db, moduleIds);
  // A product admin assigns only their own modules: another module reads as one that does not exist.
  const reachable = (id: number) => isAdmin(actor) || actor.principal.moduleIds.has(id);
  const missing = moduleIds.filter((id) => !modules.some((m) => m.id === id) || !reachable(id));
  if (missing.length > 0) throw validation(`Unknown or deleted modules: ${missing.join(', ')}`, 'moduleIds');
  if (body.departmentId != null && !(await q.departmentExists(db, body.departmentId)))
    throw validation('Department not found', 'departmentId');
  return { roleIds: roles.map((r) => r.id), moduleIds };
}

async function checkFields(db: Db, body: Fields) {
  await checkEmailDomain(db, body.email);
  const phoneRequired = await isSettingOn(db, 'USER', SETTING_KEYS.IS_PHONE_NO_REQUIRED_IN_NEW_USER_CREATION);
  if (phoneRequired && !body.contactNumber) throw validation(USER_TEXTS.phoneRequired, 'contactNumber');
}

const valuesOf = (body: Fields): q.UserValues => ({
  first_name: body.firstName,
  last_name: body.lastName,
  email: body.email,
  contact_number: body.contactNumber,
  department_id: body.departmentId ?? null,
});

/** POST v2/appusers: the user, their roles and modules, the invitation in the outbox and the audit commit together. */
export async function createUser(
  ctx: FeatureContext,
  { body }: EndpointInput<typeof userEndpoints.create>,
  req: FastifyRequest,
) {
  const actor = actorOf(req);
  await checkFields(ctx.db, body);
  const id = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const { roleIds, moduleIds } = await checkGrants(tx, actor, body);
    if (await q.userNameTaken(tx, body.userName)) throw validation(USER_TEXTS.userNameTaken, 'userName');
    const now = ctx.now();
    const id = await q.insertUser(tx, body.userName, valuesOf(body), now);
    await q.replaceUserRoles(tx, id, roleIds);
    await q.replaceUserModules(tx, id, moduleIds);
    const tempToken = randomToken();
    await q.insertInvitation(tx, id, hashToken(tempToken), new Date(now.getTime() + INVITATION_TTL_MS));
    await ctx.notifier.send(tx, {
      channel: 'EMAIL',
      recipient: body.email,
      subject: 'Your account is ready: choose a password',
      body: `An account was created for you with the user name ${body.userName}. Open ${ctx.config.publicUrl}/reset-password?tempToken=${tempToken} within 72 hours to choose your password, then sign in.`,
      userId: id,
    });
    await writeAudit(tx, {
      event: 'USER_CREATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'USER',
      entityId: id,
      details: { userName: body.userName, rolesName: body.rolesName, moduleIds, invitationSent: true },
    });
    return id;
  });
  return userAnswer(ctx, id);
}

/** PUT v2/appusers: the fields, roles and modules; a change of roles or modules ends the user's sessions. */
export async function updateUser(
  ctx: FeatureContext,
  { body }: EndpointInput<typeof userEndpoints.update>,
  req: FastifyRequest,
) {
  const actor = actorOf(req);
  await checkFields(ctx.db, body);
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const user = await q.userForUpdate(tx, body.id);
    if (!user) throw notFound('User');
    const before = await q.userDetail(tx, body.id, ctx.now());
    if (!before) throw notFound('User');
    assertInReach(actor, before.module_ids);
    if (before.roles.includes(ROLE_ADMIN) && !actor.principal.roles.includes(ROLE_ADMIN))
      throw new AppError('FORBIDDEN', "Only an administrator can change an administrator's account");
    if (body.id === actor.principal.userId && before.roles.includes(ROLE_ADMIN) && !body.rolesName.includes(ROLE_ADMIN))
      throw validation('You cannot remove the Admin role from your own account', 'rolesName');
    const checked = await checkGrants(tx, actor, body);
    const { roleIds } = checked;
    // The user's modules beyond a product admin's reach stay as they are.
    const kept = isAdmin(actor) ? [] : before.module_ids.filter((id) => !actor.principal.moduleIds.has(id));
    const moduleIds = [...new Set([...checked.moduleIds, ...kept])];
    const now = ctx.now();
    await q.updateUserValues(tx, body.id, valuesOf(body), now);
    await q.replaceUserRoles(tx, body.id, roleIds);
    await q.replaceUserModules(tx, body.id, moduleIds);
    const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
      a.length === b.length && a.every((x) => b.includes(x));
    const accessChanged =
      !sameSet(before.roles, [...new Set(body.rolesName)]) || !sameSet(before.module_ids, moduleIds);
    if (accessChanged) await q.revokeUserSessions(tx, body.id, now, 'ACCESS_CHANGED');
    await writeAudit(tx, {
      event: 'USER_UPDATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'USER',
      entityId: body.id,
      details: {
        userName: user.user_name,
        before: {
          firstName: before.first_name,
          lastName: before.last_name,
          email: before.email,
          contactNumber: before.contact_number,
          departmentId: before.department_id,
          rolesName: before.roles,
          moduleIds: before.module_ids,
        },
        after: {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          contactNumber: body.contactNumber,
          departmentId: body.departmentId ?? null,
          rolesName: body.rolesName,
          moduleIds,
        },
        sessionsEnded: accessChanged,
      },
    });
  });
  ctx.principals.invalidateAll();
  return userAnswer(ctx, body.id);
}

export async function listInternalUsers(ctx: FeatureContext) {
  const rows = await q.internalUsers(ctx.db);
  return {
    data: rows.map((r) => ({
      id: r.id,
      userName: r.user_name,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
    })),
  };
}

export async function listSsoRequested(ctx: FeatureContext) {
  const rows = await q.waitingUsers(ctx.db);
  return {
    data: rows.map((r) => ({
      id: r.id,
      userName: r.user_name,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      registrationStatus: r.registration_status,
      departmentName: r.department_name,
      requestedAt: r.updated_at.toISOString(),
    })),
  };
}

/**
 * PUT v2/appusers/updateSsoUserDetails: approve (the user gets the roles and modules, APPROVED) or reject (REJECTED,
 * the remark kept in the audit). Maker ≠ checker: the requested user never decides their own request.
 */
export async function decideSsoUser(
  ctx: FeatureContext,
  { body }: EndpointInput<typeof userEndpoints.updateSsoUser>,
  req: FastifyRequest,
) {
  const actor = actorOf(req);
  if (body.id === actor.principal.userId) throw validation(USER_TEXTS.ownRequest, 'id');
  const status = body.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const user = await q.userForUpdate(tx, body.id);
    if (!user) throw notFound('User');
    if (!(q.WAITING_STATUSES as readonly string[]).includes(user.registration_status))
      throw new AppError('CONFLICT', `${USER_TEXTS.notRequested} (${user.registration_status})`);
    const now = ctx.now();
    if (status === 'APPROVED') {
      const { roleIds, moduleIds } = await checkGrants(tx, actor, { ...body, departmentId: null });
      await q.replaceUserRoles(tx, body.id, roleIds);
      await q.replaceUserModules(tx, body.id, moduleIds);
    }
    await q.setRegistrationStatus(tx, body.id, status, now);
    await writeAudit(tx, {
      event: status === 'APPROVED' ? 'SSO_USER_APPROVED' : 'SSO_USER_REJECTED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'USER',
      entityId: body.id,
      details: {
        userName: user.user_name,
        requestedStatus: user.registration_status,
        ...(status === 'APPROVED' ? { rolesName: body.rolesName, moduleIds: body.moduleIds } : {}),
        remark: body.remark,
      },
    });
  });
  ctx.principals.invalidateAll();
  return {
    id: body.id,
    registrationStatus: status,
    message: status === 'APPROVED' ? USER_TEXTS.approved : USER_TEXTS.rejected,
  };
}
