import type { Db } from '@recon/db';
import type { FastifyBaseLogger } from 'fastify';
import { foldDataVersions } from '@/lib/data-tables/data-version.ts';
import { every } from '@/lib/every.ts';

/** How often the counts of ended connections are folded (decision 0040): the table stays near one row per live one. */
export const DATA_VERSION_FOLD_INTERVAL_MS = 3_600_000;

export function startDataVersionFold(deps: { db: Db; log: FastifyBaseLogger; intervalMs?: number }): {
  stop: () => Promise<void>;
} {
  return every(
    deps.intervalMs ?? DATA_VERSION_FOLD_INTERVAL_MS,
    () => foldDataVersions(deps.db),
    (err) => deps.log.warn({ err }, 'folding the data versions failed'),
  );
}
