import type { Db } from '@recon/db';

export type Message = { channel: 'SMS' | 'EMAIL'; recipient: string; subject: string; body: string; userId?: number };

/** Delivers codes and links to users. The default writes to the outbox table and the log; no SMTP needed to run. */
export type Notifier = { send: (db: Db, message: Message) => Promise<void> };

export function createOutboxNotifier(log: { info: (obj: object, msg: string) => void }): Notifier {
  return {
    send: async (db, m) => {
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
