import {
  AUTH_CONFIG_SETTING_KEYS,
  AUTH_CONFIG_TEXTS,
  type AuthConfig,
  type AuthConfigInput,
  type AuthConfigResponse,
  type ChangePasswordRequest,
  type PasswordPolicyResponse,
  passwordPolicyText,
} from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { type Actor, auditBy } from '@/lib/actor.ts';
import { AppError } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { hashPassword, verifyPassword } from '@/lib/passwords.ts';
import * as authQ from './auth.queries.ts';
import { upsertUserSettings } from './auth-config.queries.ts';
import { defaultAuthConfig, readAuthPolicy } from './auth-policy.ts';
import { checkNewPassword, keepReplacedPassword } from './password-rules.ts';

const answer = (ctx: FeatureContext, config: AuthConfig, message?: string): AuthConfigResponse => ({
  config,
  defaults: defaultAuthConfig(ctx),
  passwordPolicyText: passwordPolicyText(config),
  ...(message ? { message } : {}),
});

/** GET v2/authConfig. */
export async function getAuthConfig(ctx: FeatureContext): Promise<AuthConfigResponse> {
  return answer(ctx, (await readAuthPolicy(ctx, ctx.db)).config);
}

/** PUT v2/authConfig: stores every field; the audit record names what changed, before and after. */
export async function updateAuthConfig(
  ctx: FeatureContext,
  input: AuthConfigInput,
  actor: Actor,
): Promise<AuthConfigResponse> {
  const config = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = (await readAuthPolicy(ctx, tx)).config;
    const fields = Object.keys(AUTH_CONFIG_SETTING_KEYS) as (keyof AuthConfig)[];
    await upsertUserSettings(
      tx,
      fields.map((f) => [AUTH_CONFIG_SETTING_KEYS[f], String(input[f])]),
    );
    const changed = fields.filter((f) => before[f] !== input[f]);
    await writeAudit(tx, {
      event: 'AUTH_CONFIG_UPDATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'auth_config',
      details: {
        changed,
        before: Object.fromEntries(changed.map((f) => [f, before[f]])),
        after: Object.fromEntries(changed.map((f) => [f, input[f]])),
      },
    });
    return (await readAuthPolicy(ctx, tx)).config;
  });
  return answer(ctx, config, AUTH_CONFIG_TEXTS.updated);
}

/** GET v2/password-policy (public): the reset and change pages check a new password with it. */
export async function getPasswordPolicy(ctx: FeatureContext): Promise<PasswordPolicyResponse> {
  const { password } = await readAuthPolicy(ctx, ctx.db);
  return { ...password, text: passwordPolicyText(password) };
}

/** POST v2/changePassword: the caller's current password, then the policy; every session of the user ends. */
export async function changePassword(
  ctx: FeatureContext,
  body: ChangePasswordRequest,
  actor: Actor,
): Promise<{ message: string }> {
  const userId = actor.principal.userId;
  const user = await authQ.findUserById(ctx.db, userId);
  if (!user || !(await verifyPassword(user.password_hash, body.currentPassword))) {
    await writeAudit(ctx.db, {
      event: 'PASSWORD_CHANGED',
      outcome: 'FAILURE',
      ...auditBy(actor),
      details: { reason: AUTH_CONFIG_TEXTS.currentPasswordWrong },
    });
    throw new AppError('VALIDATION', AUTH_CONFIG_TEXTS.currentPasswordWrong, [
      { field: 'currentPassword', defaultMessage: AUTH_CONFIG_TEXTS.currentPasswordWrong },
    ]);
  }
  const policy = await readAuthPolicy(ctx, ctx.db);
  try {
    await checkNewPassword(ctx.db, policy, user, body.password);
  } catch (err) {
    if (err instanceof AppError) {
      await writeAudit(ctx.db, {
        event: 'PASSWORD_CHANGED',
        outcome: 'FAILURE',
        ...auditBy(actor),
        details: { reason: err.message },
      });
    }
    throw err;
  }
  const newHash = await hashPassword(body.password);
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    await keepReplacedPassword(tx, user);
    await authQ.setPassword(tx, user.id, newHash);
    await authQ.revokeAllFamilies(tx, user.id, 'PASSWORD_CHANGED');
    await writeAudit(tx, {
      event: 'PASSWORD_CHANGED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'app_user',
      entityId: user.id,
    });
  });
  ctx.principals.invalidateAll();
  return { message: AUTH_CONFIG_TEXTS.passwordChanged };
}
