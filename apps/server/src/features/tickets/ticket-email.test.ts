import { TICKET_EMAIL_TEXTS, TICKET_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, testConfig } from '@/config.ts';
import type { FeatureContext } from '@/deps.ts';
import { createOutboxNotifier, queueMail } from '@/lib/notifier.ts';
import { OAUTH_PROVIDER_DEFAULTS } from '@/lib/oauth-providers.ts';
import { createSecretBox } from '@/lib/secrets.ts';
import { authorizeAs, type FakeOAuthProvider, startOAuthProvider } from '@/testing/oauth-provider.ts';
import { bodyOf, headerOf, startSmtpSink } from '@/testing/smtp-sink.ts';
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
import { refreshOpenTickets } from './ticket-email.service.ts';

// Ticket e-mail threads (decision 0030): trigger and reply through the outbox's SMTP (a local SMTP server) and through
// a connected gmail or outlook mailbox (the local provider fake); refresh reads the replies back once, by the ids they
// answer or the subject's tag, and leaves other mail alone; the guards of every call.

const PUBLIC_URL = 'https://recon.example.test';
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let fake: FakeOAuthProvider;
let t: TestApp;
let plain: number; // no mailbox: the outbox
let withGmail: number;
let withOutlook: number;
let otherModule: number;
let config: Config;
let admin: Session;
let checker: Session;
let outsider: Session;

type Body = Record<string, unknown>;
/** What the job worker hands the timer's read: the app's configuration, database, secrets and clock. */
const featureContext = () =>
  ({
    config,
    db: t.database.db,
    secrets: createSecretBox(config.secretsKey, config.secretsPreviousKeys),
    now: () => t.clock.now,
  }) as FeatureContext;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, moduleId: number, payload?: Body, s = admin) =>
  call(t, s, { method, url: `/web${url}`, moduleId, ...(payload ? { payload } : {}) });
const messageOf = (res: { json: () => unknown }) => {
  const body = res.json() as { message?: string } | { message: string }[];
  return Array.isArray(body) ? body[0]?.message : body.message;
};

async function connect(provider: 'gmail' | 'outlook', moduleId: number, mailbox: string) {
  fake.state.email = mailbox;
  const start = await send('POST', '/v2/integrations/email/new', moduleId, { provider });
  expect(start.statusCode, start.body).toBe(200);
  const { code, state } = await authorizeAs(start.json().authorizeUrl);
  const res = await send('POST', `/v2/integrations/email/oauth?Find=ByModule&moduleId=${moduleId}`, moduleId, {
    provider,
    code,
    state,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function ticket(moduleId: number, body: Body = {}) {
  const res = await send('POST', '/v2/tickets', moduleId, {
    title: 'Settlement short by 120.00',
    priority: 'HIGH',
    type: 'INCIDENT',
    assignedTo: [{ email: 'ops@partner.test' }],
    cced: [{ email: 'lead@partner.test' }],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; dueDate: string };
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  fake = await startOAuthProvider();
  const overrides: Partial<Config> = {
    publicUrl: PUBLIC_URL,
    smtpUrl: smtp.smtpUrl,
    mailFrom: 'Recon <recon@bank.test>',
    oauthProviders: {
      gmail: fake.providerConfig('gmail'),
      outlook: fake.providerConfig('outlook'),
      razorpay: OAUTH_PROVIDER_DEFAULTS.razorpay,
    },
  };
  config = testConfig(overrides);
  t = await createTestApp(overrides);
  plain = await addModule(t, 'Mail plain');
  withGmail = await addModule(t, 'Mail gmail');
  withOutlook = await addModule(t, 'Mail outlook');
  otherModule = await addModule(t, 'Mail other');
  await addUser(t, { userName: 'te-admin', roles: ['ROLE_ADMIN'], moduleIds: [plain, withGmail, withOutlook] });
  await addUser(t, { userName: 'te-checker', roles: ['ROLE_CHECKER'], moduleIds: [plain] });
  await addUser(t, { userName: 'te-outsider', roles: ['ROLE_ADMIN'], moduleIds: [otherModule] });
  admin = await signIn(t, 'te-admin');
  checker = await signIn(t, 'te-checker');
  outsider = await signIn(t, 'te-outsider');
  await connect('gmail', withGmail, 'recon@gmail.test');
  await connect('outlook', withOutlook, 'recon@outlook.test');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await smtp?.close();
});

describe('without a connected mailbox, the outbox sends over SMTP', () => {
  it('trigger mails the ticket to its outside people, with its Message-ID recorded on the ticket', async () => {
    const tk = await ticket(plain);
    const before = smtp.received.length;
    const res = await send('PUT', `/v2/tickets/${tk.id}/email/trigger`, plain, {});
    expect(res.statusCode, res.body).toBe(200);
    const { sent, data } = res.json();
    expect(sent).toMatchObject({ direction: 'OUT', status: 'SENT', via: 'OUTBOX', from: 'Recon <recon@bank.test>' });
    expect(sent.to).toEqual(['ops@partner.test']);
    expect(sent.cc).toEqual(['lead@partner.test']);
    expect(sent.messageId).toMatch(/^<ticket-\d+\.[^@]+@bank\.test>$/);
    expect(data).toHaveLength(1);

    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1);
    expect(mail?.to.sort()).toEqual(['lead@partner.test', 'ops@partner.test']);
    const raw = mail?.raw ?? '';
    expect(headerOf(raw, 'Message-ID')).toBe(sent.messageId);
    expect(headerOf(raw, 'To')).toBe('ops@partner.test');
    expect(headerOf(raw, 'Cc')).toBe('lead@partner.test');
    expect(headerOf(raw, 'Subject')).toBe(`[Ticket #${tk.id}] Settlement short by 120.00`);
    const text = bodyOf(raw);
    expect(text).toContain('Settlement short by 120.00');
    expect(text).toContain('Status: Assigned');
    expect(text).toContain('Priority: High');
    const due = new Date(tk.dueDate);
    expect(text).toContain(
      `Due date: ${String(due.getDate()).padStart(2, '0')}-${String(due.getMonth() + 1).padStart(2, '0')}-${due.getFullYear()}`,
    );
    expect(text).toContain(`${PUBLIC_URL}/my-jobs/tickets/internal?ticketId=${tk.id}`);

    const outbox = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('message_id', '=', sent.messageId)
      .executeTakeFirstOrThrow();
    expect(outbox.sent_at).not.toBeNull();
    const audit = (await auditRows(t, 'TICKET_EMAIL_SENT')).at(-1);
    expect(audit?.entity_id).toBe(String(tk.id));
    expect(audit?.details).toMatchObject({ messageId: sent.messageId, via: 'OUTBOX', status: 'SENT' });
  });

  it('reply is sent in the thread: In-Reply-To the latest mail, References every one, stored as an entry', async () => {
    const tk = await ticket(plain);
    const first = (await send('PUT', `/v2/tickets/${tk.id}/email/trigger`, plain, {})).json().sent;
    const res = await send('PUT', `/v2/tickets/${tk.id}/email/reply`, plain, { body: 'We have refunded 120.00.' });
    expect(res.statusCode, res.body).toBe(200);
    const { sent, data } = res.json();
    expect(sent.inReplyTo).toBe(first.messageId);
    expect(sent.subject).toBe(`Re: [Ticket #${tk.id}] Settlement short by 120.00`);
    expect(data.map((e: { messageId: string }) => e.messageId)).toEqual([first.messageId, sent.messageId]);
    const raw = smtp.received.at(-1)?.raw ?? '';
    expect(headerOf(raw, 'Message-ID')).toBe(sent.messageId);
    expect(headerOf(raw, 'In-Reply-To')).toBe(first.messageId);
    expect(headerOf(raw, 'References')).toBe(first.messageId);
    expect(bodyOf(raw)).toContain('We have refunded 120.00.');
    const second = (await send('PUT', `/v2/tickets/${tk.id}/email/reply`, plain, { body: 'And closed.' })).json().sent;
    expect(headerOf(smtp.received.at(-1)?.raw ?? '', 'References')).toBe(`${first.messageId} ${sent.messageId}`);
    expect(second.inReplyTo).toBe(sent.messageId);
    expect((await send('GET', `/v2/tickets/${tk.id}/email`, plain)).json().data).toHaveLength(3);
  });

  it('refuses a ticket with no outside e-mail, an empty reply, and refresh without a mailbox', async () => {
    const tk = await ticket(plain, { assignedTo: [], cced: [] });
    const res = await send('PUT', `/v2/tickets/${tk.id}/email/trigger`, plain, {});
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(TICKET_EMAIL_TEXTS.noRecipients);
    const empty = await send('PUT', `/v2/tickets/${tk.id}/email/reply`, plain, { body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(TICKET_EMAIL_TEXTS.replyRequired);
    const refresh = await send('PUT', `/v2/tickets/${tk.id}/email/refresh`, plain, {});
    expect(refresh.statusCode).toBe(400);
    expect(messageOf(refresh)).toBe(TICKET_EMAIL_TEXTS.noMailbox);
  });

  it("delivers the notifier's codes and invitations over the same SMTP server", async () => {
    const notifier = createOutboxNotifier(
      { info: () => {} },
      { smtpUrl: smtp.smtpUrl, mailFrom: 'Recon <recon@bank.test>' },
    );
    await notifier.send(t.database.db, {
      channel: 'EMAIL',
      recipient: 'new.user@bank.test',
      subject: 'Your invitation',
      body: 'Set your password: https://recon.example.test/reset',
    });
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['new.user@bank.test']);
    expect(headerOf(mail?.raw ?? '', 'Subject')).toBe('Your invitation');
    expect(bodyOf(mail?.raw ?? '')).toContain('Set your password');
    const row = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'new.user@bank.test')
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });

  it('keeps the mail in the outbox unsent when no SMTP server is configured', async () => {
    const before = smtp.received.length;
    const result = await queueMail(
      t.database.db,
      { smtpUrl: undefined, mailFrom: 'x@bank.test' },
      {
        from: 'x@bank.test',
        to: ['a@partner.test'],
        cc: [],
        subject: 'Kept',
        text: 'Kept',
        messageId: '<kept@bank.test>',
      },
    );
    expect(result.status).toBe('QUEUED');
    const row = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('message_id', '=', '<kept@bank.test>')
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(smtp.received).toHaveLength(before);
  });
});

describe('with a connected gmail mailbox', () => {
  it('sends through gmail and reads each reply back once, ignoring unrelated mail', async () => {
    const tk = await ticket(withGmail);
    const smtpBefore = smtp.received.length;
    const res = await send('PUT', `/v2/tickets/${tk.id}/email/trigger`, withGmail, {});
    expect(res.statusCode, res.body).toBe(200);
    const { sent } = res.json();
    expect(sent).toMatchObject({ status: 'SENT', via: 'GMAIL', from: 'recon@gmail.test' });
    expect(smtp.received).toHaveLength(smtpBefore);
    const raw = fake.state.sent.at(-1)?.raw ?? '';
    expect(headerOf(raw, 'Message-ID')).toBe(sent.messageId);
    expect(headerOf(raw, 'To')).toBe('ops@partner.test');
    expect(headerOf(raw, 'From')).toBe('recon@gmail.test');

    fake.state.messages.push(
      {
        id: `g-reply-${tk.id}`,
        from: 'Ops Desk <ops@partner.test>',
        subject: `Re: [Ticket #${tk.id}] Settlement short by 120.00`,
        date: new Date('2026-11-28T10:15:00Z'),
        messageId: `<reply-${tk.id}@partner.test>`,
        inReplyTo: sent.messageId,
        references: [sent.messageId],
        html: '<p>Refund sent &amp; <b>confirmed</b>.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
        attachments: [],
      },
      {
        id: `g-tagged-${tk.id}`,
        from: 'lead@partner.test',
        subject: `Question about [Ticket #${tk.id}]`,
        messageId: `<tagged-${tk.id}@partner.test>`,
        text: 'Any update?',
        attachments: [],
      },
      {
        id: `g-unrelated-${tk.id}`,
        from: 'news@vendor.test',
        subject: 'Newsletter',
        messageId: `<news-${tk.id}@vendor.test>`,
        inReplyTo: '<something-else@vendor.test>',
        text: 'Unrelated',
        attachments: [],
      },
    );
    const first = await send('PUT', `/v2/tickets/${tk.id}/email/refresh`, withGmail, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().received).toBe(2);
    const inbound = first.json().data.filter((e: { direction: string }) => e.direction === 'IN');
    expect(inbound).toHaveLength(2);
    const reply = inbound.find((e: { messageId: string }) => e.messageId === `<reply-${tk.id}@partner.test>`);
    expect(reply).toMatchObject({
      status: 'RECEIVED',
      via: 'GMAIL',
      from: 'Ops Desk <ops@partner.test>',
      inReplyTo: sent.messageId,
      date: '2026-11-28T10:15:00.000Z',
    });
    expect(reply.body).toBe('Refund sent & confirmed.');
    expect(inbound.map((e: { body: string }) => e.body).join(' ')).not.toContain('Unrelated');

    const again = await send('PUT', `/v2/tickets/${tk.id}/email/refresh`, withGmail, {});
    expect(again.json().received).toBe(0);
    expect(again.json().data).toHaveLength(3);

    // A reply from the thread goes to the people and to whoever wrote the latest mail in, In-Reply-To it.
    const answer = (await send('PUT', `/v2/tickets/${tk.id}/email/reply`, withGmail, { body: 'Thanks' })).json().sent;
    const latestIn = again.json().data.at(-1);
    expect(answer.inReplyTo).toBe(latestIn.messageId);
    const answerRaw = fake.state.sent.at(-1)?.raw ?? '';
    expect(headerOf(answerRaw, 'In-Reply-To')).toBe(latestIn.messageId);
    expect(headerOf(answerRaw, 'References')).toContain(sent.messageId);
  });

  it('reads replies of open tickets on the timer, not those of closed ones', async () => {
    const open = await ticket(withGmail);
    const closed = await ticket(withGmail);
    const openSent = (await send('PUT', `/v2/tickets/${open.id}/email/trigger`, withGmail, {})).json().sent;
    const closedSent = (await send('PUT', `/v2/tickets/${closed.id}/email/trigger`, withGmail, {})).json().sent;
    expect((await send('PUT', '/v2/tickets/close', withGmail, { id: closed.id })).statusCode).toBe(200);
    for (const [tk, sent] of [
      [open, openSent],
      [closed, closedSent],
    ] as const)
      fake.state.messages.push({
        id: `timer-${tk.id}`,
        from: 'ops@partner.test',
        subject: 'Re: your mail',
        messageId: `<timer-${tk.id}@partner.test>`,
        inReplyTo: sent.messageId,
        text: 'Seen',
        attachments: [],
      });
    const result = await refreshOpenTickets(featureContext(), { warn: () => {} });
    expect(result.received).toBeGreaterThanOrEqual(1);
    expect((await send('GET', `/v2/tickets/${open.id}/email`, withGmail)).json().data).toHaveLength(2);
    expect((await send('GET', `/v2/tickets/${closed.id}/email`, withGmail)).json().data).toHaveLength(1);
  });
});

describe('with a connected outlook mailbox', () => {
  it('sends through Microsoft Graph with the Message-ID, and reads the replies from its inbox', async () => {
    const tk = await ticket(withOutlook);
    const { sent } = (await send('PUT', `/v2/tickets/${tk.id}/email/trigger`, withOutlook, {})).json();
    expect(sent).toMatchObject({ status: 'SENT', via: 'OUTLOOK', from: 'recon@outlook.test' });
    const graph = fake.state.sent.at(-1)?.graph as Record<string, unknown>;
    expect(graph).toMatchObject({
      subject: `[Ticket #${tk.id}] Settlement short by 120.00`,
      internetMessageId: sent.messageId,
      toRecipients: [{ emailAddress: { address: 'ops@partner.test' } }],
      ccRecipients: [{ emailAddress: { address: 'lead@partner.test' } }],
    });
    fake.state.messages.push({
      id: `o-reply-${tk.id}`,
      from: 'ops@partner.test',
      subject: 'RE: settlement',
      messageId: `<o-reply-${tk.id}@partner.test>`,
      references: [sent.messageId],
      text: 'Done on our side',
      attachments: [],
    });
    const res = await send('PUT', `/v2/tickets/${tk.id}/email/refresh`, withOutlook, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().received).toBe(1);
    expect(res.json().data.at(-1)).toMatchObject({ direction: 'IN', via: 'OUTLOOK', body: 'Done on our side' });
  });

  it("keeps a title's line breaks out of the subject", async () => {
    const tk = await ticket(withOutlook, { title: 'Two\nlines' });
    const res = await send('PUT', `/v2/tickets/${tk.id}/email/trigger`, withOutlook, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.state.sent.at(-1)?.graph?.subject).toBe(`[Ticket #${tk.id}] Two lines`);
  });
});

describe('guards', () => {
  it('401 without a session, 403 without the ticket privilege, 404 for a ticket of another module', async () => {
    const tk = await ticket(plain);
    const calls: ['GET' | 'PUT', string, Body | undefined][] = [
      ['GET', `/v2/tickets/${tk.id}/email`, undefined],
      ['PUT', `/v2/tickets/${tk.id}/email/trigger`, {}],
      ['PUT', `/v2/tickets/${tk.id}/email/reply`, { body: 'x' }],
      ['PUT', `/v2/tickets/${tk.id}/email/refresh`, {}],
    ];
    const sentBefore = smtp.received.length;
    for (const [method, url, body] of calls) {
      const anonymous = await call(t, null, {
        method,
        url: `/web${url}`,
        moduleId: plain,
        ...(body ? { payload: body } : {}),
      });
      expect(anonymous.statusCode, url).toBe(401);
      expect((await send(method, url, plain, body, checker)).statusCode, url).toBe(403);
      const foreign = await send(method, url, otherModule, body, outsider);
      expect(foreign.statusCode, url).toBe(404);
      expect(messageOf(foreign)).toBe(TICKET_TEXTS.notFound);
    }
    expect(smtp.received).toHaveLength(sentBefore);
  });
});
