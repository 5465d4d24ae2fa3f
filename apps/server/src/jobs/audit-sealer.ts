import { type Db, sealAuditLog } from '@recon/db';
import type { FastifyBaseLogger } from 'fastify';
import { every } from '@/lib/every.ts';

/** How often the server gives new audit rows their place in the chain (decision 0014). */
export const AUDIT_SEAL_INTERVAL_MS = 5_000;

/**
 * Seals committed audit rows on a short timer: inserts stay free of any lock, and the chain is at most a few seconds
 * behind the log. A seal that fails (the database restarting) is logged and tried again at the next tick.
 */
export function startAuditSealer(deps: { db: Db; log: FastifyBaseLogger; intervalMs?: number }): {
  stop: () => Promise<void>;
} {
  return every(
    deps.intervalMs ?? AUDIT_SEAL_INTERVAL_MS,
    () => sealAuditLog(deps.db),
    (err) => deps.log.warn({ err }, 'sealing the audit log failed'),
  );
}
