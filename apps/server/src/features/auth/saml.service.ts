import { X509Certificate } from 'node:crypto';
import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import {
  pathOf,
  SAML_TEXTS,
  type SamlCallbackStatus,
  type SamlConfig,
  type SamlGroupMapping,
  type SignedInUser,
  type samlConfigInputSchema,
  samlEndpoints,
} from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { type Actor, auditBy } from '@/lib/actor.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { hashToken, randomToken } from '@/lib/tokens.ts';
import { AUTH_TEXTS, audit, issueSession, type RequestMeta } from './auth.service.ts';
import * as ldapQ from './ldap.queries.ts';
import * as q from './saml.queries.ts';

/** Statuses whose holder may send a department from the unassigned page (SAML's counterpart of LDAP's). */
const DEPARTMENT_FLOW_STATUSES = new Set(['REQUESTED_VIA_SAML', 'REJECTED']);
/** A department token lives this long, and works once (as LDAP's). */
const SSO_TOKEN_TTL_MS = 15 * 60_000;

/** The web app's base path: the ACS address the identity provider posts to is under it. */
const API_PREFIX = '/web';
const ADMIN_ROLE = 'ROLE_ADMIN';
/** A ticket from the ACS to POST v2/saml_login lives this long, and works once. */
const TICKET_TTL_MS = 2 * 60_000;
/** Clock difference tolerated between the identity provider and this server. */
const CLOCK_SKEW_MS = 30_000;
/** An assertion without NotOnOrAfter is remembered (and its replay refused) this long. */
const ASSERTION_MEMORY_MS = 24 * 60 * 60_000;

export const acsUrlOf = (ctx: FeatureContext, registrationId: string) =>
  `${ctx.config.publicUrl}${API_PREFIX}${pathOf(samlEndpoints.acs, { registrationId })}`;

function certificateInfo(pem: string): { subject: string | null; validTo: string | null } {
  try {
    const cert = new X509Certificate(pem);
    return { subject: cert.subject.replace(/\n/g, ', '), validTo: new Date(cert.validTo).toISOString() };
  } catch {
    return { subject: null, validTo: null };
  }
}

export function toSamlConfig(ctx: FeatureContext, r: q.SamlConfigRow): SamlConfig {
  const cert = certificateInfo(r.idp_certificate);
  return {
    id: r.id,
    registrationId: r.registration_id,
    name: r.name,
    isEnabled: r.is_enabled,
    idpEntryPoint: r.idp_entry_point,
    idpIssuer: r.idp_issuer,
    idpCertificate: r.idp_certificate,
    certificateSubject: cert.subject,
    certificateValidTo: cert.validTo,
    spEntityId: r.sp_entity_id,
    audience: r.audience,
    emailAttribute: r.email_attribute,
    nameAttribute: r.name_attribute,
    groupsAttribute: r.groups_attribute,
    groupMappings: r.group_mappings,
    acsUrl: acsUrlOf(ctx, r.registration_id),
    updatedAt: r.updated_at.toISOString(),
  };
}

type ConfigInput = z.output<typeof samlConfigInputSchema>;

/** The body as a row; the certificate must be one X.509 certificate node:crypto can read. */
function valuesOf(input: ConfigInput): q.SamlConfigValues {
  if (certificateInfo(input.idpCertificate).subject === null)
    throw validation(SAML_TEXTS.certificateInvalid, 'idpCertificate');
  return {
    registration_id: input.registrationId,
    name: input.name,
    is_enabled: input.isEnabled,
    idp_entry_point: input.idpEntryPoint,
    idp_issuer: input.idpIssuer,
    idp_certificate: input.idpCertificate,
    sp_entity_id: input.spEntityId,
    audience: input.audience,
    email_attribute: input.emailAttribute,
    name_attribute: input.nameAttribute,
    groups_attribute: input.groupsAttribute,
    group_mappings: input.groupMappings.map((m: SamlGroupMapping) => ({
      group: m.group,
      roles: [...new Set(m.roles)],
      moduleIds: [...new Set(m.moduleIds)],
    })),
  };
}

export async function getConfig(ctx: FeatureContext, registrationId: string | undefined) {
  if (!registrationId) throw validation('registrationId is required', 'registrationId');
  const row = await q.configByRegistrationId(ctx.db, registrationId);
  if (!row) throw new AppError('NOT_FOUND', SAML_TEXTS.configNotFound);
  return toSamlConfig(ctx, row);
}

export async function listConfigs(ctx: FeatureContext) {
  return { data: (await q.listConfigs(ctx.db)).map((r) => toSamlConfig(ctx, r)) };
}

/**
 * The roles a mapping grants must exist; and only an administrator may let a directory group grant the Admin role
 * (the integrations privilege alone must not be a way to become admin). SAML and LDAP setups share it.
 */
export async function checkMappedRoles(ctx: FeatureContext, mappings: SamlGroupMapping[], actor: Actor) {
  const roles = [...new Set(mappings.flatMap((m) => m.roles))];
  const unknown = await q.unknownRoles(ctx.db, roles);
  if (unknown.length > 0) throw validation(`${SAML_TEXTS.unknownRole}: ${unknown.join(', ')}`, 'groupMappings');
  if (roles.includes(ADMIN_ROLE) && !actor.principal.roles.includes(ADMIN_ROLE))
    throw new AppError('FORBIDDEN', SAML_TEXTS.adminRoleMapping);
}

export async function createConfig(ctx: FeatureContext, input: ConfigInput, actor: Actor) {
  const values = valuesOf(input);
  await checkMappedRoles(ctx, values.group_mappings, actor);
  const row = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    if (await q.isRegistrationIdTaken(tx, values.registration_id, null))
      throw validation(SAML_TEXTS.registrationIdTaken, 'registrationId');
    const created = await q.insertConfig(tx, values);
    await writeAudit(tx, {
      event: 'SAML_CONFIG_CREATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'saml_config',
      entityId: created.id,
      details: { registrationId: created.registration_id, idpEntryPoint: created.idp_entry_point },
    });
    return created;
  });
  return toSamlConfig(ctx, row);
}

export async function updateConfig(ctx: FeatureContext, id: number, input: ConfigInput, actor: Actor) {
  const values = valuesOf(input);
  await checkMappedRoles(ctx, values.group_mappings, actor);
  const row = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    if (await q.isRegistrationIdTaken(tx, values.registration_id, id))
      throw validation(SAML_TEXTS.registrationIdTaken, 'registrationId');
    const updated = await q.updateConfig(tx, id, values, ctx.now());
    if (!updated) throw new AppError('NOT_FOUND', SAML_TEXTS.configNotFound);
    await writeAudit(tx, {
      event: 'SAML_CONFIG_UPDATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'saml_config',
      entityId: id,
      details: { registrationId: updated.registration_id, isEnabled: updated.is_enabled },
    });
    return updated;
  });
  return toSamlConfig(ctx, row);
}

export async function deleteConfig(ctx: FeatureContext, id: number, actor: Actor) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const gone = await q.deleteConfig(tx, id);
    if (!gone) throw new AppError('NOT_FOUND', SAML_TEXTS.configNotFound);
    await writeAudit(tx, {
      event: 'SAML_CONFIG_DELETED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'saml_config',
      entityId: id,
      details: { registrationId: gone.registration_id },
    });
  });
  return { message: SAML_TEXTS.deleted };
}

/** An SP-initiated sign-in must be answered within this time. */
const REQUEST_TTL_MS = 10 * 60_000;

/** node-saml keeps the AuthnRequest ids it sent here: in the database, so any server process can take the answer. */
function requestStore(ctx: FeatureContext): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      const now = ctx.now();
      await q.saveRequest(
        ctx.db,
        { id: key, issuedAt: value, expiresAt: new Date(now.getTime() + REQUEST_TTL_MS) },
        now,
      );
      return { value, createdAt: now.getTime() };
    },
    getAsync: async (key) => (await q.liveRequest(ctx.db, key, ctx.now()))?.issued_at ?? null,
    removeAsync: async (key) => {
      if (key) await q.removeRequest(ctx.db, key);
      return key;
    },
  };
}

/**
 * The service provider for one registration: signed assertions only, for this audience, within their validity; an
 * answer to a request of ours (InResponseTo) must name a live one, and uses it up.
 */
function serviceProvider(ctx: FeatureContext, cfg: q.SamlConfigRow): SAML {
  return new SAML({
    callbackUrl: acsUrlOf(ctx, cfg.registration_id),
    entryPoint: cfg.idp_entry_point,
    issuer: cfg.sp_entity_id,
    idpCert: cfg.idp_certificate,
    idpIssuer: cfg.idp_issuer ?? undefined,
    audience: cfg.audience ?? cfg.sp_entity_id,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.ifPresent,
    cacheProvider: requestStore(ctx),
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

async function enabledConfig(ctx: FeatureContext, registrationId: string) {
  const cfg = await q.configByRegistrationId(ctx.db, registrationId);
  return cfg?.is_enabled ? cfg : null;
}

/** POST v2/sso-login: the identity provider's address with a SAML request, for the page to open. */
export async function startSignIn(ctx: FeatureContext, registrationId: string, meta: RequestMeta) {
  const cfg = await enabledConfig(ctx, registrationId);
  if (!cfg) {
    await audit(ctx, meta, {
      event: 'LOGIN_FAILURE',
      outcome: 'FAILURE',
      details: { method: 'SAML', registrationId, code: 'VALIDATION', reason: SAML_TEXTS.notConfigured },
    });
    throw new AppError('VALIDATION', SAML_TEXTS.notConfigured, [
      { field: 'loginMethod', defaultMessage: SAML_TEXTS.notConfigured },
    ]);
  }
  return { redirectUrl: await serviceProvider(ctx, cfg).getAuthorizeUrlAsync('', undefined, {}) };
}

/** node-saml's refusal as the reason the user reads, and a code for the audit log. */
function refusalOf(err: unknown): { code: string; reason: string } {
  const m = err instanceof Error ? err.message : String(err);
  if (/signature/i.test(m)) return { code: 'SIGNATURE', reason: SAML_TEXTS.signature };
  if (/audience/i.test(m)) return { code: 'AUDIENCE', reason: SAML_TEXTS.audience };
  if (/expired/i.test(m)) return { code: 'EXPIRED', reason: SAML_TEXTS.expired };
  if (/not yet valid/i.test(m)) return { code: 'NOT_YET_VALID', reason: SAML_TEXTS.notYetValid };
  if (/issuer/i.test(m)) return { code: 'ISSUER', reason: SAML_TEXTS.issuer };
  if (/InResponseTo/i.test(m)) return { code: 'IN_RESPONSE_TO', reason: SAML_TEXTS.unknownRequest };
  return { code: 'UNREADABLE', reason: SAML_TEXTS.unreadable };
}

class SamlRefusal extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
    readonly userName: string | null = null,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

const firstText = (v: unknown): string | null => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' && x.trim() ? x.trim() : null;
};
const texts = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x.trim() !== '');

type Assertion = { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] };

/** The assertion's id and until when it could be presented, read from the verified assertion. */
function assertionIdentity(profile: Profile, now: Date) {
  const assertion = (profile.getAssertion?.() as { Assertion?: Assertion } | undefined)?.Assertion;
  const id = assertion?.$?.ID;
  if (!id) throw new SamlRefusal('UNREADABLE', SAML_TEXTS.unreadable, null, 'assertion without ID');
  const notOnOrAfter = assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
  const until = notOnOrAfter ? new Date(notOnOrAfter) : new Date(now.getTime() + ASSERTION_MEMORY_MS);
  return { id, expiresAt: Number.isNaN(until.getTime()) ? new Date(now.getTime() + ASSERTION_MEMORY_MS) : until };
}

/** Who the assertion names, with the attributes the registration maps. */
function personOf(cfg: q.SamlConfigRow, profile: Profile) {
  const attrs = (profile.attributes ?? {}) as Record<string, unknown>;
  const email = firstText(cfg.email_attribute ? attrs[cfg.email_attribute] : (profile.email ?? profile.mail));
  const userName = firstText(profile.nameID) ?? email;
  if (!userName) throw new SamlRefusal('NO_USER', SAML_TEXTS.noUserName);
  const fullName = firstText(cfg.name_attribute ? attrs[cfg.name_attribute] : null) ?? '';
  const [firstName = '', ...rest] = fullName.split(/\s+/).filter(Boolean);
  const groups = cfg.groups_attribute ? texts(attrs[cfg.groups_attribute]) : [];
  return { userName, email, firstName, lastName: rest.join(' '), groups };
}

export type AcsOutcome = {
  status: SamlCallbackStatus;
  authToken: string | null;
  userName: string | null;
  error: string | null;
};

/**
 * POST v2/saml/acs/{registrationId}: verifies the identity provider's answer, refuses a replay, finds or requests
 * the user and, when the user holds a role and a module, issues a one-time ticket for POST v2/saml_login. Every
 * refusal is audited as LOGIN_FAILURE with its reason.
 */
export async function consumeResponse(
  ctx: FeatureContext,
  registrationId: string,
  samlResponse: string | undefined,
  meta: RequestMeta,
): Promise<AcsOutcome> {
  try {
    return await consume(ctx, registrationId, samlResponse, meta);
  } catch (err) {
    if (!(err instanceof SamlRefusal)) throw err;
    await audit(ctx, meta, {
      event: 'LOGIN_FAILURE',
      outcome: 'FAILURE',
      userName: err.userName,
      details: { method: 'SAML', registrationId, code: err.code, reason: err.reason, detail: err.detail },
    });
    return { status: 'ERROR', authToken: null, userName: err.userName, error: err.reason };
  }
}

async function verified(ctx: FeatureContext, cfg: q.SamlConfigRow, samlResponse: string) {
  try {
    const { profile } = await serviceProvider(ctx, cfg).validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile) throw new Error('no assertion');
    // node-saml checks idpIssuer on logout answers only: the signed assertion's Issuer is checked here.
    if (cfg.idp_issuer && profile.issuer !== cfg.idp_issuer)
      throw new Error(`Unknown SAML issuer: ${profile.issuer ?? 'none'}`);
    return profile;
  } catch (err) {
    const { code, reason } = refusalOf(err);
    throw new SamlRefusal(code, reason, null, err instanceof Error ? err.message : String(err));
  }
}

async function consume(
  ctx: FeatureContext,
  registrationId: string,
  samlResponse: string | undefined,
  meta: RequestMeta,
): Promise<AcsOutcome> {
  const cfg = await enabledConfig(ctx, registrationId);
  if (!cfg) throw new SamlRefusal('NOT_CONFIGURED', SAML_TEXTS.notConfigured);
  if (!samlResponse) throw new SamlRefusal('UNREADABLE', SAML_TEXTS.unreadable, null, 'no SAMLResponse');
  const profile = await verified(ctx, cfg, samlResponse);
  const now = ctx.now();
  const assertion = assertionIdentity(profile, now);
  const person = personOf(cfg, profile);
  const isFirstUse = await q.rememberAssertion(
    ctx.db,
    { assertionId: assertion.id, registrationId: cfg.registration_id, expiresAt: assertion.expiresAt },
    now,
  );
  if (!isFirstUse) throw new SamlRefusal('REPLAY', SAML_TEXTS.replayed, person.userName, assertion.id);

  const mapped = cfg.group_mappings.filter((m) => person.groups.some((g) => g.toLowerCase() === m.group.toLowerCase()));
  const roles = [...new Set(mapped.flatMap((m) => m.roles))];
  const moduleIds = [...new Set(mapped.flatMap((m) => m.moduleIds))];

  const result = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    let user = await q.findUserForAssertion(tx, person.userName, person.email);
    let isNew = false;
    if (!user) {
      const created = await q.insertRequestedUser(tx, person);
      await writeAudit(tx, {
        event: 'SAML_USER_REQUESTED',
        outcome: 'SUCCESS',
        userId: created.id,
        userName: created.user_name,
        entityType: 'app_user',
        entityId: created.id,
        ip: meta.ip,
        requestId: meta.requestId,
        details: { registrationId: cfg.registration_id, groups: person.groups },
      });
      user = await q.findUserForAssertion(tx, person.userName, person.email);
      isNew = true;
    }
    if (!user) throw new Error('the requested SAML user was not created');
    if (!user.is_active) return { user, isNew, refused: AUTH_TEXTS.disabled };
    await q.grantRolesAndModules(tx, user.id, roles, moduleIds);
    const access = await q.accessOf(tx, user.id);
    const unassigned = !access.hasRole || !access.hasModule;
    if (!unassigned) await q.approveRegistration(tx, user.id);
    // An unassigned user gets a ticket too: saml_login gives them the department flow of the unassigned page.
    const ticket = randomToken();
    await q.insertTicket(
      tx,
      { hash: hashToken(ticket), userId: user.id, expiresAt: new Date(now.getTime() + TICKET_TTL_MS) },
      now,
    );
    return { user, isNew, refused: null, unassigned, ticket };
  });
  if (result.refused) throw new SamlRefusal('DISABLED', result.refused, result.user.user_name);
  return {
    status: result.unassigned ? 'ROLE_UNASSIGNED' : 'SUCCESS',
    authToken: result.ticket ?? null,
    userName: result.user.user_name,
    error: null,
  };
}

/** POST v2/saml_login: the ticket of the /oauth/saml callback (header authToken) and its user (header userName). */
export async function completeSignIn(
  ctx: FeatureContext,
  ticket: string | null,
  userName: string | null,
  meta: RequestMeta,
): Promise<SignedInUser> {
  const refuse = async (reason: string, userId: number | null = null): Promise<never> => {
    await audit(ctx, meta, {
      event: 'LOGIN_FAILURE',
      outcome: 'FAILURE',
      userId,
      userName,
      details: { method: 'SAML', code: 'TICKET', reason },
    });
    throw new AppError('BAD_CREDENTIALS', reason);
  };
  if (!ticket || !userName) return refuse(SAML_TEXTS.ticketInvalid);
  const used = await q.useTicket(ctx.db, hashToken(ticket), ctx.now());
  if (!used) return refuse(SAML_TEXTS.ticketInvalid);
  const profile = await q.accessOf(ctx.db, used.user_id);
  const user = await q.findUserForAssertion(ctx.db, userName, null);
  if (user?.id !== used.user_id) return refuse(SAML_TEXTS.ticketInvalid, used.user_id);
  if (!user.is_active) return refuse(AUTH_TEXTS.disabled, user.id);
  if (profile.hasRole && profile.hasModule) return issueSession(ctx, user.id, meta, { method: 'SAML' });
  // No role or module yet: a session that holds no privilege, and while the request is the user's to make (their
  // first sign-in, or a rejected request) a single-use token to send a department with (decision 0028).
  const ssoTemporaryToken = DEPARTMENT_FLOW_STATUSES.has(user.registration_status) ? randomToken() : null;
  if (ssoTemporaryToken) {
    const now = ctx.now();
    await ldapQ.insertSsoToken(
      ctx.db,
      { hash: hashToken(ssoTemporaryToken), userId: user.id, expiresAt: new Date(now.getTime() + SSO_TOKEN_TTL_MS) },
      now,
    );
  }
  const signedIn = await issueSession(ctx, user.id, meta, {
    method: 'SAML',
    unassigned: true,
    ...(ssoTemporaryToken ? { departmentFlow: true } : {}),
  });
  return { ...signedIn, ssoTemporaryToken };
}

/** The enabled registrations, for GET v2/login-methods. */
export async function samlLoginMethods(ctx: FeatureContext) {
  return (await q.enabledRegistrations(ctx.db)).map((r) => ({
    type: 'SAML' as const,
    label: r.name,
    isEnabled: true,
    registrationId: r.registration_id,
  }));
}
