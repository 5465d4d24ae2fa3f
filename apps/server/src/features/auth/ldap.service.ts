import { X509Certificate } from 'node:crypto';
import {
  type DirectoryGroupMapping,
  LDAP_TEXTS,
  type LdapConfig,
  type LdapTestResponse,
  type ldapConfigInputSchema,
  type OtpPending,
  type SignedInUser,
} from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { type Actor, auditBy } from '@/lib/actor.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { sealContext, sealedColumn } from '@/lib/sealed-columns.ts';
import { hashToken, randomToken } from '@/lib/tokens.ts';
import {
  AUTH_TEXTS,
  audit,
  clearSignInAttempts,
  countSignInAttempt,
  failSignInAttempt,
  issueSession,
  type RequestMeta,
  refuseUnconfiguredSignIn,
  signInOrAskCode,
} from './auth.service.ts';
import * as q from './ldap.queries.ts';
import {
  authenticate,
  type DirectoryPerson,
  type DirectorySettings,
  DirectoryUnavailable,
  ServiceAccountRefused,
  testConnection,
} from './ldap-client.ts';
import * as saml from './saml.queries.ts';
import { checkMappedRoles } from './saml.service.ts';

/**
 * The sealing context of the service account's password (a sealed value opens only where it was sealed), in the
 * form the key rotation re-seals with (`table.column#module`; the directory belongs to no module: 0).
 */
const BIND_PASSWORD_CONTEXT = sealContext(sealedColumn('ldap_config.bind_password_sealed'), 0);
/** A REQUESTED_VIA_LDAP user's department token lives this long, and works once. */
const SSO_TOKEN_TTL_MS = 15 * 60_000;

type ConfigInput = z.output<typeof ldapConfigInputSchema>;

function toLdapConfig(r: q.LdapConfigRow): LdapConfig {
  return {
    isEnabled: r.is_enabled,
    url: r.url,
    bindMode: r.bind_mode,
    userDnTemplate: r.user_dn_template,
    bindDn: r.bind_dn,
    hasBindPassword: r.bind_password_sealed !== null,
    baseDn: r.base_dn,
    userFilter: r.user_filter,
    emailAttribute: r.email_attribute,
    nameAttribute: r.name_attribute,
    groupsAttribute: r.groups_attribute,
    groupMappings: r.group_mappings,
    connectTimeoutMs: r.connect_timeout_ms,
    caCertificate: r.ca_certificate,
    ...caCertificateInfo(r.ca_certificate),
    startTls: r.start_tls,
    rejectUnauthorized: r.reject_unauthorized,
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The (first) CA certificate's subject and end, for the setup page; null when there is none or it is unreadable. */
function caCertificateInfo(pem: string | null) {
  try {
    if (!pem) throw new Error('none');
    const cert = new X509Certificate(pem);
    return {
      caCertificateSubject: cert.subject.replace(/\n/g, ', '),
      caCertificateValidTo: new Date(cert.validTo).toISOString(),
    };
  } catch {
    return { caCertificateSubject: null, caCertificateValidTo: null };
  }
}

function valuesOf(input: ConfigInput): q.LdapConfigValues {
  if (input.caCertificate && caCertificateInfo(input.caCertificate).caCertificateSubject === null)
    throw validation(LDAP_TEXTS.caCertificateInvalid, 'caCertificate');
  return {
    is_enabled: input.isEnabled,
    url: input.url,
    bind_mode: input.bindMode,
    user_dn_template: input.userDnTemplate,
    bind_dn: input.bindDn,
    base_dn: input.baseDn,
    user_filter: input.userFilter,
    email_attribute: input.emailAttribute,
    name_attribute: input.nameAttribute,
    groups_attribute: input.groupsAttribute,
    group_mappings: input.groupMappings.map((m: DirectoryGroupMapping) => ({
      group: m.group,
      roles: [...new Set(m.roles)],
      moduleIds: [...new Set(m.moduleIds)],
    })),
    connect_timeout_ms: input.connectTimeoutMs,
    ca_certificate: input.caCertificate,
    start_tls: input.startTls,
    reject_unauthorized: input.rejectUnauthorized,
  };
}

const openPassword = (ctx: FeatureContext, sealed: string | null) =>
  sealed ? ctx.secrets.open(sealed, BIND_PASSWORD_CONTEXT) : null;

function settingsOf(ctx: FeatureContext, r: q.LdapConfigRow): DirectorySettings {
  return {
    url: r.url,
    bindMode: r.bind_mode,
    userDnTemplate: r.user_dn_template,
    bindDn: r.bind_dn,
    bindPassword: openPassword(ctx, r.bind_password_sealed),
    baseDn: r.base_dn,
    userFilter: r.user_filter,
    emailAttribute: r.email_attribute,
    nameAttribute: r.name_attribute,
    groupsAttribute: r.groups_attribute,
    connectTimeoutMs: r.connect_timeout_ms,
    caCertificate: r.ca_certificate,
    startTls: r.start_tls,
    rejectUnauthorized: r.reject_unauthorized,
  };
}

/** GET v2/ldap/config. */
export async function getConfig(ctx: FeatureContext) {
  const row = await q.getConfig(ctx.db);
  return { data: row ? toLdapConfig(row) : null };
}

/** PUT v2/ldap/config: the password is sealed; an empty one keeps the stored one. Audited, without the password. */
export async function saveConfig(ctx: FeatureContext, input: ConfigInput, actor: Actor) {
  const values = valuesOf(input);
  await checkMappedRoles(ctx, values.group_mappings, actor);
  const sealed = input.bindPassword ? ctx.secrets.seal(input.bindPassword, BIND_PASSWORD_CONTEXT) : undefined;
  const row = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.getConfig(tx);
    // Search-then-bind cannot work without the service account's password.
    if (values.bind_mode === 'SEARCH' && !sealed && !before?.bind_password_sealed)
      throw validation(LDAP_TEXTS.bindPasswordRequired, 'bindPassword');
    const saved = await q.saveConfig(tx, values, sealed, ctx.now());
    await writeAudit(tx, {
      event: before ? 'LDAP_CONFIG_UPDATED' : 'LDAP_CONFIG_CREATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'ldap_config',
      entityId: saved.id,
      details: {
        url: saved.url,
        bindMode: saved.bind_mode,
        isEnabled: saved.is_enabled,
        bindPasswordChanged: sealed !== undefined,
      },
    });
    return saved;
  });
  return toLdapConfig(row);
}

/** DELETE v2/ldap/config: the directory and its sealed password go; LDAP sign-in is no longer offered. Audited. */
export async function deleteConfig(ctx: FeatureContext, actor: Actor) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const gone = await q.deleteConfig(tx);
    if (!gone) throw new AppError('NOT_FOUND', LDAP_TEXTS.notSetUp);
    await writeAudit(tx, {
      event: 'LDAP_CONFIG_DELETED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'ldap_config',
      entityId: gone.id,
      details: { url: gone.url },
    });
  });
  return { message: LDAP_TEXTS.deleted };
}

/** POST v2/ldap/config/test: the form's values (the stored password when none is typed) against the directory. */
export async function testConfig(ctx: FeatureContext, input: ConfigInput): Promise<LdapTestResponse> {
  const stored = await q.getConfig(ctx.db);
  const v = valuesOf(input);
  const settings: DirectorySettings = {
    url: v.url,
    bindMode: v.bind_mode,
    userDnTemplate: v.user_dn_template,
    bindDn: v.bind_dn,
    bindPassword: input.bindPassword ?? openPassword(ctx, stored?.bind_password_sealed ?? null),
    baseDn: v.base_dn,
    userFilter: v.user_filter,
    emailAttribute: v.email_attribute,
    nameAttribute: v.name_attribute,
    groupsAttribute: v.groups_attribute,
    connectTimeoutMs: v.connect_timeout_ms,
    caCertificate: v.ca_certificate,
    startTls: v.start_tls,
    rejectUnauthorized: v.reject_unauthorized,
  };
  try {
    const outcome = await testConnection(settings);
    return { success: true, message: outcome === 'SERVICE_BOUND' ? LDAP_TEXTS.testOk : LDAP_TEXTS.testReachable };
  } catch (err) {
    if (err instanceof ServiceAccountRefused) return { success: false, message: LDAP_TEXTS.testBindRefused };
    if (err instanceof DirectoryUnavailable)
      return { success: false, message: isTlsRefusal(err) ? LDAP_TEXTS.testTlsRefused : LDAP_TEXTS.unreachable };
    throw err;
  }
}

/** A handshake that failed on the directory's certificate (untrusted, expired, another host's). */
const isTlsRefusal = (err: Error) => /certificate|self[- ]signed|altnames|CERT_|StartTLS/i.test(err.message);

/** GET v2/login-methods lists LDAP while a directory is enabled. */
export async function ldapLoginMethods(ctx: FeatureContext) {
  return (await q.isEnabled(ctx.db))
    ? [{ type: 'LDAP' as const, label: 'LDAP (directory account)', isEnabled: true }]
    : [];
}

/** A directory group matches a mapping by its whole value (often a DN) or by its first RDN's value (its cn). */
function groupMatches(directoryGroup: string, mapped: string) {
  const wanted = mapped.trim().toLowerCase();
  const whole = directoryGroup.trim().toLowerCase();
  const firstRdnValue = /^[^=,]+=((?:\\.|[^,\\])*)/.exec(whole)?.[1] ?? null;
  return whole === wanted || firstRdnValue === wanted;
}

function grantsOf(mappings: DirectoryGroupMapping[], person: DirectoryPerson) {
  const mapped = mappings.filter((m) => person.groups.some((g) => groupMatches(g, m.group)));
  return {
    roles: [...new Set(mapped.flatMap((m) => m.roles))],
    moduleIds: [...new Set(mapped.flatMap((m) => m.moduleIds))],
  };
}

/** Statuses whose holder may send a department (the picker of the module-role-unauthorized page). */
const DEPARTMENT_FLOW_STATUSES = new Set(['REQUESTED_VIA_LDAP', 'REJECTED']);

/**
 * POST /v2/ldap_login: the password is checked by the directory, never here. Throttled and locked out like a
 * password sign-in (every failure counts, a directory that does not answer included); a user new to this
 * application is created in the same transaction as their grants, after the directory said yes.
 */
export async function login(
  ctx: FeatureContext,
  body: { userName: string; password: string },
  meta: RequestMeta,
): Promise<SignedInUser | OtpPending> {
  const userName = body.userName.trim();
  // An empty password would be an anonymous bind, which a directory accepts: refused before anything else.
  if (!body.password) throw validation(LDAP_TEXTS.passwordRequired, 'password');
  const cfg = await q.getConfig(ctx.db);
  if (!cfg?.is_enabled) return refuseUnconfiguredSignIn(ctx, 'LDAP', userName, meta);
  const attempt = await countSignInAttempt(ctx, userName, meta, { method: 'LDAP' });
  const who = { userId: null, userName };

  let person: DirectoryPerson | null;
  try {
    person = await authenticate(settingsOf(ctx, cfg), userName, body.password);
  } catch (err) {
    if (!(err instanceof DirectoryUnavailable) && !(err instanceof ServiceAccountRefused)) throw err;
    const reason = err instanceof DirectoryUnavailable ? 'DIRECTORY_UNAVAILABLE' : 'SERVICE_ACCOUNT_REFUSED';
    return failSignInAttempt(
      ctx,
      meta,
      attempt,
      who,
      { method: 'LDAP', reason, detail: err.message },
      new AppError('UNAVAILABLE', LDAP_TEXTS.unreachable),
    );
  }
  if (!person) return failSignInAttempt(ctx, meta, attempt, who, { method: 'LDAP', reason: 'BAD_CREDENTIALS' });
  await clearSignInAttempts(ctx, attempt, meta);

  const directoryPerson = person;
  const grants = grantsOf(cfg.group_mappings, directoryPerson);
  const outcome = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    let user = await saml.findUserForAssertion(tx, userName, directoryPerson.email);
    let isNew = false;
    if (!user) {
      const created = await saml.insertRequestedUser(
        tx,
        {
          userName,
          firstName: directoryPerson.firstName,
          lastName: directoryPerson.lastName,
          email: directoryPerson.email,
        },
        'REQUESTED_VIA_LDAP',
      );
      await writeAudit(tx, {
        event: 'LDAP_USER_REQUESTED',
        outcome: 'SUCCESS',
        userId: created.id,
        userName: created.user_name,
        entityType: 'app_user',
        entityId: created.id,
        ip: meta.ip,
        requestId: meta.requestId,
        details: { dn: directoryPerson.dn, groups: directoryPerson.groups, ...grants },
      });
      user = await saml.findUserForAssertion(tx, userName, directoryPerson.email);
      isNew = true;
    }
    if (!user) throw new Error('the requested LDAP user was not created');
    if (!user.is_active) return { user, isNew, isDisabled: true, hasAccess: false, ssoToken: null };
    await saml.grantRolesAndModules(tx, user.id, grants.roles, grants.moduleIds);
    const access = await saml.accessOf(tx, user.id);
    if (access.hasRole && access.hasModule) {
      await saml.approveRegistration(tx, user.id, 'REQUESTED_VIA_LDAP');
      return { user, isNew, isDisabled: false, hasAccess: true, ssoToken: null };
    }
    if (!DEPARTMENT_FLOW_STATUSES.has(user.registration_status))
      return { user, isNew, isDisabled: false, hasAccess: false, ssoToken: null };
    const ssoToken = randomToken();
    await q.insertSsoToken(
      tx,
      { hash: hashToken(ssoToken), userId: user.id, expiresAt: new Date(ctx.now().getTime() + SSO_TOKEN_TTL_MS) },
      ctx.now(),
    );
    return { user, isNew, isDisabled: false, hasAccess: false, ssoToken };
  });
  if (outcome.isDisabled) {
    await audit(ctx, meta, {
      event: 'LOGIN_FAILURE',
      outcome: 'FAILURE',
      userId: outcome.user.id,
      userName: outcome.user.user_name,
      details: { method: 'LDAP', reason: 'DISABLED' },
    });
    throw new AppError('BAD_CREDENTIALS', AUTH_TEXTS.disabled);
  }
  // A user whose session grants something answers the second factor when it is on, as after a password
  // (decision 0028); one without role and module holds no privilege, only the department request.
  if (outcome.hasAccess) return signInOrAskCode(ctx, outcome.user, meta, { method: 'LDAP', isNew: outcome.isNew });
  const signedIn = await issueSession(ctx, outcome.user.id, meta, {
    method: 'LDAP',
    isNew: outcome.isNew,
    ...(outcome.ssoToken ? { departmentFlow: true } : {}),
  });
  return { ...signedIn, ssoTemporaryToken: outcome.ssoToken };
}
