import { createHash, randomBytes } from 'node:crypto';
import {
  type GatewayProvider,
  type MailProvider,
  OAUTH_TEXTS,
  type OAuthAccount,
  type OAuthAuthorize,
  type OAuthIntegrationProvider,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { auditByModuleActor, auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import type { OAuthProviderConfig } from '@/lib/oauth-providers.ts';
import { sealContext, sealedColumn } from '@/lib/sealed-columns.ts';
import * as q from './oauth-integrations.queries.ts';

/**
 * Mail and gateway OAuth integrations (decision 0026): the authorization-code flow with PKCE, tokens sealed at rest,
 * refreshed before they expire and on a 401, revoked on disconnect. No answer, log line or audit record carries a
 * token, a code, a verifier or a key secret.
 */
const T = OAUTH_TEXTS;
type Kind = 'MAIL' | 'GATEWAY';
const STATE_TTL_MS = 10 * 60_000;
/** A token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;
const HTTP_TIMEOUT_MS = 15_000;

const ACCESS = sealedColumn('oauth_account.access_token_sealed');
const REFRESH = sealedColumn('oauth_account.refresh_token_sealed');
const KEY_SECRET = sealedColumn('oauth_account.key_secret_sealed');
const VERIFIER = sealedColumn('oauth_state.code_verifier_sealed');

const b64url = (b: Buffer) => b.toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const notFound = (kind: Kind) => new AppError('NOT_FOUND', kind === 'MAIL' ? T.mailNotFound : T.gatewayNotFound);

/** The provider's settings, refused when the server has no client for it. */
function providerOf(
  ctx: Pick<FeatureContext, 'config'>,
  provider: OAuthIntegrationProvider,
): OAuthProviderConfig & { clientId: string } {
  const p = ctx.config.oauthProviders[provider];
  if (!p?.clientId) throw validation(T.providerNotConfigured, 'provider');
  return p as OAuthProviderConfig & { clientId: string };
}
/** Where the provider sends the popup back: the SPA's /oauth/<provider> callback page. */
export const redirectUriOf = (ctx: FeatureContext, provider: OAuthIntegrationProvider) =>
  `${ctx.config.publicUrl.replace(/\/$/, '')}/oauth/${provider}`;

export function accountOf(r: q.AccountRecord): OAuthAccount {
  return {
    id: r.id,
    provider: r.provider,
    account: r.account,
    authType: r.auth_type,
    status: r.status,
    connected: r.status === 'CONNECTED',
    scopes: r.scopes,
    expiresAt: r.expires_at ? r.expires_at.toISOString() : null,
    lastError: r.last_error,
    connectedBy: r.connected_by_name,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}
async function getAccountOf(db: Db, moduleId: number, kind: Kind, id: number) {
  const row = await q.getAccount(db, moduleId, kind, id);
  if (!row) throw notFound(kind);
  return row;
}

// ---- Reading ----
export async function listAccounts(db: Db, moduleId: number, kind: Kind, provider?: OAuthIntegrationProvider) {
  return (await q.listAccounts(db, moduleId, kind, provider)).map(accountOf);
}
export async function getAccount(db: Db, moduleId: number, kind: Kind, id: number) {
  return accountOf(await getAccountOf(db, moduleId, kind, id));
}
export async function findMailAccount(db: Db, moduleId: number, provider?: MailProvider, email?: string) {
  if (!provider || !email?.trim()) throw validation(T.emailRequired, 'email');
  const row = await q.findAccount(db, moduleId, provider, email.trim());
  if (row?.kind !== 'MAIL') throw notFound('MAIL');
  return accountOf(row);
}
export async function gatewayAuths(db: Db, moduleId: number, id: number) {
  const r = await getAccountOf(db, moduleId, 'GATEWAY', id);
  return {
    id: r.id,
    provider: r.provider,
    data: [
      {
        authType: r.auth_type,
        status: r.status,
        keyId: r.key_id,
        scopes: r.scopes,
        expiresAt: r.expires_at ? r.expires_at.toISOString() : null,
        hasRefreshToken: r.refresh_token_sealed !== null,
      },
    ],
  };
}

// ---- The authorization-code flow ----
/** A new state (kept as its hash, 10 minutes, bound to the user, module and provider) and the provider's address. */
export async function startAuthorization(
  ctx: FeatureContext,
  actor: ModuleActor,
  provider: OAuthIntegrationProvider,
): Promise<OAuthAuthorize> {
  const p = providerOf(ctx, provider);
  const state = b64url(randomBytes(32));
  const verifier = b64url(randomBytes(48));
  const now = ctx.now();
  await q.insertState(
    ctx.db,
    {
      state_hash: sha256(state).toString('hex'),
      user_id: actor.userId,
      module_id: actor.moduleId,
      provider,
      code_verifier_sealed: ctx.secrets.seal(verifier, sealContext(VERIFIER, actor.moduleId)),
      expires_at: new Date(now.getTime() + STATE_TTL_MS),
    },
    now,
  );
  const url = new URL(p.authorizeUrl);
  const params = {
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: redirectUriOf(ctx, provider),
    scope: p.scopes.join(' '),
    state,
    code_challenge: b64url(sha256(verifier)),
    code_challenge_method: 'S256',
    ...p.extraAuthorizeParams,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { authorizeUrl: url.toString(), state };
}

type TokenAnswer = {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  scope?: string;
  razorpay_account_id?: string;
  error?: string;
};
class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`provider answered ${status}${reason ? ` ${reason}` : ''}`);
  }
}

/** POSTs a form to the provider's token endpoint (client_secret_post); the error names only the provider's code. */
async function tokenRequest(p: OAuthProviderConfig & { clientId: string }, form: Record<string, string>) {
  const body = new URLSearchParams({
    ...form,
    client_id: p.clientId,
    ...(p.clientSecret ? { client_secret: p.clientSecret } : {}),
  });
  let res: Response;
  try {
    res = await fetch(p.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new ProviderError(0, 'unreachable');
  }
  const answer = (await res.json().catch(() => ({}))) as TokenAnswer;
  if (!res.ok || !answer.access_token) throw new ProviderError(res.status, String(answer.error ?? '').slice(0, 80));
  return answer;
}
const expiryOf = (answer: TokenAnswer, now: Date) => {
  const seconds = Number(answer.expires_in);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
};

/** The connected mailbox: the OpenID userinfo's e-mail. */
async function accountNameOf(p: OAuthProviderConfig, answer: TokenAnswer, kind: Kind): Promise<string> {
  if (kind === 'GATEWAY' && answer.razorpay_account_id) return answer.razorpay_account_id;
  if (!p.userinfoUrl) throw new ProviderError(0, 'no account id');
  const res = await fetch(p.userinfoUrl, {
    headers: { authorization: `Bearer ${answer.access_token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  }).catch(() => {
    throw new ProviderError(0, 'unreachable');
  });
  const info = (await res.json().catch(() => ({}))) as { email?: string; sub?: string; account_id?: string };
  const name = kind === 'MAIL' ? info.email : (info.account_id ?? info.email ?? info.sub);
  if (!res.ok || !name) throw new ProviderError(res.status, 'userinfo');
  return name;
}

async function refused(ctx: FeatureContext, actor: ModuleActor, provider: string, reason: string) {
  await writeAudit(ctx.db, {
    event: 'OAUTH_CONNECT_REFUSED',
    outcome: 'FAILURE',
    entityType: 'oauth_account',
    entityId: provider,
    details: { provider, reason },
    ...auditByModuleActor(actor),
  });
}

/**
 * Exchanges the code the /oauth callback handed to the opener: the state must be live, unused, and this user's for
 * this module and provider; the code is exchanged with the state's PKCE verifier. Stores the tokens sealed.
 */
export async function completeAuthorization(
  ctx: FeatureContext,
  actor: ModuleActor,
  kind: Kind,
  body: { provider: MailProvider | GatewayProvider; code: string; state: string },
): Promise<OAuthAccount> {
  const p = providerOf(ctx, body.provider);
  if (!body.code.trim()) throw validation(T.codeRequired, 'code');
  const now = ctx.now();
  const state = await q.takeState(ctx.db, sha256(body.state).toString('hex'), now, {
    userId: actor.userId,
    moduleId: actor.moduleId,
    provider: body.provider,
  });
  if (!state) {
    await refused(ctx, actor, body.provider, 'state');
    throw validation(T.stateInvalid, 'state');
  }
  const verifier = ctx.secrets.open(state.code_verifier_sealed, sealContext(VERIFIER, state.module_id));
  let answer: TokenAnswer;
  let account: string;
  try {
    answer = await tokenRequest(p, {
      grant_type: 'authorization_code',
      code: body.code,
      redirect_uri: redirectUriOf(ctx, body.provider),
      code_verifier: verifier,
    });
    account = await accountNameOf(p, answer, kind);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    await refused(ctx, actor, body.provider, err.message);
    throw validation(T.exchangeFailed, 'code');
  }
  const m = actor.moduleId;
  const values: q.AccountValues = {
    kind,
    provider: body.provider,
    account,
    auth_type: 'OAUTH',
    status: 'CONNECTED',
    scopes: answer.scope ? answer.scope.split(/[\s,]+/).filter(Boolean) : p.scopes,
    access_token_sealed: ctx.secrets.seal(answer.access_token ?? '', sealContext(ACCESS, m)),
    refresh_token_sealed: answer.refresh_token ? ctx.secrets.seal(answer.refresh_token, sealContext(REFRESH, m)) : null,
    expires_at: expiryOf(answer, now),
    key_id: null,
    key_secret_sealed: null,
    last_error: null,
  };
  return saveConnected(ctx, actor, values);
}

async function saveConnected(ctx: FeatureContext, actor: ModuleActor, values: q.AccountValues) {
  const id = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const saved = await q.upsertAccount(tx, actor.moduleId, values, actor.userId, ctx.now());
    await auditChange(tx, actor, {
      event: 'OAUTH_ACCOUNT_CONNECTED',
      entityType: 'oauth_account',
      entityId: saved.id,
      details: {
        kind: values.kind,
        provider: values.provider,
        account: values.account,
        authType: values.auth_type,
        scopes: values.scopes,
        reconnected: !saved.created,
      },
    });
    return saved.id;
  });
  return getAccount(ctx.db, actor.moduleId, values.kind, id);
}

// ---- Gateway API key ----
/** Links a gateway by key id and secret, once the gateway accepts them (a read of one payment). */
export async function linkApiKey(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: { provider: GatewayProvider; keyId?: string; keySecret?: string },
): Promise<OAuthAccount> {
  const keyId = body.keyId?.trim() ?? '';
  const keySecret = body.keySecret?.trim() ?? '';
  if (!keyId) throw validation(T.keyIdRequired, 'keyId');
  if (!keySecret) throw validation(T.keySecretRequired, 'keySecret');
  const p = ctx.config.oauthProviders[body.provider];
  const res = await fetch(`${p.apiUrl.replace(/\/$/, '')}/payments?count=1`, {
    headers: { authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}` },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  }).catch(() => null);
  if (!res?.ok) {
    await refused(ctx, actor, body.provider, `api key ${res ? res.status : 'unreachable'}`);
    throw validation(T.apiKeyRefused, 'keySecret');
  }
  return saveConnected(ctx, actor, {
    kind: 'GATEWAY',
    provider: body.provider,
    account: keyId,
    auth_type: 'API_KEY',
    status: 'CONNECTED',
    scopes: [],
    access_token_sealed: null,
    refresh_token_sealed: null,
    expires_at: null,
    key_id: keyId,
    key_secret_sealed: ctx.secrets.seal(keySecret, sealContext(KEY_SECRET, actor.moduleId)),
    last_error: null,
  });
}

// ---- Valid access tokens, for the features that call a provider ----
/** What reading a provider as an account needs (the job worker has no more than this). */
export type ProviderContext = Pick<FeatureContext, 'db' | 'config' | 'now' | 'secrets'>;
export class IntegrationUnavailable extends Error {}

/**
 * A valid access token of an OAuth account of the module: the stored one while it has more than a minute left,
 * otherwise (or when `force`, after a 401) a refreshed one. A refused refresh marks the account EXPIRED (the user must
 * reconnect) and throws IntegrationUnavailable. One refresh at a time per account (the row is locked).
 */
export async function validAccessToken(
  ctx: ProviderContext,
  moduleId: number,
  accountId: number,
  options: { force?: boolean } = {},
): Promise<string> {
  // A refused refresh is recorded (EXPIRED) in its own commit, then thrown: the transaction answers it.
  const result = await withTransaction(
    ctx.db,
    {},
    async ({ db: tx }): Promise<{ token: string } | { failed: Error }> => {
      const row = await q.lockAccount(tx, accountId);
      if (!row || row.module_id !== moduleId) throw new IntegrationUnavailable('integration not found');
      if (row.auth_type !== 'OAUTH' || !row.access_token_sealed)
        throw new IntegrationUnavailable('not an OAuth account');
      if (row.status !== 'CONNECTED') throw new IntegrationUnavailable(`integration is ${row.status}`);
      const now = ctx.now();
      const fresh = row.expires_at === null || row.expires_at.getTime() - REFRESH_MARGIN_MS > now.getTime();
      if (fresh && !options.force)
        return { token: ctx.secrets.open(row.access_token_sealed, sealContext(ACCESS, moduleId)) };
      const fail = async (reason: string) => {
        await q.updateTokens(tx, row.id, { status: 'EXPIRED', last_error: reason }, now);
        return { failed: new IntegrationUnavailable(reason) };
      };
      if (!row.refresh_token_sealed) return fail('Access expired and no refresh token: reconnect');
      const refreshToken = ctx.secrets.open(row.refresh_token_sealed, sealContext(REFRESH, moduleId));
      let answer: TokenAnswer;
      try {
        answer = await tokenRequest(providerOf(ctx, row.provider), {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        });
      } catch (err) {
        if (err instanceof ProviderError && err.status >= 400 && err.status < 500)
          return fail(`Refresh refused (${err.reason || err.status}): reconnect`);
        throw new IntegrationUnavailable((err as Error).message);
      }
      await q.updateTokens(
        tx,
        row.id,
        {
          access_token_sealed: ctx.secrets.seal(answer.access_token ?? '', sealContext(ACCESS, moduleId)),
          ...(answer.refresh_token
            ? { refresh_token_sealed: ctx.secrets.seal(answer.refresh_token, sealContext(REFRESH, moduleId)) }
            : {}),
          expires_at: expiryOf(answer, now),
          last_error: null,
        },
        now,
      );
      return { token: answer.access_token ?? '' };
    },
  );
  if ('failed' in result) throw result.failed;
  return result.token;
}

/** A GET of the provider's API as the account: refreshed first when near expiry, and once more after a 401. */
export async function providerGet(ctx: ProviderContext, moduleId: number, accountId: number, url: string) {
  const get = (token: string) =>
    fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  const res = await get(await validAccessToken(ctx, moduleId, accountId));
  if (res.status !== 401) return res;
  return get(await validAccessToken(ctx, moduleId, accountId, { force: true }));
}

// ---- Disconnect ----
/** Revokes the tokens at the provider (best effort), deletes them, and marks the account DISCONNECTED. */
export async function disconnect(ctx: FeatureContext, actor: ModuleActor, kind: Kind, id: number) {
  const row = await getAccountOf(ctx.db, actor.moduleId, kind, id);
  const p = ctx.config.oauthProviders[row.provider];
  const sealed = row.refresh_token_sealed ?? row.access_token_sealed;
  if (p.revokeUrl && p.clientId && sealed) {
    const which = row.refresh_token_sealed ? REFRESH : ACCESS;
    const token = ctx.secrets.open(sealed, sealContext(which, actor.moduleId));
    await fetch(p.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        client_id: p.clientId,
        ...(p.clientSecret ? { client_secret: p.clientSecret } : {}),
      }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    }).catch(() => null);
  }
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    await q.updateTokens(
      tx,
      row.id,
      {
        status: 'DISCONNECTED',
        access_token_sealed: null,
        refresh_token_sealed: null,
        expires_at: null,
        last_error: null,
      },
      ctx.now(),
    );
    await q.clearKeySecret(tx, row.id);
    await auditChange(tx, actor, {
      event: 'OAUTH_ACCOUNT_DISCONNECTED',
      entityType: 'oauth_account',
      entityId: row.id,
      details: { kind, provider: row.provider, account: row.account },
    });
  });
  return getAccount(ctx.db, actor.moduleId, kind, id);
}

// ---- Mail fetch records ----
export async function fetchRecords(db: Db, moduleId: number, executionId: number) {
  if (!(await q.executionOfModule(db, moduleId, executionId)))
    throw new AppError('NOT_FOUND', 'Job execution not found');
  const rows = await q.fetchRecordsOfExecution(db, moduleId, executionId);
  return rows.map((r) => ({
    id: r.id,
    integrationId: r.oauth_account_id,
    ruleId: r.rule_id,
    ruleName: r.rule_name,
    pipelineName: r.pipeline_name,
    account: r.account,
    messageId: r.message_id,
    sender: r.sender,
    subject: r.subject,
    receivedAt: r.received_at ? r.received_at.toISOString() : null,
    attachmentName: r.attachment_name,
    fileId: r.uploaded_file_id,
    status: r.status,
    detail: r.detail,
    createdAt: r.created_at.toISOString(),
  }));
}
