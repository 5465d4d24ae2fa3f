import type { Db } from './pool.ts';
import { LOCKS, sqlOf, withTransaction } from './transaction.ts';

/** Rows one seal transaction gives a place in the chain at most (a backlog is worked off in several). */
export const AUDIT_SEAL_BATCH_ROWS = 10_000;

/**
 * Gives every committed unsealed audit row its place in the chain (oldest id first) and answers how many it sealed.
 * One sealer at a time (`LOCKS.auditChain`); the inserts it seals never waited for it.
 */
export async function sealAuditLog(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const sealed = await withTransaction(db, { lock: LOCKS.auditChain }, async (tx) => {
      const r = await tx.sql.query('SELECT audit_seal($1) AS sealed', [AUDIT_SEAL_BATCH_ROWS]);
      return Number(r.rows[0]?.sealed ?? 0);
    });
    total += sealed;
    if (sealed < AUDIT_SEAL_BATCH_ROWS) return total;
  }
}

export type AuditChainBreak = {
  /** The audit row where the chain breaks (for a missing position: the first row after the gap). */
  rowId: number;
  /** Its place in the chain. */
  seq: number;
  problem: 'content' | 'link' | 'missing';
  message: string;
};

export type AuditChainReport = {
  /** Sealed rows walked. */
  rows: number;
  /** The first position still present: above 1 when old rows were removed for retention (the chain starts there). */
  firstSeq: number | null;
  broken: AuditChainBreak | null;
};

/**
 * Walks the sealed chain in order and reports the first broken link: a row whose content no longer gives its hash, a
 * row whose prev_hash is not the hash of the row before it, or a position missing (rows deleted). A chain may start
 * above position 1 (retention deleted its oldest rows): its first row's prev_hash is then taken as given.
 */
export async function verifyAuditChain(db: Db): Promise<AuditChainReport> {
  const sql = sqlOf(db);
  const summary = await sql.query(
    'SELECT count(*)::bigint AS rows, min(seq) AS first FROM audit_log WHERE seq IS NOT NULL',
  );
  const rows = Number(summary.rows[0]?.rows ?? 0);
  const firstSeq = summary.rows[0]?.first == null ? null : Number(summary.rows[0].first);
  const found = await sql.query(
    `SELECT id, seq, prev_seq, prev_id,
            hash IS DISTINCT FROM expected_hash AS bad_content,
            (prev_seq IS NOT NULL AND seq <> prev_seq + 1) OR (prev_seq IS NULL AND seq = 1 AND prev_hash IS NOT NULL)
              AS gap
       FROM (SELECT a.id, a.seq, a.hash, a.prev_hash, audit_row_hash(a) AS expected_hash, lag(a.seq) OVER w AS prev_seq,
                    lag(a.id) OVER w AS prev_id, lag(a.hash) OVER w AS prev_row_hash
               FROM audit_log a WHERE a.seq IS NOT NULL WINDOW w AS (ORDER BY a.seq)) c
      WHERE hash IS DISTINCT FROM expected_hash
         OR (prev_seq IS NOT NULL AND (seq <> prev_seq + 1 OR prev_hash IS DISTINCT FROM prev_row_hash))
         OR (prev_seq IS NULL AND seq = 1 AND prev_hash IS NOT NULL)
      ORDER BY seq LIMIT 1`,
  );
  const row = found.rows[0];
  if (!row) return { rows, firstSeq, broken: null };
  const rowId = Number(row.id);
  const seq = Number(row.seq);
  const broken: AuditChainBreak = row.gap
    ? {
        rowId,
        seq,
        problem: 'missing',
        message:
          row.prev_seq == null
            ? `audit row ${rowId} (position ${seq}) has a prev_hash but is the first of the chain`
            : `positions ${Number(row.prev_seq) + 1}–${seq - 1} are missing between audit rows ${row.prev_id} and ${rowId} (deleted)`,
      }
    : row.bad_content
      ? {
          rowId,
          seq,
          problem: 'content',
          message: `audit row ${rowId} (position ${seq}): its content no longer gives its hash (changed after sealing)`,
        }
      : {
          rowId,
          seq,
          problem: 'link',
          message: `audit row ${rowId} (position ${seq}): its prev_hash is not the hash of audit row ${row.prev_id} before it`,
        };
  return { rows, firstSeq, broken };
}
