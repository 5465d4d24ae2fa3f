import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { LOCKS } from './transaction.ts';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const MIGRATION_NAME = /^\d{12}_[a-z0-9_]+\.sql$/;

/** Applies every migration file not applied yet, in name order, each in its own transaction. */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const badName = files.find((f) => !MIGRATION_NAME.test(f));
  if (badName) throw new Error(`migration file name ${badName} does not match YYYYMMDDHHMM_snake_name.sql`);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // One migrator at a time across processes sharing a database (a session lock: each file has its own transaction).
    await client.query('SELECT pg_advisory_lock($1)', [...LOCKS.migration.keys]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migration')).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(join(dir, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [...LOCKS.migration.keys]).catch(() => undefined);
    client.release();
  }
  return applied;
}
