import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthProviderConfig } from '@/lib/oauth-providers.ts';

/**
 * A local OAuth2 provider for tests and journeys (decision 0026): authorize (answers at once with a code for the
 * current user, as if they had consented), token (authorization_code with the PKCE verifier and the client secret
 * checked; refresh_token), userinfo, revoke, a minimal gmail-like messages API and a razorpay-like payments read
 * checked by API key, and a Microsoft Graph-like inbox (`/graph/v1.0/me/mailFolders/inbox/messages` with a
 * `receivedDateTime ge` filter, `/graph/v1.0/me/messages/{id}/attachments`). Gmail's `after:` and Graph's filter both
 * keep only messages received since the given time. Every token it hands out is kept in `issued`, so a test can look
 * for them where they must not be. `failMailWith` makes the mail APIs answer an error status (a provider outage).
 * For ticket mail (decision 0030) it also takes gmail's `users/me/messages/send` and Microsoft Graph's `me/sendMail`
 * (kept in `sent`); Graph's inbox answers the messages' threading headers and bodies too.
 */
export type FakeMessage = {
  id: string;
  from: string;
  subject: string;
  date?: Date;
  attachments: { filename: string; content: string }[];
  /** RFC 5322 ids, with angle brackets. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  text?: string;
  html?: string;
};

/** A mail the fake was asked to send: gmail's raw RFC 5322 text, or Graph's message. */
export type FakeSentMail = { api: 'gmail' | 'graph'; raw?: string; graph?: Record<string, unknown>; bearer: string };

export type FakeProviderOptions = {
  clientId?: string;
  clientSecret?: string;
  /** The mailbox (or account id) the next authorization signs in as. */
  email?: string;
  /** Seconds an access token lasts. */
  accessTtlSeconds?: number;
  /** Port to listen on (journeys need a fixed one); 0 picks a free one. */
  port?: number;
  /** Answered on token responses as razorpay_account_id. */
  accountId?: string;
  apiKeys?: Record<string, string>;
};

type Code = { challenge: string; redirectUri: string; email: string; used: boolean };

export async function startOAuthProvider(options: FakeProviderOptions = {}) {
  const clientId = options.clientId ?? 'fake-client';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const state = {
    email: options.email ?? 'finance@mail.example',
    accessTtlSeconds: options.accessTtlSeconds ?? 3600,
    codes: new Map<string, Code>(),
    access: new Map<string, { email: string; expiresAt: number }>(),
    refresh: new Map<string, { email: string }>(),
    issued: [] as string[],
    tokenRequests: [] as Record<string, string>[],
    revoked: [] as string[],
    messages: [] as FakeMessage[],
    sent: [] as FakeSentMail[],
    /** While set, every mail API call answers this status. */
    failMailWith: null as number | null,
    /** The mail API addresses asked, in order (with their query). */
    mailRequests: [] as string[],
    apiKeys: { ...(options.apiKeys ?? {}) } as Record<string, string>,
  };
  const token = (prefix: string) => {
    const value = `${prefix}-${randomBytes(18).toString('base64url')}`;
    state.issued.push(value);
    return value;
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readText = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text;
  };
  const readForm = async (req: IncomingMessage) => Object.fromEntries(new URLSearchParams(await readText(req)));
  const textPart = (mimeType: string, content: string) => ({
    mimeType,
    filename: '',
    body: { size: content.length, data: Buffer.from(content).toString('base64url') },
  });
  const bearer = (req: IncomingMessage) => {
    const value = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const entry = state.access.get(value);
    return entry && entry.expiresAt > Date.now() ? entry : null;
  };
  const issue = (email: string) => {
    const access = token('at');
    const refresh = token('rt');
    state.access.set(access, { email, expiresAt: Date.now() + state.accessTtlSeconds * 1000 });
    state.refresh.set(refresh, { email });
    return { access, refresh };
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/authorize') {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid/');
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (url.searchParams.get('client_id') !== clientId) redirect.searchParams.set('error', 'unauthorized_client');
      else if (url.searchParams.get('code_challenge_method') !== 'S256' || !url.searchParams.get('code_challenge'))
        redirect.searchParams.set('error', 'invalid_request');
      else {
        const code = token('code');
        state.codes.set(code, {
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirectUri: url.searchParams.get('redirect_uri') ?? '',
          email: state.email,
          used: false,
        });
        redirect.searchParams.set('code', code);
      }
      res.writeHead(302, { location: redirect.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && path === '/token') {
      const form = await readForm(req);
      state.tokenRequests.push(form);
      if (form.client_id !== clientId || form.client_secret !== clientSecret)
        return json(res, 401, { error: 'invalid_client' });
      if (form.grant_type === 'authorization_code') {
        const code = state.codes.get(form.code ?? '');
        const challenge = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (!code || code.used || code.redirectUri !== form.redirect_uri || code.challenge !== challenge) {
          if (code) code.used = true;
          return json(res, 400, { error: 'invalid_grant' });
        }
        code.used = true;
        const t = issue(code.email);
        return json(res, 200, {
          access_token: t.access,
          refresh_token: t.refresh,
          expires_in: state.accessTtlSeconds,
          token_type: 'Bearer',
          scope: 'openid email https://www.googleapis.com/auth/gmail.readonly',
          ...(options.accountId ? { razorpay_account_id: options.accountId } : {}),
        });
      }
      if (form.grant_type === 'refresh_token') {
        const entry = state.refresh.get(form.refresh_token ?? '');
        if (!entry) return json(res, 400, { error: 'invalid_grant' });
        const access = token('at');
        state.access.set(access, { email: entry.email, expiresAt: Date.now() + state.accessTtlSeconds * 1000 });
        return json(res, 200, { access_token: access, expires_in: state.accessTtlSeconds, token_type: 'Bearer' });
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'POST' && path === '/revoke') {
      const form = await readForm(req);
      const value = form.token ?? '';
      state.revoked.push(value);
      state.refresh.delete(value);
      state.access.delete(value);
      return json(res, 200, {});
    }
    if (req.method === 'GET' && path === '/userinfo') {
      const who = bearer(req);
      if (!who) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, { sub: `sub-${who.email}`, email: who.email, email_verified: true });
    }
    if (req.method === 'GET' && path === '/v1/payments') {
      const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      if (!id || state.apiKeys[id] !== secret) return json(res, 401, { error: { code: 'BAD_REQUEST_ERROR' } });
      return json(res, 200, { entity: 'collection', count: 0, items: [] });
    }
    if (req.method === 'POST' && path === '/gmail/v1/users/me/messages/send') {
      if (!bearer(req)) return json(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
      const body = JSON.parse(await readText(req)) as { raw?: string };
      if (!body.raw) return json(res, 400, { error: { code: 400, message: 'raw is required' } });
      const raw = Buffer.from(body.raw, 'base64url').toString('utf8');
      state.sent.push({ api: 'gmail', raw, bearer: req.headers.authorization ?? '' });
      return json(res, 200, { id: `sent-${state.sent.length}`, threadId: `thread-${state.sent.length}` });
    }
    if (req.method === 'POST' && path === '/graph/v1.0/me/sendMail') {
      if (!bearer(req)) return json(res, 401, { error: { code: 'InvalidAuthenticationToken' } });
      const body = JSON.parse(await readText(req)) as { message?: Record<string, unknown> };
      state.sent.push({ api: 'graph', graph: body.message ?? {}, bearer: req.headers.authorization ?? '' });
      res.writeHead(202);
      res.end();
      return;
    }
    const gmail = /^\/gmail\/v1\/users\/me\/messages(?:\/([^/]+))?(?:\/attachments\/([^/]+))?$/.exec(path);
    const graph = /^\/graph\/v1\.0\/me\/(?:mailFolders\/inbox\/messages|messages\/([^/]+)\/attachments)$/.exec(path);
    if (req.method === 'GET' && (gmail || graph)) {
      state.mailRequests.push(`${path}${url.search}`);
      if (!bearer(req)) return json(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
      if (state.failMailWith) return json(res, state.failMailWith, { error: { code: state.failMailWith } });
    }
    const receivedSince = (since: number) => state.messages.filter((m) => (m.date ?? new Date()).getTime() >= since);
    if (req.method === 'GET' && graph) {
      const [, messageId] = graph;
      if (messageId) {
        const message = state.messages.find((m) => m.id === messageId);
        if (!message) return json(res, 404, { error: { code: 'ErrorItemNotFound' } });
        return json(res, 200, {
          value: message.attachments.map((a, i) => ({
            '@odata.type': '#microsoft.graph.fileAttachment',
            id: `att${i}`,
            name: a.filename,
            size: a.content.length,
            contentBytes: Buffer.from(a.content).toString('base64'),
          })),
        });
      }
      const ge = /receivedDateTime ge (\S+)/.exec(url.searchParams.get('$filter') ?? '')?.[1];
      return json(res, 200, {
        value: receivedSince(ge ? Date.parse(ge) : 0).map((m) => ({
          id: m.id,
          subject: m.subject,
          internetMessageId: m.messageId,
          receivedDateTime: (m.date ?? new Date()).toISOString(),
          hasAttachments: m.attachments.length > 0,
          from: { emailAddress: { address: /<([^>]+)>/.exec(m.from)?.[1] ?? m.from, name: m.from } },
          body:
            m.html !== undefined
              ? { contentType: 'html', content: m.html }
              : { contentType: 'text', content: m.text ?? '' },
          internetMessageHeaders: [
            ...(m.inReplyTo ? [{ name: 'In-Reply-To', value: m.inReplyTo }] : []),
            ...(m.references ? [{ name: 'References', value: m.references.join(' ') }] : []),
          ],
        })),
      });
    }
    if (req.method === 'GET' && gmail) {
      const [, messageId, attachmentId] = gmail;
      if (!messageId) {
        const after = /after:(\d+)/.exec(url.searchParams.get('q') ?? '')?.[1];
        const listed = receivedSince(after ? Number(after) * 1000 : 0);
        return json(res, 200, { messages: listed.map((m) => ({ id: m.id, threadId: m.id })) });
      }
      const message = state.messages.find((m) => m.id === messageId);
      if (!message) return json(res, 404, { error: { code: 404 } });
      if (attachmentId) {
        const a = message.attachments[Number(attachmentId.replace('att', ''))];
        if (!a) return json(res, 404, { error: { code: 404 } });
        return json(res, 200, { size: a.content.length, data: Buffer.from(a.content).toString('base64url') });
      }
      return json(res, 200, {
        id: message.id,
        internalDate: String((message.date ?? new Date()).getTime()),
        payload: {
          mimeType: 'multipart/mixed',
          headers: [
            { name: 'From', value: message.from },
            { name: 'Subject', value: message.subject },
            ...(message.messageId ? [{ name: 'Message-ID', value: message.messageId }] : []),
            ...(message.inReplyTo ? [{ name: 'In-Reply-To', value: message.inReplyTo }] : []),
            ...(message.references ? [{ name: 'References', value: message.references.join(' ') }] : []),
          ],
          parts: [
            ...(message.text !== undefined ? [textPart('text/plain', message.text)] : []),
            ...(message.html !== undefined ? [textPart('text/html', message.html)] : []),
            ...message.attachments.map((a, i) => ({
              filename: a.filename,
              body: { attachmentId: `att${i}`, size: a.content.length },
            })),
          ],
        },
      });
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The provider settings that point the server here. */
  const providerConfig = (
    provider: 'gmail' | 'outlook' | 'razorpay',
    scopes = ['openid', 'email'],
  ): OAuthProviderConfig => ({
    clientId,
    clientSecret,
    authorizeUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    userinfoUrl: `${url}/userinfo`,
    revokeUrl: `${url}/revoke`,
    apiUrl: { razorpay: `${url}/v1`, gmail: `${url}/gmail/v1`, outlook: `${url}/graph/v1.0` }[provider],
    scopes,
    extraAuthorizeParams: {},
  });

  return {
    url,
    state,
    providerConfig,
    /** Every access token handed out so far stops working (a 401 until refreshed). */
    invalidateAccessTokens: () => state.access.clear(),
    /** The user revoked the app: no access or refresh token works any more. */
    revokeAll: () => {
      state.access.clear();
      state.refresh.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeOAuthProvider = Awaited<ReturnType<typeof startOAuthProvider>>;

/** What the opener does after the popup: follows the authorize address to the callback, reads code and state. */
export async function authorizeAs(authorizeUrl: string) {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? '');
  return {
    callback: location,
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
    error: location.searchParams.get('error'),
  };
}
