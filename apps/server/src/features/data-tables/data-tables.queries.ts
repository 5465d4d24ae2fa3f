import type { Db } from '@recon/db';
import { quoteIdent } from '@recon/recon-engine';
import { sql } from 'kysely';
import { type ColumnSpec, qualified, sqlTypeOf } from '@/lib/data-tables/ddl.ts';
import type { DataTableRecord } from '@/lib/data-tables/registry.ts';

/**
 * Adds one column to a table's main and history tables (typed) and to its invalid table (text: invalid rows
 * keep what the file said). Run inside the caller's transaction with the registry insert.
 */
export async function addPhysicalColumn(db: Db, table: DataTableRecord, column: ColumnSpec): Promise<void> {
  const name = quoteIdent(column.name);
  const type = sqlTypeOf(column);
  await sql.raw(`ALTER TABLE ${qualified(table.table_name)} ADD COLUMN ${name} ${type}`).execute(db);
  await sql.raw(`ALTER TABLE ${qualified(table.history_table_name)} ADD COLUMN ${name} ${type}`).execute(db);
  await sql.raw(`ALTER TABLE ${qualified(table.invalid_table_name)} ADD COLUMN ${name} text`).execute(db);
}

export async function insertColumn(db: Db, dataTableId: number, column: ColumnSpec): Promise<void> {
  await db
    .insertInto('data_table_column')
    .values({
      data_table_id: dataTableId,
      name: column.name,
      data_type: column.dataType,
      is_money: column.isMoney,
      max_length: column.maxLength ?? null,
      sequence: sql<number>`(SELECT coalesce(max(sequence), 0) + 1 FROM data_table_column WHERE data_table_id = ${dataTableId})`,
    })
    .execute();
  await db.updateTable('data_table').set({ updated_at: sql`now()` }).where('id', '=', dataTableId).execute();
}

export async function upsertDuplicateCheckConfig(
  db: Db,
  dataTableId: number,
  columnNames: string[],
  isEnabled: boolean,
): Promise<number> {
  const { id } = await db
    .insertInto('duplicate_check_config')
    .values({ data_table_id: dataTableId, column_names: columnNames, is_enabled: isEnabled })
    .onConflict((oc) =>
      oc
        .column('data_table_id')
        .doUpdateSet({ column_names: columnNames, is_enabled: isEnabled, updated_at: sql`now()` }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A config with its table, only when the table belongs to the module. */
export const getDuplicateCheckConfigInModule = (db: Db, moduleId: number, id: number) =>
  db
    .selectFrom('duplicate_check_config as d')
    .innerJoin('data_table as t', 't.id', 'd.data_table_id')
    .select(['d.id', 'd.data_table_id', 'd.column_names', 'd.is_enabled', 't.table_name'])
    .where('d.id', '=', id)
    .where('t.module_id', '=', moduleId)
    .executeTakeFirst();

export async function deleteDuplicateCheckConfig(db: Db, id: number): Promise<void> {
  await db.deleteFrom('duplicate_check_config').where('id', '=', id).execute();
}
