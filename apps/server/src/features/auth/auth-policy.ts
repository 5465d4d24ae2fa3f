import {
  AUTH_CONFIG_SETTING_KEYS,
  type AuthConfig,
  DEFAULT_PASSWORD_POLICY,
  type PasswordPolicy,
} from '@recon/contract';
import type { Db } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { userSettings } from './auth-config.queries.ts';

/**
 * The sign-in policy in force (decision 0024): the USER global settings an admin saved on Settings ›
 * integrations/auth-config, each key not saved taking the environment's default. Read at sign-in, refresh and
 * password changes only (not on every request), so it is read from the database each time: a change applies to
 * the next of these at once, in every process.
 */
export type AuthPolicy = {
  config: AuthConfig;
  password: PasswordPolicy;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  lockoutThreshold: number;
  /** The name's lock for every address (env LOCKOUT_ACCOUNT_THRESHOLD): never below the per-address threshold. */
  lockoutAccountThreshold: number;
  lockoutMinutes: number;
};

const toMinutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/** The policy when nothing is stored: the environment's figures and the PASSWORD_POLICY_TEXT rules. */
export function defaultAuthConfig(ctx: Pick<FeatureContext, 'config'>): AuthConfig {
  return {
    ...DEFAULT_PASSWORD_POLICY,
    passwordExpiryDays: 0,
    passwordHistoryCount: 0,
    sessionIdleMinutes: toMinutes(ctx.config.sessionIdleSeconds),
    sessionMaxMinutes: toMinutes(ctx.config.sessionMaxSeconds),
    lockoutThreshold: ctx.config.lockoutThreshold,
    lockoutMinutes: ctx.config.lockoutMinutes,
    multifactorAuthentication: false,
    captcha: false,
  };
}

const isOn = (v: string) => ['true', 'yes', '1', 'on'].includes(v.trim().toLowerCase());

export async function readAuthPolicy(ctx: Pick<FeatureContext, 'config'>, db: Db): Promise<AuthPolicy> {
  const stored = await userSettings(db);
  const defaults = defaultAuthConfig(ctx);
  const config = { ...defaults };
  const has = new Set<keyof AuthConfig>();
  for (const [field, key] of Object.entries(AUTH_CONFIG_SETTING_KEYS) as [keyof AuthConfig, string][]) {
    const raw = stored.get(key);
    if (raw === undefined || raw.trim() === '') continue;
    if (typeof defaults[field] === 'boolean') {
      (config as Record<string, unknown>)[field] = isOn(raw);
      has.add(field);
    } else {
      const n = Number.parseInt(raw, 10);
      if (Number.isInteger(n) && n >= 0) {
        (config as Record<string, unknown>)[field] = n;
        has.add(field);
      }
    }
  }
  return {
    config,
    password: {
      passwordMinLength: config.passwordMinLength,
      passwordRequireUppercase: config.passwordRequireUppercase,
      passwordRequireLowercase: config.passwordRequireLowercase,
      passwordRequireDigit: config.passwordRequireDigit,
      passwordRequireSymbol: config.passwordRequireSymbol,
    },
    // Seconds from the environment unless minutes were saved: an environment figure below a minute stays exact.
    sessionIdleSeconds: has.has('sessionIdleMinutes') ? config.sessionIdleMinutes * 60 : ctx.config.sessionIdleSeconds,
    sessionMaxSeconds: has.has('sessionMaxMinutes') ? config.sessionMaxMinutes * 60 : ctx.config.sessionMaxSeconds,
    lockoutThreshold: config.lockoutThreshold,
    lockoutAccountThreshold: Math.max(ctx.config.lockoutAccountThreshold, config.lockoutThreshold),
    lockoutMinutes: config.lockoutMinutes,
  };
}
