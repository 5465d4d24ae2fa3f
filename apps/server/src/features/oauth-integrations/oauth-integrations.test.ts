import { Writable } from 'node:stream';
import { OAUTH_TEXTS as T } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app.ts';
import { testConfig } from '@/config.ts';
import type { FeatureContext } from '@/deps.ts';
import { OAUTH_PROVIDER_DEFAULTS } from '@/lib/oauth-providers.ts';
import { createSecretBox } from '@/lib/secrets.ts';
import { FORBIDDEN_BODY, invalidBody, NOT_ASSIGNED_BODY, notFoundBody } from '@/testing/error-bodies.ts';
import { addPipeline, createJob, jobBody } from '@/testing/job-fixtures.ts';
import { authorizeAs, type FakeOAuthProvider, startOAuthProvider } from '@/testing/oauth-provider.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';
import { IntegrationUnavailable, providerGet, validAccessToken } from './oauth-integrations.service.ts';

const PUBLIC_URL = 'http://127.0.0.1:5999';
const MAILBOX = 'reconciliation@shop.example';
const ACCOUNT_ID = 'acc_FAKE123';
const API_KEY = { keyId: 'rzp_test_key', keySecret: 'rzp-secret-value-42' };

let fake: FakeOAuthProvider;
let t: TestApp;
let moduleId: number;
let otherModule: number;
let admin: Session;
let colleague: Session;
let operator: Session;
/** Every answer of this file, as text: no token may be in one. */
const answers: string[] = [];

beforeAll(async () => {
  fake = await startOAuthProvider({
    email: MAILBOX,
    accountId: ACCOUNT_ID,
    apiKeys: { [API_KEY.keyId]: API_KEY.keySecret },
  });
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    oauthProviders: {
      gmail: fake.providerConfig('gmail', ['openid', 'email', 'https://www.googleapis.com/auth/gmail.readonly']),
      outlook: OAUTH_PROVIDER_DEFAULTS.outlook,
      razorpay: fake.providerConfig('razorpay', ['read_only']),
    },
  });
  moduleId = await addModule(t, 'OAuth module');
  otherModule = await addModule(t, 'Other OAuth module');
  await addUser(t, { userName: 'oauth-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId, otherModule] });
  await addUser(t, { userName: 'oauth-colleague', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  await addUser(t, { userName: 'oauth-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
  admin = await signIn(t, 'oauth-admin');
  colleague = await signIn(t, 'oauth-colleague');
  operator = await signIn(t, 'oauth-operator');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Method = 'GET' | 'POST' | 'PUT';
async function req(s: Session | null, method: Method, url: string, payload?: object, m: number = moduleId) {
  const res = await call(t, s, { method, url: `/web${url}`, ...(payload ? { payload } : {}), moduleId: m });
  answers.push(res.body);
  return res;
}
const start = async (provider = 'gmail', s: Session = admin, m = moduleId) => {
  const res = await req(s, 'POST', '/v2/integrations/email/new', { provider }, m);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { authorizeUrl: string; state: string };
};
const exchange = (body: object, s: Session = admin, m = moduleId) =>
  req(s, 'POST', `/v2/integrations/email/oauth?Find=ByModule&moduleId=${m}`, body, m);
/** The whole flow: start, the provider's consent (the popup), the exchange. */
async function connectGmail() {
  const { authorizeUrl } = await start();
  const { code, state } = await authorizeAs(authorizeUrl);
  const res = await exchange({ provider: 'gmail', code, state });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ctxOf = (): FeatureContext =>
  ({
    config: testConfig({
      publicUrl: PUBLIC_URL,
      oauthProviders: { ...OAUTH_PROVIDER_DEFAULTS, gmail: fake.providerConfig('gmail') },
    }),
    db: t.database.db,
    secrets: createSecretBox(testConfig().secretsKey),
    now: () => t.clock.now,
  }) as FeatureContext;

describe('the mail and gateway integrations are guarded', () => {
  it('by the access token, the module and the privilege integrations', async () => {
    for (const url of [
      '/v2/integrations/email',
      '/v2/gateway',
      `/v2/integrations/email/oauth?Find=ByModule&moduleId=${moduleId}`,
    ]) {
      expect((await req(null, 'GET', url)).statusCode, url).toBe(401);
      const forbidden = await req(operator, 'GET', url);
      expect([forbidden.statusCode, forbidden.json()], url).toEqual([403, FORBIDDEN_BODY]);
    }
    const stranger = await req(colleague, 'GET', '/v2/integrations/email', undefined, otherModule);
    expect([stranger.statusCode, stranger.json()]).toEqual([403, NOT_ASSIGNED_BODY]);
    expect((await req(operator, 'POST', '/v2/integrations/email/new', { provider: 'gmail' })).statusCode).toBe(403);
  });

  it('refuses a provider the server has no client for, and a moduleId that is not the selected module', async () => {
    const res = await req(admin, 'POST', '/v2/integrations/email/new', { provider: 'outlook' });
    expect([res.statusCode, res.json()]).toEqual([400, invalidBody('provider', T.providerNotConfigured)]);
    const wrong = await req(admin, 'GET', `/v2/integrations/email/oauth?Find=ByModule&moduleId=${otherModule}`);
    expect([wrong.statusCode, wrong.json()]).toEqual([400, invalidBody('moduleId', T.moduleMismatch)]);
  });
});

describe('connecting a gmail account', () => {
  it('sends the popup to the provider with state and a PKCE challenge, back to /oauth/gmail', async () => {
    const { authorizeUrl, state } = await start();
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/oauth/gmail`);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('scope')).toContain('gmail.readonly');
  });

  it('exchanges the code: the account is connected with its mailbox, scopes and expiry; the tokens are sealed', async () => {
    const account = await connectGmail();
    expect(account).toMatchObject({
      provider: 'gmail',
      account: MAILBOX,
      authType: 'OAUTH',
      status: 'CONNECTED',
      connected: true,
      connectedBy: 'oauth-admin',
    });
    expect(account.scopes).toContain('https://www.googleapis.com/auth/gmail.readonly');
    expect(new Date(account.expiresAt).getTime()).toBeGreaterThan(t.clock.now.getTime());
    // The token endpoint got the verifier and the client secret.
    const grant = fake.state.tokenRequests.at(-1);
    expect(grant).toMatchObject({ grant_type: 'authorization_code', client_secret: 'fake-client-secret' });
    expect(grant?.code_verifier).toMatch(/^[\w-]{43,128}$/);

    const row = await t.database.db
      .selectFrom('oauth_account')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.access_token_sealed).toMatch(/^enc1:/);
    expect(row.refresh_token_sealed).toMatch(/^enc1:/);

    const list = (await req(admin, 'GET', '/v2/integrations/email')).json().data;
    expect(list.map((a: { id: number }) => a.id)).toContain(account.id);
    const byModule = (
      await req(admin, 'GET', `/v2/integrations/email/oauth?Find=ByModule&moduleId=${moduleId}`)
    ).json();
    expect(byModule.data.map((a: { account: string }) => a.account)).toContain(MAILBOX);
    expect((await req(admin, 'GET', `/v2/integrations/email/${account.id}`)).json()).toMatchObject({
      account: MAILBOX,
    });
    const found = await req(
      admin,
      'GET',
      `/v2/integrations/email?Find=ByEmailAndProvider&provider=gmail&email=${MAILBOX.toUpperCase()}`,
    );
    expect([found.statusCode, found.json().id]).toEqual([200, account.id]);
    const audit = (await auditRows(t, 'OAUTH_ACCOUNT_CONNECTED')).at(-1);
    expect(audit?.details).toMatchObject({ provider: 'gmail', account: MAILBOX });
  });

  it('connecting the same mailbox again reconnects the one account', async () => {
    const first = await connectGmail();
    const again = await connectGmail();
    expect(again.id).toBe(first.id);
  });
});

describe('the state and the code', () => {
  it('a wrong, foreign, reused or expired state is refused, and nothing is connected', async () => {
    const before = (await req(admin, 'GET', '/v2/integrations/email')).json().data.length;
    const refusedState = (res: { statusCode: number; json: () => unknown }) =>
      expect([res.statusCode, res.json()]).toEqual([400, invalidBody('state', T.stateInvalid)]);

    const a = await authorizeAs((await start()).authorizeUrl);
    refusedState(await exchange({ provider: 'gmail', code: a.code, state: `${a.state}x` }));
    // Another user's state, another module's, another provider's.
    refusedState(await exchange({ provider: 'gmail', code: a.code, state: a.state }, colleague));
    const elsewhere = await authorizeAs((await start('gmail', admin, otherModule)).authorizeUrl);
    refusedState(await exchange({ provider: 'gmail', code: elsewhere.code, state: elsewhere.state }));
    // Used once, then refused.
    expect((await exchange({ provider: 'gmail', code: a.code, state: a.state })).statusCode).toBe(200);
    refusedState(await exchange({ provider: 'gmail', code: a.code, state: a.state }));
    // Ten minutes later.
    const late = await authorizeAs((await start()).authorizeUrl);
    t.clock.advance(10 * 60_000 + 1000);
    refusedState(await exchange({ provider: 'gmail', code: late.code, state: late.state }));
    expect((await req(admin, 'GET', '/v2/integrations/email')).json().data.length).toBe(before === 0 ? 1 : before);
    expect((await auditRows(t, 'OAUTH_CONNECT_REFUSED')).length).toBeGreaterThanOrEqual(5);
  });

  it('a code used once is refused by the provider the second time, under a fresh state', async () => {
    const first = await authorizeAs((await start()).authorizeUrl);
    expect((await exchange({ provider: 'gmail', code: first.code, state: first.state })).statusCode).toBe(200);
    const fresh = await start();
    const res = await exchange({ provider: 'gmail', code: first.code, state: fresh.state });
    expect([res.statusCode, res.json()]).toEqual([400, invalidBody('code', T.exchangeFailed)]);
  });
});

describe('valid access tokens', () => {
  it('are refreshed once expired, and after a 401; a refused refresh marks the account expired', async () => {
    const account = await connectGmail();
    const ctx = ctxOf();
    const first = await validAccessToken(ctx, moduleId, account.id);
    expect(await validAccessToken(ctx, moduleId, account.id)).toBe(first);
    const refreshes = () => fake.state.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length;
    const before = refreshes();

    t.clock.advance(3600_000);
    const renewed = await validAccessToken(ctx, moduleId, account.id);
    expect(renewed).not.toBe(first);
    expect(refreshes()).toBe(before + 1);
    const after = (await req(admin, 'GET', `/v2/integrations/email/${account.id}`)).json();
    expect(new Date(after.expiresAt).getTime()).toBeGreaterThan(t.clock.now.getTime());

    fake.invalidateAccessTokens();
    const res = await providerGet(ctx, moduleId, account.id, `${fake.url}/userinfo`);
    expect(res.status).toBe(200);
    expect(refreshes()).toBe(before + 2);

    fake.state.refresh.clear();
    await expect(validAccessToken(ctx, moduleId, account.id, { force: true })).rejects.toBeInstanceOf(
      IntegrationUnavailable,
    );
    const expired = (await req(admin, 'GET', `/v2/integrations/email/${account.id}`)).json();
    expect(expired).toMatchObject({ status: 'EXPIRED', connected: false });
    expect(expired.lastError).toContain('reconnect');
    // Reconnecting makes it usable again.
    expect((await connectGmail()).status).toBe('CONNECTED');
  });
});

describe("another module's integrations", () => {
  it('are not found', async () => {
    const account = await connectGmail();
    await addUser(t, { userName: 'oauth-other', roles: ['ROLE_ADMIN'], moduleIds: [otherModule] });
    const other = await signIn(t, 'oauth-other');
    const seen = await req(other, 'GET', `/v2/integrations/email/${account.id}`, undefined, otherModule);
    expect([seen.statusCode, seen.json()]).toEqual([404, notFoundBody(T.mailNotFound)]);
    const off = await req(
      other,
      'PUT',
      '/v2/integrations/email/modify',
      { id: account.id, isActive: false },
      otherModule,
    );
    expect(off.statusCode).toBe(404);
    expect((await req(other, 'GET', '/v2/integrations/email', undefined, otherModule)).json().data).toEqual([]);
    expect((await req(admin, 'GET', `/v2/integrations/email/${account.id}`)).json().status).toBe('CONNECTED');
  });
});

describe('disconnecting', () => {
  it('revokes the token at the provider, deletes the tokens and shows the account disconnected', async () => {
    const account = await connectGmail();
    const revokedBefore = fake.state.revoked.length;
    const res = await req(admin, 'PUT', '/v2/integrations/email/modify', { id: account.id, isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DISCONNECTED', connected: false, expiresAt: null });
    expect(fake.state.revoked.length).toBe(revokedBefore + 1);
    const row = await t.database.db
      .selectFrom('oauth_account')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect([row.access_token_sealed, row.refresh_token_sealed]).toEqual([null, null]);
    await expect(validAccessToken(ctxOf(), moduleId, account.id)).rejects.toBeInstanceOf(IntegrationUnavailable);
    expect((await auditRows(t, 'OAUTH_ACCOUNT_DISCONNECTED')).length).toBeGreaterThan(0);
  });
});

describe('gateway links', () => {
  it('links razorpay by OAuth and answers its auths without secrets', async () => {
    const started = await req(admin, 'POST', '/v2/gateway/link/authorize', { provider: 'razorpay' });
    const { code, state, callback } = await authorizeAs(started.json().authorizeUrl);
    expect(callback.pathname).toBe('/oauth/razorpay');
    // A mail state does not link a gateway.
    const mail = await authorizeAs((await start()).authorizeUrl);
    expect(
      (await req(admin, 'POST', '/v2/gateway/link', { provider: 'razorpay', code: mail.code, state: mail.state }))
        .statusCode,
    ).toBe(400);
    const linked = await req(admin, 'POST', '/v2/gateway/link', { provider: 'razorpay', code, state });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ provider: 'razorpay', account: ACCOUNT_ID, status: 'CONNECTED' });
    const list = (await req(admin, 'GET', '/v2/gateway')).json().data;
    expect(list.map((g: { account: string }) => g.account)).toContain(ACCOUNT_ID);
    const auths = await req(admin, 'GET', `/v2/gateway/${linked.json().id}?Find=IntegrationAuths`);
    expect(auths.json().data).toEqual([expect.objectContaining({ authType: 'OAUTH', hasRefreshToken: true })]);
    expect(
      (await req(admin, 'GET', `/v2/gateway/${linked.json().id}?Find=IntegrationAuths`, undefined, otherModule))
        .statusCode,
    ).toBe(404);
    // The mail list does not show gateways.
    expect((await req(admin, 'GET', `/v2/integrations/email/${linked.json().id}`)).statusCode).toBe(404);
  });

  it('links by API key only when the gateway accepts it; the secret is sealed; unlinking forgets it', async () => {
    const missing = await req(admin, 'POST', '/v2/gateway/link/apikey', { provider: 'razorpay', keyId: API_KEY.keyId });
    expect([missing.statusCode, missing.json()]).toEqual([400, invalidBody('keySecret', T.keySecretRequired)]);
    const wrong = await req(admin, 'POST', '/v2/gateway/link/apikey', {
      provider: 'razorpay',
      keyId: API_KEY.keyId,
      keySecret: 'nope',
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, invalidBody('keySecret', T.apiKeyRefused)]);
    const linked = await req(admin, 'POST', '/v2/gateway/link/apikey', { provider: 'razorpay', ...API_KEY });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ authType: 'API_KEY', account: API_KEY.keyId, status: 'CONNECTED' });
    const id = linked.json().id;
    const row = await t.database.db
      .selectFrom('oauth_account')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.key_secret_sealed).toMatch(/^enc1:/);
    const auths = (await req(admin, 'GET', `/v2/gateway/${id}?Find=IntegrationAuths`)).json();
    expect(auths.data[0]).toMatchObject({ authType: 'API_KEY', keyId: API_KEY.keyId });
    const off = await req(admin, 'POST', `/v2/gateway/${id}/disconnect`);
    expect(off.json().status).toBe('DISCONNECTED');
    const after = await t.database.db
      .selectFrom('oauth_account')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.key_secret_sealed).toBeNull();
  });
});

describe('mail fetch metadata of a job execution', () => {
  it('answers an empty list for an execution that fetched nothing, and 404 for another module’s', async () => {
    const pipeline = await addPipeline(t, moduleId);
    const jobId = await createJob(t, admin, moduleId, jobBody([pipeline.id]));
    const execution = await t.database.db
      .insertInto('job_execution')
      .values({ module_id: moduleId, job_id: jobId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await req(admin, 'GET', `/v2/integrations/email/fetchEmails/metaData/${execution.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { data: [] }]);
    const foreign = await req(
      admin,
      'GET',
      `/v2/integrations/email/fetchEmails/metaData/${execution.id}`,
      undefined,
      otherModule,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('tokens', () => {
  it('are in no answer of this file', () => {
    expect(fake.state.issued.length).toBeGreaterThan(5);
    const all = answers.join('\n');
    for (const token of fake.state.issued) expect(all).not.toContain(token);
    expect(all).not.toContain('enc1:');
    expect(all).not.toContain(API_KEY.keySecret);
  });

  it('are in no log line, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const verbose = await buildApp(
      {
        config: testConfig({
          publicUrl: PUBLIC_URL,
          oauthProviders: { ...OAUTH_PROVIDER_DEFAULTS, gmail: fake.providerConfig('gmail') },
        }),
        db: t.database.db,
        notifier: t.notifier,
      },
      { logger: { level: 'trace', stream } },
    );
    try {
      const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
        verbose.inject({
          method,
          url: `/web${url}`,
          payload,
          headers: {
            authorization: `Bearer ${admin.authToken}`,
            'x-user-id': String(admin.userId),
            'x-module-id': String(moduleId),
          },
        });
      const issuedBefore = fake.state.issued.length;
      const started = (await send('POST', '/v2/integrations/email/new', { provider: 'gmail' })).json();
      const { code, state } = await authorizeAs(started.authorizeUrl);
      const done = await send('POST', `/v2/integrations/email/oauth?Find=ByModule&moduleId=${moduleId}`, {
        provider: 'gmail',
        code,
        state,
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(
        (await send('PUT', '/v2/integrations/email/modify', { id: done.json().id, isActive: false })).statusCode,
      ).toBe(200);
      expect(fake.state.issued.length).toBeGreaterThan(issuedBefore);
      const log = lines.join('');
      expect(log.length).toBeGreaterThan(0);
      for (const token of fake.state.issued.slice(issuedBefore)) expect(log).not.toContain(token);
      expect(log).not.toContain('enc1:');
    } finally {
      await verbose.close();
    }
  });
});
