import type { Db } from '@recon/db';
import type { FastifyBaseLogger } from 'fastify';
import { checkSla } from '@/features/tickets/sla.service.ts';
import { every } from '@/lib/every.ts';
import type { Notifier } from '@/lib/notifier.ts';

/** How often the tickets' SLA rule is checked (decision 0032): a ticket is escalated at most this late. */
export const SLA_CHECK_INTERVAL_MS = 60_000;

/** Escalates the overdue tickets of every module with an SLA rule, on a timer (a failed check is tried again). */
export function startSlaCheck(deps: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  notifier: Notifier;
  intervalMs?: number;
}): {
  stop: () => Promise<void>;
} {
  return every(
    deps.intervalMs ?? SLA_CHECK_INTERVAL_MS,
    async () => {
      const ids = await checkSla(deps.db, deps.now(), deps.notifier);
      if (ids.length > 0) deps.log.info({ ticketIds: ids }, 'overdue tickets escalated by the SLA rule');
    },
    (err) => deps.log.warn({ err }, 'the tickets SLA check failed'),
  );
}
