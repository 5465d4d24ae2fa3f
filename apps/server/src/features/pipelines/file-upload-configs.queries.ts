import type { SkipRules } from '@recon/contract';
import type { Db, FileMapping } from '@recon/db';

export function getConfig(db: Db, pipelineId: number) {
  return db.selectFrom('file_upload_config').selectAll().where('pipeline_id', '=', pipelineId).executeTakeFirst();
}
export type ConfigRow = NonNullable<Awaited<ReturnType<typeof getConfig>>>;

export function tableColumns(db: Db, dataTableId: number) {
  return db
    .selectFrom('data_table_column')
    .select(['name', 'data_type'])
    .where('data_table_id', '=', dataTableId)
    .orderBy('sequence')
    .execute();
}

export type ConfigValues = {
  fileKind: 'csv' | 'xlsx' | 'fixed_width';
  sheetName: string | null;
  headerRow: number;
  delimiter: string;
  hasHeader: boolean;
  skipRules: SkipRules;
  ingestionMode: 'Upload' | 'API' | 'AMAZON_S3' | 'SFTP';
  connection: Record<string, unknown>;
  mappings: FileMapping[];
};

/** A config's values as its row's columns (JSON columns as text). */
const columnsOf = (v: ConfigValues) => ({
  file_kind: v.fileKind,
  sheet_name: v.sheetName,
  header_row: v.headerRow,
  delimiter: v.delimiter,
  has_header: v.hasHeader,
  skip_rules: JSON.stringify(v.skipRules),
  ingestion_mode: v.ingestionMode,
  connection: JSON.stringify(v.connection),
  mappings: JSON.stringify(v.mappings),
});

export async function insertConfig(db: Db, pipelineId: number, v: ConfigValues): Promise<number> {
  const row = await db
    .insertInto('file_upload_config')
    .values({
      pipeline_id: pipelineId,
      ...columnsOf(v),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConfig(db: Db, pipelineId: number, v: ConfigValues, now: Date): Promise<void> {
  await db
    .updateTable('file_upload_config')
    .set({
      ...columnsOf(v),
      updated_at: now,
    })
    .where('pipeline_id', '=', pipelineId)
    .execute();
}
