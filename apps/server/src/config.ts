import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { type OAuthProviderConfig, type OAuthProviderId, oauthProvidersFromEnv } from '@/lib/oauth-providers.ts';
import { createSecretBox, persistedSecretsKey } from '@/lib/secrets.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Every setting the server reads, with the defaults that make `npm start` work with nothing set. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Only this machine by default: the demo has a published password. Set 0.0.0.0 to serve the network. */
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
  /** Unset → an embedded PostgreSQL under DATA_DIR/pg. The role the server runs as (decision 0014). */
  DATABASE_URL: z.string().url().optional(),
  /**
   * With DATABASE_URL: the schema owner, who runs the migrations and grants DATABASE_URL's role what the server needs
   * (that role then owns nothing it must not change). Unset → DATABASE_URL's role migrates and owns the schema.
   */
  DATABASE_OWNER_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65_535).default(54_329),
  DATA_DIR: z.string().default('./data'),
  /** HS256 secret for access tokens, ≥ 32 chars. Unset → generated once into DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * AES-256-GCM key sealing stored secrets (passwords, client secrets, tokens, TOTP seeds): 32 bytes as base64,
   * base64url or hex. Unset → generated once into DATA_DIR/secrets-key (decision 0021).
   */
  SECRETS_KEY: z.string().optional(),
  /** Keys replaced by SECRETS_KEY, comma-separated: values sealed with them still open until `npm run secrets:rotate`. */
  SECRETS_PREVIOUS_KEYS: z.string().optional(),
  /** On by default with the embedded database. */
  SEED_DEMO: booleanFromEnv.optional(),
  /** First admin when SEED_DEMO is off and no user exists yet. */
  ADMIN_USER: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Public URL of the web app, used in e-mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * SMTP server the outbox delivers through (`smtp://user:pass@host:587`, `smtps://…`; nodemailer's URL form).
   * Unset → mail is kept in the outbox table unsent (decision 0030).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** The From of mail the outbox sends (ticket mail without a connected mailbox, codes, invitations). */
  MAIL_FROM: z.string().default('Recon <recon@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The API's documentation at /web/docs. On by default for the demo (embedded database), off with DATABASE_URL. */
  API_DOCS: booleanFromEnv.optional(),
  /**
   * Behind a reverse proxy that sets X-Forwarded-For: take the client address from it. Off by default, so a
   * client cannot forge the address the audit log records.
   */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Directory of the built SPA; served with history fallback when it exists. */
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 60 * 60),
  /**
   * A rotated refresh token presented again within this interval gets the same new pair (two tabs refreshing at
   * once); later it is a reuse and ends the session. 0 turns the grace off (decision 0015).
   */
  REFRESH_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(15 * 60),
  SESSION_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 60 * 60),
  /** Failed sign-ins of one name from one client address before that address is locked out of it. */
  LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins of one name from every address together before the name is locked for everyone. */
  LOCKOUT_ACCOUNT_THRESHOLD: z.coerce.number().int().min(1).default(50),
  /** Base of the progressive delay of a failed sign-in (after the third of a source; doubles up to 16×). */
  LOGIN_DELAY_MS: z.coerce.number().int().min(0).default(250),
  LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(30),
  OTP_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(5 * 60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Largest file one upload may carry (bytes); a larger one is stored as INVALID, never held in memory. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 ** 3),
  /** How often uploads are swept: interrupted ones failed, abandoned ones expired (also once at start-up). */
  UPLOAD_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * An upload still receiving (UPLOAD_STARTED) after this long that this process is not receiving is taken as
   * interrupted: failed, its partial bytes deleted. At start-up every such upload is, whatever its age.
   */
  UPLOAD_INTERRUPTED_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(6 * 60 * 60),
  /** An uploaded file no run has taken (the Upload & Run page left early) is discarded after this many hours. */
  UPLOAD_ABANDONED_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(7 * 24),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databaseOwnerUrl: string | undefined;
  embeddedPgPort: number;
  dataDir: string;
  jwtSecret: string;
  /** The key new secrets are sealed with, and the previous ones that still open old values. */
  secretsKey: string;
  secretsPreviousKeys: string[];
  seedDemo: boolean;
  adminUser: string;
  adminPassword: string | undefined;
  publicUrl: string;
  logLevel: string;
  webDistDir: string;
  apiDocs: boolean;
  trustProxy: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshGraceMs: number;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  lockoutThreshold: number;
  lockoutAccountThreshold: number;
  loginDelayMs: number;
  lockoutMinutes: number;
  otpTtlSeconds: number;
  bodyLimitBytes: number;
  uploadMaxBytes: number;
  uploadSweepIntervalSeconds: number;
  uploadInterruptedAfterSeconds: number;
  uploadAbandonedHours: number;
  /** Mail and gateway OAuth providers: addresses and client credentials (`OAUTH_<PROVIDER>_*`, decision 0026). */
  oauthProviders: Record<OAuthProviderId, OAuthProviderConfig>;
  /** The outbox's SMTP delivery (decision 0030): unset keeps mail in the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
};

/** The secret generated on first start and kept in DATA_DIR, so tokens survive a restart. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** SECRETS_KEY (or the generated one) and SECRETS_PREVIOUS_KEYS, each checked to be a 32-byte key. */
function secretsKeysOf(current: string | undefined, previous: string | undefined, dataDir: string) {
  const keys = {
    secretsKey: current?.trim() || persistedSecretsKey(dataDir),
    secretsPreviousKeys: (previous ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  };
  try {
    createSecretBox(keys.secretsKey, keys.secretsPreviousKeys);
  } catch (err) {
    throw new Error(`Invalid configuration:\n  SECRETS_KEY: ${(err as Error).message}`);
  }
  return keys;
}

/** The `.env` file beside the project (the repository root), as `.env.example` suggests. */
export const PROJECT_ENV_FILE = fileURLToPath(new URL('../../../.env', import.meta.url));

/** The environment with the settings of an env file under it: a variable set in the environment wins. */
export function withEnvFile(env: NodeJS.ProcessEnv = process.env, file = PROJECT_ENV_FILE): NodeJS.ProcessEnv {
  if (!existsSync(file)) return env;
  return { ...parseEnv(readFileSync(file, 'utf8')), ...env };
}

/** Reads the environment (and the project's `.env`) once; fails fast listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = withEnvFile()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL)
    throw new Error('Invalid configuration:\n  DATABASE_OWNER_URL: needs DATABASE_URL (the role the server runs as)');
  const dataDir = resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    ...secretsKeysOf(e.SECRETS_KEY, e.SECRETS_PREVIOUS_KEYS, dataDir),
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    adminUser: e.ADMIN_USER,
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(e.WEB_DIST_DIR),
    apiDocs: e.API_DOCS ?? !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    refreshGraceMs: e.REFRESH_GRACE_MS,
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    sessionMaxSeconds: e.SESSION_MAX_SECONDS,
    lockoutThreshold: e.LOCKOUT_THRESHOLD,
    lockoutAccountThreshold: e.LOCKOUT_ACCOUNT_THRESHOLD,
    loginDelayMs: e.LOGIN_DELAY_MS,
    lockoutMinutes: e.LOCKOUT_MINUTES,
    otpTtlSeconds: e.OTP_TTL_SECONDS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadSweepIntervalSeconds: e.UPLOAD_SWEEP_INTERVAL_SECONDS,
    uploadInterruptedAfterSeconds: e.UPLOAD_INTERRUPTED_AFTER_SECONDS,
    uploadAbandonedHours: e.UPLOAD_ABANDONED_HOURS,
    oauthProviders: oauthProvidersFromEnv(env),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
  };
}

/** A config for tests: every default, a fixed secret, no seed. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      SECRETS_KEY: 'dGVzdC1zZWNyZXRzLWtleS0zMi1ieXRlcy1sb25nISE',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      // The progressive delay is tested on its own; elsewhere it would only slow the tests down.
      LOGIN_DELAY_MS: '0',
    }),
    ...overrides,
  };
}
