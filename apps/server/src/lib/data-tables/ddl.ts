import { createHash } from 'node:crypto';
import type { DataType, Db } from '@recon/db';
import { assertIdentifier, quoteIdent } from '@recon/recon-engine';
import { sql } from 'kysely';

/** Schema of every table the product creates from admin input. */
export const DATA_SCHEMA = 'recon_data';

export type ColumnSpec = { name: string; dataType: DataType; isMoney: boolean; maxLength?: number | null };

/**
 * System columns of every data table, all prefixed `_` (user columns may not start with `_`).
 * `_recon_status` is what the engine and the Transactions views read; `_match_id` groups matched rows.
 */
export const SYSTEM_COLUMNS = [
  '_id',
  '_file_id',
  '_execution_id',
  '_row_no',
  '_recon_status',
  '_match_id',
  '_rule_id',
  '_reconciled_at',
  '_recon_execution_id',
  '_ticket_id',
  '_lien_status',
  '_loaded_at',
] as const;

// User tables: lower-case, starting with a letter; short enough that m<module>_<name>_history fits 63 bytes.
export const TABLE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const COLUMN_NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
export const MONEY_SQL_TYPE = 'numeric(20,4)';

/** The PostgreSQL type of a user column. Money is exact (numeric) whatever its label. */
export function sqlTypeOf(c: ColumnSpec): string {
  if (c.isMoney) return MONEY_SQL_TYPE;
  switch (c.dataType) {
    case 'BIGINT':
      return 'bigint';
    case 'INT':
      return 'integer';
    case 'DOUBLE':
    case 'FLOAT':
      return 'double precision';
    case 'DATE':
      return 'date';
    case 'DATETIME':
      // Files carry local wall-clock times without a zone; kept as written.
      return 'timestamp';
    case 'VARCHAR':
      return c.maxLength ? `varchar(${Math.trunc(c.maxLength)})` : 'text';
  }
}

export function physicalNames(moduleId: number, name: string) {
  const table = `m${moduleId}_${name}`;
  return { table, history: `${table}_history`, invalid: `${table}_invalid` };
}

/**
 * The state table of a data source (decision 0011: a verdict belongs to a recon × table, not to the table). Admin
 * tables are named "m<module>_…", so this name never collides with one.
 */
export const stateTableName = (dataSourceId: number) => `ds${dataSourceId}_state`;

/**
 * The narrow state table of a data source: one row per row of its table the engine or a person closed for its
 * recon (absent: open). The engine inserts here instead of updating the wide table (decision 0007). Same shape as
 * the migration's. Created once the data source reads a DATA table; kept when it reads another (it is then empty:
 * see `assertStateMovable`).
 */
export async function ensureStateTable(db: Db, dataSourceId: number): Promise<void> {
  const r = await sql<{ kind: string; state_table_name: string | null }>`
    SELECT t.kind, ds.state_table_name FROM data_source ds JOIN data_table t ON t.id = ds.data_table_id
    WHERE ds.id = ${dataSourceId}`.execute(db);
  const row = r.rows[0];
  if (row?.kind !== 'DATA' || row.state_table_name) return;
  const name = stateTableName(dataSourceId);
  const t = qualified(name);
  await sql
    .raw(
      `CREATE TABLE ${t} (_id bigint PRIMARY KEY, status text NOT NULL, match_id bigint, rule_id bigint, run_id bigint NOT NULL, reconciled_at timestamptz NOT NULL DEFAULT now(), reason text)`,
    )
    .execute(db);
  await sql.raw(`CREATE INDEX ON ${t} (match_id)`).execute(db);
  await attachVersionTrigger(db, name);
  await db.updateTable('data_source').set({ state_table_name: name }).where('id', '=', dataSourceId).execute();
}

/** Whether a data source's recon has closed any of its rows (its state table holds a row). */
export async function hasRecordedState(db: Db, dataSourceId: number): Promise<boolean> {
  const r = await db
    .selectFrom('data_source')
    .select('state_table_name')
    .where('id', '=', dataSourceId)
    .executeTakeFirst();
  if (!r?.state_table_name) return false;
  const rows = await sql.raw(`SELECT 1 FROM ${qualified(r.state_table_name)} LIMIT 1`).execute(db);
  return rows.rows.length > 0;
}

export const qualified = (table: string) => `${DATA_SCHEMA}.${quoteIdent(table)}`;

/** The statement-level trigger counting a table's writes (decision 0040, `data-version.ts`). */
export const VERSION_TRIGGER = 'data_version_bump';

/** Attaches the version trigger to a table of `recon_data` (inside the caller's transaction, with its CREATE). */
export async function attachVersionTrigger(db: Db, table: string): Promise<void> {
  await sql
    .raw(
      `CREATE OR REPLACE TRIGGER ${VERSION_TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${qualified(table)} FOR EACH STATEMENT EXECUTE FUNCTION public.data_version_bump()`,
    )
    .execute(db);
}

/**
 * Creates a data table, its history table and its invalid-rows table inside the caller's transaction
 * (DDL is transactional in PostgreSQL: all three or none).
 */
export async function createPhysicalTables(
  db: Db,
  names: { table: string; history: string; invalid: string },
  columns: readonly ColumnSpec[],
): Promise<void> {
  const userColumns = columns.map((c) => `${quoteIdent(c.name)} ${sqlTypeOf(c)}`);
  const textColumns = columns.map((c) => `${quoteIdent(c.name)} text`);
  const system = [
    '_file_id bigint',
    '_execution_id bigint',
    '_row_no integer',
    "_recon_status text NOT NULL DEFAULT 'UNRECONCILED'",
    '_match_id bigint',
    '_rule_id bigint',
    '_reconciled_at timestamptz',
    '_recon_execution_id bigint',
    '_ticket_id bigint',
    '_lien_status text',
    '_loaded_at timestamptz NOT NULL DEFAULT now()',
  ];
  const main = qualified(names.table);
  await sql
    .raw(
      `CREATE TABLE ${main} (_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, ${[...system, ...userColumns].join(', ')})`,
    )
    .execute(db);
  // Every index costs on each loaded row (decision 0006-ingest-path: btrees on _file_id and _recon_status were
  // 1 s of a 1M-row load). Loads append a file's rows together, so a BRIN finds them (duplicate marking,
  // rollbacks) at almost no cost. Loaded rows are UNRECONCILED: the status index leaves them out and keeps
  // the rarer statuses (the DUPLICATE views) indexed. Matched rows are grouped by _match_id.
  await sql.raw(`CREATE INDEX ON ${main} USING brin (_file_id)`).execute(db);
  await sql.raw(`CREATE INDEX ON ${main} (_recon_status) WHERE _recon_status <> 'UNRECONCILED'`).execute(db);
  await sql.raw(`CREATE INDEX ON ${main} (_match_id) WHERE _match_id IS NOT NULL`).execute(db);
  await attachVersionTrigger(db, names.table);
  await sql
    .raw(
      `CREATE TABLE ${qualified(names.history)} (_id bigint NOT NULL, ${[...system, ...userColumns].join(', ')}, _history_at timestamptz NOT NULL DEFAULT now(), _history_reason text NOT NULL)`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TABLE ${qualified(names.invalid)} (_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, _file_id bigint NOT NULL, _execution_id bigint, _row_no integer NOT NULL, _reasons text[] NOT NULL, _created_at timestamptz NOT NULL DEFAULT now(), ${textColumns.join(', ')})`,
    )
    .execute(db);
  await sql.raw(`CREATE INDEX ON ${qualified(names.invalid)} (_file_id)`).execute(db);
}

/** The columns PostgreSQL really has for a physical table (the catalog is the truth for generated SQL). */
export async function catalogColumns(db: Db, table: string): Promise<{ name: string; type: string }[]> {
  const r = await sql<{ name: string; type: string }>`
    SELECT column_name AS name, data_type AS type FROM information_schema.columns
    WHERE table_schema = ${DATA_SCHEMA} AND table_name = ${table} ORDER BY ordinal_position`.execute(db);
  return r.rows;
}

/**
 * The index on (default date column, `_id`) of a data source's table (decision 0009): a Transactions page over a
 * date range and its order (newest first, `_id` as tie-breaker) is read straight off it. Its name is
 * `date$<table>$<column>`: `$` never appears in a table or column name (their patterns) nor in a name PostgreSQL
 * makes up for an unnamed index, so it can only be this index. Past 63 bytes the name is cut and ends in a hash
 * of the whole (the migration that indexes existing data sources computes the same).
 */
export const DATE_INDEX_PREFIX = 'date$';
const MAX_IDENTIFIER_BYTES = 63;

export function dateIndexName(table: string, column: string): string {
  const full = `${DATE_INDEX_PREFIX}${assertIdentifier(table)}$${assertIdentifier(column)}`;
  if (Buffer.byteLength(full) <= MAX_IDENTIFIER_BYTES) return full;
  return `${full.slice(0, 52)}$${createHash('md5').update(full).digest('hex').slice(0, 10)}`;
}

/** An index name of ours, double-quoted: built from checked identifiers, `$` and hex digits only. */
function quoteIndexName(name: string): string {
  if (!/^[a-z0-9_$]{1,63}$/.test(name)) throw new Error(`"${name}" is not an index name of the data tables`);
  return `"${name}"`;
}

/**
 * Makes the date indexes of some data tables what their data sources need, inside the caller's transaction (with
 * the data source or column change that calls it): one index per distinct default date column of the data sources
 * on the table, created when missing, dropped when no data source uses its column any more. The tables' registry
 * rows are locked in id order first, so concurrent changes to data sources sharing a table serialise without
 * deadlocking. Building the index on a loaded table takes its SHARE lock: loads into it wait until the change
 * commits (~1 s per million rows).
 */
export async function syncDateIndexes(db: Db, dataTableIds: readonly number[]): Promise<void> {
  const ids = [...new Set(dataTableIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const tables = await db
    .selectFrom('data_table')
    .select(['id', 'table_name'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const t of tables) {
    // Each data source's default date column as the Transactions views resolve it (`resolveDateColumn`): the
    // table's first DATE / DATETIME column, else `_loaded_at`. Only DATA tables are listed there.
    const wanted = await sql<{ column_name: string }>`
      SELECT DISTINCT coalesce(
               (SELECT c.name FROM data_table_column c
                WHERE c.data_table_id = t.id AND c.data_type IN ('DATE', 'DATETIME')
                ORDER BY c.sequence, c.id LIMIT 1),
               '_loaded_at') AS column_name
      FROM data_source ds JOIN data_table t ON t.id = ds.data_table_id
      WHERE t.id = ${t.id} AND t.kind = 'DATA'`.execute(db);
    const want = new Map(wanted.rows.map((r) => [dateIndexName(t.table_name, r.column_name), r.column_name]));
    const have = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = to_regclass(${qualified(t.table_name)}) AND starts_with(c.relname, ${DATE_INDEX_PREFIX})`.execute(
      db,
    );
    const existing = new Set(have.rows.map((r) => r.name));
    for (const name of existing) {
      if (!want.has(name)) await sql.raw(`DROP INDEX ${DATA_SCHEMA}.${quoteIndexName(name)}`).execute(db);
    }
    for (const [name, column] of want) {
      if (existing.has(name)) continue;
      await sql
        .raw(`CREATE INDEX ${quoteIndexName(name)} ON ${qualified(t.table_name)} (${quoteIdent(column)}, _id)`)
        .execute(db);
    }
  }
}
