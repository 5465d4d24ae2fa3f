import { type Db, LOCKS, withTransaction } from '@recon/db';
import { sql } from 'kysely';
import { attachVersionTrigger, DATA_SCHEMA, VERSION_TRIGGER } from './ddl.ts';

/**
 * Data versions (decision 0040): every statement writing a data table or a state table adds one to its table's count
 * (`data_version`, by a statement-level trigger calling `data_version_bump()`), inside the writing transaction. A
 * reader that saw version V of a table and then read the table read rows at least as new as V: figures kept under V
 * are right until the version moves.
 */

/**
 * Attaches the trigger to every data table and state table that lacks it — the tables made before versions existed
 * (run at start, as the app role that owns them). Processes starting together take turns on an advisory lock.
 */
export async function ensureVersionTriggers(db: Db): Promise<number> {
  return withTransaction(db, { lock: LOCKS.dataVersionTriggers }, async ({ db: tx }) => {
    const r = await sql<{ name: string }>`
      SELECT c.relname AS name
      FROM pg_class c
      WHERE c.relnamespace = ${DATA_SCHEMA}::regnamespace AND c.relkind = 'r'
        AND c.relname IN (SELECT table_name FROM data_table UNION SELECT state_table_name FROM data_source
                          WHERE state_table_name IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = ${VERSION_TRIGGER})
      ORDER BY 1`.execute(tx);
    for (const { name } of r.rows) await attachVersionTrigger(tx, name);
    return r.rows.length;
  });
}

/**
 * The version of some tables of `recon_data`, as one string: per table its identity (a table dropped and made again
 * under the same name is another table) and its count of writing statements.
 */
export async function dataVersionOf(db: Db, tables: readonly string[]): Promise<string> {
  const names = [...new Set(tables)].sort();
  if (names.length === 0) return '';
  const r = await sql<{ name: string; oid: string | null; changes: string }>`
    SELECT t.name, c.oid::text AS oid, coalesce((SELECT sum(v.changes) FROM data_version v WHERE v.table_name = t.name), 0)::text AS changes
    FROM unnest(${names}::text[]) AS t(name)
    LEFT JOIN pg_class c ON c.relname = t.name AND c.relnamespace = ${DATA_SCHEMA}::regnamespace
    ORDER BY t.name`.execute(db);
  return r.rows.map((row) => `${row.name}@${row.oid ?? '-'}:${row.changes}`).join(',');
}

/**
 * Folds the counts of backends that have ended into backend 0 (the sums, so the versions, are unchanged): the table
 * keeps about one row per table and live connection. Rows of live backends are left alone.
 */
export async function foldDataVersions(db: Db): Promise<number> {
  const r = await sql<{ n: number }>`
    WITH gone AS (
      DELETE FROM data_version
      WHERE backend_pid <> 0 AND backend_pid NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
      RETURNING table_name, changes
    ), folded AS (
      INSERT INTO data_version (table_name, backend_pid, changes)
      SELECT table_name, 0, sum(changes) FROM gone GROUP BY table_name
      ON CONFLICT (table_name, backend_pid) DO UPDATE SET changes = data_version.changes + excluded.changes
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM gone)::int AS n`.execute(db);
  return r.rows[0]?.n ?? 0;
}
