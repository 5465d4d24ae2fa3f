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

/**
 * A column added to a table joins the data sources over that table as their last element (active), so a
 * Transactions page and a rule can use it without someone re-creating the data source. Answers how many.
 */
export async function addElementToDataSources(
  db: Db,
  dataTableId: number,
  column: { name: string; dataType: string; inputType: string },
): Promise<number> {
  const result = await sql`INSERT INTO data_element (data_source_id, name, input_type, type, active, sequence)
    SELECT ds.id, ${column.name}, ${column.inputType}, ${column.dataType}, true,
           (SELECT coalesce(max(e.sequence), 0) + 1 FROM data_element e WHERE e.data_source_id = ds.id)
    FROM data_source ds
    WHERE ds.data_table_id = ${dataTableId}
      AND NOT EXISTS (SELECT 1 FROM data_element e WHERE e.data_source_id = ds.id AND e.name = ${column.name})`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
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
