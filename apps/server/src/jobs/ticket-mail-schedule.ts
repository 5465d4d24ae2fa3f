import type { Db } from '@recon/db';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '@/config.ts';
import type { FeatureContext } from '@/deps.ts';
import { refreshOpenTickets } from '@/features/tickets/ticket-email.service.ts';
import { createOutboxNotifier } from '@/lib/notifier.ts';
import { createPrincipalStore } from '@/lib/principal.ts';
import { createSecretBox } from '@/lib/secrets.ts';
import { createTokenService } from '@/lib/tokens.ts';

/** Open tickets' replies are read from their module's mailbox every 10 minutes (decision 0030). */
export const TICKET_MAIL_QUEUE = 'ticket-mail-refresh';
export const TICKET_MAIL_CRON = '*/10 * * * *';

/** The services a feature gets, built for the worker's process (as buildApp does for the HTTP app). */
function workerContext(deps: { db: Db; config: Config; log: FastifyBaseLogger; now: () => Date }): FeatureContext {
  const { db, config } = deps;
  return {
    config,
    db,
    notifier: createOutboxNotifier(deps.log, { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom }),
    now: deps.now,
    tokens: createTokenService(config.jwtSecret, config.accessTokenTtlSeconds),
    principals: createPrincipalStore(db),
    secrets: createSecretBox(config.secretsKey, config.secretsPreviousKeys),
  };
}

/** A light pg-boss schedule on the worker: one queue, one cron, one read of every module's mailbox at a time. */
export async function startTicketMailSchedule(
  boss: PgBoss,
  deps: { db: Db; config: Config; log: FastifyBaseLogger; now: () => Date },
): Promise<void> {
  const ctx = workerContext(deps);
  await boss.createQueue(TICKET_MAIL_QUEUE, { name: TICKET_MAIL_QUEUE, retryLimit: 0 });
  await boss.work(TICKET_MAIL_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const { received } = await refreshOpenTickets(ctx, deps.log);
    if (received > 0) deps.log.info({ received }, 'ticket replies read from the mailboxes');
  });
  await boss.schedule(TICKET_MAIL_QUEUE, TICKET_MAIL_CRON);
}
