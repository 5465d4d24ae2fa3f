import { convert } from 'html-to-text';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { OutboxMail } from './notifier.ts';

/**
 * A connected mailbox's API (decision 0030): gmail (`users.messages.send` with the raw RFC 5322 mail,
 * `users.messages.list` / `get`) and Microsoft Graph (`me/sendMail`, `me/mailFolders/inbox/messages`). The addresses
 * come from the provider's configured API URL (decision 0026), so tests point them at the local fake. `call` is a
 * fetch as the account (the bearer token refreshed as needed); the caller owns tokens.
 */
export type MailboxProvider = 'gmail' | 'outlook';
export type Mailbox = {
  provider: MailboxProvider;
  apiUrl: string;
  /** The mailbox's address (the From of what it sends). */
  address: string;
  call: (url: string, init?: { method?: string; body?: string; headers?: Record<string, string> }) => Promise<Response>;
};

/** A mail read from a mailbox, reduced to what a thread keeps. */
export type InboxMail = {
  providerId: string;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  from: string;
  subject: string;
  date: Date;
  text: string;
};

const MAX_LISTED = 50;
const TEXT_MAX = 65_000;

export class MailboxError extends Error {}

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new MailboxError(`${what}: the mailbox answered ${res.status}`);
  return res;
}

/** The raw RFC 5322 mail (what gmail's send takes, base64url). */
export async function rawMail(mail: OutboxMail): Promise<Buffer> {
  return new MailComposer({
    from: mail.from,
    to: [...mail.to],
    cc: mail.cc.length > 0 ? [...mail.cc] : undefined,
    subject: mail.subject,
    text: mail.text,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo ?? undefined,
    references: mail.references && mail.references.length > 0 ? [...mail.references] : undefined,
    date: mail.date,
  })
    .compile()
    .build();
}

const base = (m: Mailbox) => m.apiUrl.replace(/\/$/, '');
const recipients = (list: readonly string[]) => list.map((address) => ({ emailAddress: { address } }));

/** Sends through the mailbox. Graph takes no In-Reply-To / References (only `x-` headers): the subject tag threads. */
export async function sendThroughMailbox(m: Mailbox, mail: OutboxMail): Promise<void> {
  if (m.provider === 'gmail') {
    const raw = (await rawMail(mail)).toString('base64url');
    await ok(
      await m.call(`${base(m)}/users/me/messages/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ raw }),
      }),
      'send',
    );
    return;
  }
  await ok(
    await m.call(`${base(m)}/me/sendMail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          subject: mail.subject,
          body: { contentType: 'Text', content: mail.text },
          toRecipients: recipients(mail.to),
          ccRecipients: recipients(mail.cc),
          internetMessageId: mail.messageId,
        },
        saveToSentItems: true,
      }),
    }),
    'send',
  );
}

/** HTML to plain text: tags, scripts and styles dropped, entities decoded, links kept as text. Never rendered. */
export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();
}

const idsOf = (value: string | undefined | null) => (value ?? '').match(/<[^<>\s]+>/g) ?? [];

type GmailPart = { mimeType?: string; body?: { data?: string }; parts?: GmailPart[] };
function gmailBody(part: GmailPart | undefined): { text: string | null; html: string | null } {
  if (!part) return { text: null, html: null };
  const data = part.body?.data ? Buffer.from(part.body.data, 'base64url').toString('utf8') : null;
  if (data !== null && part.mimeType === 'text/plain') return { text: data, html: null };
  if (data !== null && part.mimeType === 'text/html') return { text: null, html: data };
  let text: string | null = null;
  let html: string | null = null;
  for (const p of part.parts ?? []) {
    const b = gmailBody(p);
    text ??= b.text;
    html ??= b.html;
  }
  return { text, html };
}

/** The sender's address from a From header (`Ana <ana@x.com>` → `ana@x.com`). */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

/**
 * The mailbox's recent inbox mail, newest first (at most 50), each read once: ids in `known` are not fetched again.
 * gmail: `users/me/messages?q=in:inbox newer_than:30d` then each message (full); Graph: the inbox with its headers.
 */
export async function readInbox(m: Mailbox, known: ReadonlySet<string>): Promise<InboxMail[]> {
  if (m.provider === 'gmail') {
    const q = encodeURIComponent('in:inbox newer_than:30d');
    const list = (await (
      await ok(await m.call(`${base(m)}/users/me/messages?q=${q}&maxResults=${MAX_LISTED}`), 'list')
    ).json()) as { messages?: { id: string }[] };
    const out: InboxMail[] = [];
    for (const { id } of list.messages ?? []) {
      if (known.has(id)) continue;
      const msg = (await (await ok(await m.call(`${base(m)}/users/me/messages/${id}?format=full`), 'read')).json()) as {
        id: string;
        internalDate?: string;
        payload?: GmailPart & { headers?: { name: string; value: string }[] };
      };
      const header = (name: string) => msg.payload?.headers?.find((h) => h.name.toLowerCase() === name)?.value ?? null;
      const body = gmailBody(msg.payload);
      out.push({
        providerId: msg.id,
        messageId: idsOf(header('message-id'))[0] ?? null,
        inReplyTo: idsOf(header('in-reply-to'))[0] ?? null,
        references: idsOf(header('references')),
        from: header('from') ?? '',
        subject: header('subject') ?? '',
        date: msg.internalDate ? new Date(Number(msg.internalDate)) : new Date(header('date') ?? Date.now()),
        text: (body.text ?? (body.html !== null ? htmlToText(body.html) : '')).slice(0, TEXT_MAX),
      });
    }
    return out;
  }
  const select = 'id,internetMessageId,subject,from,receivedDateTime,body,internetMessageHeaders';
  const page = (await (
    await ok(await m.call(`${base(m)}/me/mailFolders/inbox/messages?$top=${MAX_LISTED}&$select=${select}`), 'list')
  ).json()) as {
    value?: {
      id: string;
      internetMessageId?: string;
      subject?: string;
      from?: { emailAddress?: { name?: string; address?: string } };
      receivedDateTime?: string;
      body?: { contentType?: string; content?: string };
      internetMessageHeaders?: { name: string; value: string }[];
    }[];
  };
  return (page.value ?? [])
    .filter((v) => !known.has(v.id))
    .map((v) => {
      const header = (name: string) =>
        v.internetMessageHeaders?.find((h) => h.name.toLowerCase() === name)?.value ?? null;
      const content = v.body?.content ?? '';
      const who = v.from?.emailAddress;
      return {
        providerId: v.id,
        messageId: idsOf(v.internetMessageId)[0] ?? null,
        inReplyTo: idsOf(header('in-reply-to'))[0] ?? null,
        references: idsOf(header('references')),
        from: who?.name ? `${who.name} <${who.address ?? ''}>` : (who?.address ?? ''),
        subject: v.subject ?? '',
        date: new Date(v.receivedDateTime ?? Date.now()),
        text: (v.body?.contentType?.toLowerCase() === 'html' ? htmlToText(content) : content.trim()).slice(0, TEXT_MAX),
      };
    });
}
