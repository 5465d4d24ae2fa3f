import type { Db } from '@recon/db';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { SourceColumn, TransactionSource } from './transaction-query.ts';

/**
 * The data sources of a module's recons whose rows the Transactions views read: active ones with a state table
 * (those on a DATA table; decision 0011: the state is the data source's own), with the table's columns from the catalog (the only names the generated SQL may use).
 */

type SourceRecord = {
  recon_id: number;
  recon_name: string;
  id: number;
  name: string;
  sequence: number;
  data_table_id: number;
  table_name: string;
  state_table_name: string;
};

export type ReconSources = { id: number; name: string; sources: TransactionSource[] };

async function sourcesWhere(db: Db, where: RawBuilder<SqlBool>): Promise<TransactionSource[]> {
  const found = await sql<SourceRecord>`
    SELECT r.id AS recon_id, r.name AS recon_name, ds.id, ds.name, ds.sequence, ds.data_table_id, t.table_name,
           ds.state_table_name
    FROM data_source ds JOIN recon r ON r.id = ds.recon_id JOIN data_table t ON t.id = ds.data_table_id
    WHERE ds.is_active AND ds.state_table_name IS NOT NULL AND ${where}
    ORDER BY r.name, r.id, ds.sequence, ds.id`.execute(db);
  if (found.rows.length === 0) return [];
  const columns = await db
    .selectFrom('data_table_column')
    .select(['data_table_id', 'name', 'data_type', 'is_money'])
    .where(
      'data_table_id',
      'in',
      found.rows.map((r) => r.data_table_id),
    )
    .orderBy('sequence')
    .orderBy('id')
    .execute();
  return found.rows.map((r) => ({
    reconId: r.recon_id,
    dataSourceId: r.id,
    dataSourceName: r.name,
    side: r.sequence === 1 ? 'A' : r.sequence === 2 ? 'B' : null,
    dataTableId: r.data_table_id,
    table: r.table_name,
    stateTable: r.state_table_name,
    columns: columns
      .filter((c) => c.data_table_id === r.data_table_id)
      .map((c): SourceColumn => ({ name: c.name, dataType: c.data_type, isMoney: c.is_money })),
  }));
}

/** A recon of the module and its data sources; null when the recon is not in the module. */
export async function reconSources(db: Db, moduleId: number, reconId: number): Promise<ReconSources | null> {
  const recon = await db
    .selectFrom('recon')
    .select(['id', 'name'])
    .where('id', '=', reconId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  if (!recon) return null;
  return { ...recon, sources: await sourcesWhere(db, sql`r.id = ${reconId}`) };
}

/** Every recon of the module with its data sources (recons without any are listed with none). */
export async function moduleReconSources(db: Db, moduleId: number): Promise<ReconSources[]> {
  const recons = await db
    .selectFrom('recon')
    .select(['id', 'name'])
    .where('module_id', '=', moduleId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const sources = await sourcesWhere(db, sql`r.module_id = ${moduleId}`);
  return recons.map((r) => ({ ...r, sources: sources.filter((s) => s.reconId === r.id) }));
}

/** Whether a data source id is one of the module's (to tell "not yours" (404) from "not of this recon" (400)). */
export async function isDataSourceOfModule(db: Db, moduleId: number, dataSourceId: number): Promise<boolean> {
  const found = await db
    .selectFrom('data_source')
    .select('id')
    .where('id', '=', dataSourceId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  return found !== undefined;
}
