import { type Db, withTransaction } from '@recon/db';
import { writeAudit } from '@/lib/audit.ts';
import { SEALED_COLUMNS, sealContext } from '@/lib/sealed-columns.ts';
import type { SecretBox } from '@/lib/secrets.ts';
import * as q from './integrations.queries.ts';

const BATCH = 200;

/**
 * Re-seals every stored secret not sealed with the current key (decision 0021): each is opened with the key that
 * sealed it (a previous key still configured) and sealed again with the current one, a batch per transaction.
 * Answers how many were re-sealed per column; a value whose key is gone throws, leaving it as it was.
 */
export async function rotateSecrets(db: Db, box: SecretBox): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const column of SEALED_COLUMNS) {
    const name = `${column.table}.${column.column}`;
    counts[name] = 0;
    for (;;) {
      const done = await withTransaction(db, {}, async ({ db: tx }) => {
        const rows = await q.staleSecrets(tx, column, box.keyId, BATCH);
        for (const row of rows) {
          const context = sealContext(column, row.module_id);
          await q.replaceSecret(tx, column, row.id, box.seal(box.open(row.sealed, context), context));
        }
        return rows.length;
      });
      counts[name] += done;
      if (done < BATCH) break;
    }
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (total > 0)
    await writeAudit(db, {
      event: 'SECRETS_ROTATED',
      outcome: 'SUCCESS',
      entityType: 'secrets_key',
      entityId: box.keyId,
      details: { keyId: box.keyId, resealed: counts },
    });
  return counts;
}
