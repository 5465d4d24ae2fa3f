import type { FileDateFormat } from '@recon/contract';
import { type Db, type FileMapping, withTransaction } from '@recon/db';
import { sql } from 'kysely';

/**
 * The demo's two FILE pipelines with CSV configs matching the sample files that
 * scripts/generate-demo-files.mjs writes to demo/samples/. Idempotent: a pipeline or config already there
 * (perhaps edited by an admin) is left as it is.
 */

type DemoPipeline = {
  name: string;
  description: string;
  /** File column → table column (and date format), in file order. */
  columns: readonly [fileColumn: string, tableColumn: string, dateFormat?: FileDateFormat][];
};

export const DEMO_BANK_PIPELINE: DemoPipeline = {
  name: 'Bank Statement Upload',
  description: 'Daily statement of the settlement account (demo/samples/bank_statement.csv)',
  columns: [
    ['Reference', 'reference'],
    ['Value Date', 'value_date', 'DD-MM-YYYY'],
    ['Narration', 'narration'],
    ['Dr/Cr', 'debit_credit'],
    ['Amount', 'amount'],
    ['Balance', 'balance'],
    ['UTR', 'utr'],
  ],
};

export const DEMO_PG_PIPELINE: DemoPipeline = {
  name: 'PG Settlement Upload',
  description: 'Payment gateway settlement report (demo/samples/pg_settlement.csv)',
  columns: [
    ['Transaction ID', 'txn_id'],
    ['Order ID', 'order_id'],
    ['UTR', 'utr'],
    ['Transaction Date', 'txn_date', 'YYYY-MM-DD HH:mm:ss'],
    ['Settlement Date', 'settlement_date', 'YYYY-MM-DD'],
    ['Gross Amount', 'gross_amount'],
    ['Fee', 'fee'],
    ['Tax', 'tax'],
    ['Net Amount', 'net_amount'],
    ['Status', 'status'],
  ],
};

async function ensurePipeline(tx: Db, moduleId: number, tableId: number, p: DemoPipeline): Promise<number> {
  const existing = await tx
    .selectFrom('pipeline')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', p.name.toLowerCase())
    .executeTakeFirst();
  const id =
    existing?.id ??
    (
      await tx
        .insertInto('pipeline')
        .values({
          module_id: moduleId,
          name: p.name,
          description: p.description,
          source: 'FILE',
          data_table_id: tableId,
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const types = new Map(
    (
      await tx
        .selectFrom('data_table_column')
        .select(['name', 'data_type'])
        .where('data_table_id', '=', tableId)
        .execute()
    ).map((c) => [c.name, c.data_type]),
  );
  const mappings: FileMapping[] = p.columns.map(([fileColumn, tableColumn, dateFormat]) => {
    const dataType = types.get(tableColumn);
    if (!dataType) throw new Error(`Demo pipeline "${p.name}": table ${tableId} has no column ${tableColumn}`);
    return {
      fileColumn,
      tableColumn,
      dataType,
      dateFormat: dateFormat ?? null,
      // Narrations may be blank; bank charges carry no UTR.
      isRequired: tableColumn !== 'narration' && tableColumn !== 'utr',
    };
  });
  await tx
    .insertInto('file_upload_config')
    .values({ pipeline_id: id, file_kind: 'csv', delimiter: ',', header_row: 1, mappings: JSON.stringify(mappings) })
    .onConflict((oc) => oc.column('pipeline_id').doNothing())
    .execute();
  return id;
}

export async function seedDemoPipelines(
  db: Db,
  input: { moduleId: number; bankTableId: number; pgTableId: number },
): Promise<{ bankPipelineId: number; pgPipelineId: number }> {
  return withTransaction(db, {}, async ({ db: tx }) => ({
    bankPipelineId: await ensurePipeline(tx, input.moduleId, input.bankTableId, DEMO_BANK_PIPELINE),
    pgPipelineId: await ensurePipeline(tx, input.moduleId, input.pgTableId, DEMO_PG_PIPELINE),
  }));
}
