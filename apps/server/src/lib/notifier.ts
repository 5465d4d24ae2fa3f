import type { Db } from '@recon/db';
import nodemailer from 'nodemailer';

export type Message = { channel: 'SMS' | 'EMAIL'; recipient: string; subject: string; body: string; userId?: number };

/** Delivers codes and links to users. The default writes to the outbox table and the log; no SMTP needed to run. */
export type Notifier = { send: (db: Db, message: Message) => Promise<void> };

/** How the outbox delivers e-mail (decision 0030): SMTP when a URL is set, otherwise the mail stays in the table. */
export type OutboxSmtp = { smtpUrl: string | undefined; mailFrom: string };

/** A threaded mail for the outbox: its Message-ID and the ones it answers. */
export type OutboxMail = {
  from: string;
  to: readonly string[];
  cc: readonly string[];
  subject: string;
  text: string;
  /** With angle brackets: `<…@…>`. */
  messageId: string;
  inReplyTo?: string | null;
  references?: readonly string[];
  date?: Date;
};

const SMTP_TIMEOUT_MS = 15_000;

/** Sends one mail over SMTP (nodemailer): throws what the server said when it refuses. */
export async function sendSmtp(smtpUrl: string, mail: OutboxMail): Promise<void> {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as object);
  try {
    await transport.sendMail({
      from: mail.from,
      to: [...mail.to],
      cc: mail.cc.length > 0 ? [...mail.cc] : undefined,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
      inReplyTo: mail.inReplyTo ?? undefined,
      references: mail.references && mail.references.length > 0 ? [...mail.references] : undefined,
      date: mail.date,
    });
  } finally {
    transport.close();
  }
}

/**
 * Puts a mail in the outbox and, when SMTP is configured, delivers it at once (sent_at set; a refusal is kept in
 * last_error and the row stays unsent). QUEUED: kept for later (no SMTP configured).
 */
export async function queueMail(
  db: Db,
  smtp: OutboxSmtp,
  mail: OutboxMail,
  userId: number | null = null,
): Promise<{ status: 'SENT' | 'QUEUED' | 'FAILED'; error: string | null }> {
  const row = await db
    .insertInto('outbox')
    .values({
      channel: 'EMAIL',
      recipient: mail.to.join(', '),
      cc: mail.cc.length > 0 ? mail.cc.join(', ') : null,
      subject: mail.subject,
      body: mail.text,
      user_id: userId,
      message_id: mail.messageId,
      in_reply_to: mail.inReplyTo ?? null,
      references_header: mail.references && mail.references.length > 0 ? mail.references.join(' ') : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!smtp.smtpUrl) return { status: 'QUEUED', error: null };
  try {
    await sendSmtp(smtp.smtpUrl, mail);
    await db.updateTable('outbox').set({ sent_at: new Date(), last_error: null }).where('id', '=', row.id).execute();
    return { status: 'SENT', error: null };
  } catch (err) {
    const error = `SMTP: ${(err as Error).message}`.slice(0, 500);
    await db.updateTable('outbox').set({ last_error: error }).where('id', '=', row.id).execute();
    return { status: 'FAILED', error };
  }
}

/** A Message-ID of this product: `<tag.random@domain>`, the domain from the sender's address (or `recon.local`). */
export function newMessageId(tag: string, fromAddress: string): string {
  const domain = /@([^>\s]+)/.exec(fromAddress)?.[1] ?? 'recon.local';
  return `<${tag}.${crypto.randomUUID()}@${domain}>`;
}

export function createOutboxNotifier(
  log: { info: (obj: object, msg: string) => void },
  smtp: OutboxSmtp = { smtpUrl: undefined, mailFrom: 'Recon <recon@localhost>' },
): Notifier {
  return {
    send: async (db, m) => {
      if (m.channel === 'EMAIL' && smtp.smtpUrl) {
        const result = await queueMail(
          db,
          smtp,
          {
            from: smtp.mailFrom,
            to: [m.recipient],
            cc: [],
            subject: m.subject,
            text: m.body,
            messageId: newMessageId('notice', smtp.mailFrom),
          },
          m.userId ?? null,
        );
        log.info(
          { channel: m.channel, recipient: m.recipient, subject: m.subject, status: result.status },
          'mail sent',
        );
        return;
      }
      await db
        .insertInto('outbox')
        .values({
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          user_id: m.userId ?? null,
        })
        .execute();
      log.info(
        { channel: m.channel, recipient: m.recipient, subject: m.subject, body: m.body },
        'message queued in outbox',
      );
    },
  };
}
