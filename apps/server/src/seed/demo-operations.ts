import { type DataTableColumnInput, defaultInputType } from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import { sql } from 'kysely';
import { ensureStateTable, syncDateIndexes } from '@/lib/data-tables/ddl.ts';
import { createDataTable, findDataTableByName, listDataTableColumns } from '@/lib/data-tables/registry.ts';

/**
 * Demo operations configuration for the first demo module: a bank statement and a payment-gateway
 * settlement table (with duplicate-check columns) and the recon joining them. Pipelines belong to the
 * ingestion seed, so the two data sources are created by `seedDemoDataSources` once those exist.
 * Everything is idempotent: what is present is left as it is (an admin's edits survive restarts).
 */

export const DEMO_RECON_NAME = 'Bank vs Gateway Settlement';

const DEMO_TABLES: readonly {
  name: string;
  description: string;
  columns: DataTableColumnInput[];
  duplicateCheck: string[];
}[] = [
  {
    name: 'bank_statement',
    description: 'Bank statement lines of the settlement account',
    columns: [
      { name: 'reference', dataType: 'VARCHAR' },
      { name: 'value_date', dataType: 'DATE' },
      { name: 'narration', dataType: 'VARCHAR' },
      { name: 'debit_credit', dataType: 'VARCHAR' },
      { name: 'amount', dataType: 'DOUBLE', isMoney: true },
      { name: 'balance', dataType: 'DOUBLE', isMoney: true },
      { name: 'utr', dataType: 'VARCHAR' },
    ],
    duplicateCheck: ['reference', 'value_date', 'amount'],
  },
  {
    name: 'pg_settlement',
    description: 'Payment gateway settlement report',
    columns: [
      { name: 'txn_id', dataType: 'VARCHAR' },
      { name: 'order_id', dataType: 'VARCHAR' },
      { name: 'utr', dataType: 'VARCHAR' },
      { name: 'txn_date', dataType: 'DATETIME' },
      { name: 'settlement_date', dataType: 'DATE' },
      { name: 'gross_amount', dataType: 'DOUBLE', isMoney: true },
      { name: 'fee', dataType: 'DOUBLE', isMoney: true },
      { name: 'tax', dataType: 'DOUBLE', isMoney: true },
      { name: 'net_amount', dataType: 'DOUBLE', isMoney: true },
      { name: 'status', dataType: 'VARCHAR' },
    ],
    duplicateCheck: ['txn_id'],
  },
];

export type DemoOperations = { moduleId: number; reconId: number; bankTableId: number; pgTableId: number };

async function ensureTable(tx: Db, moduleId: number, t: (typeof DEMO_TABLES)[number]): Promise<number> {
  const existing = await findDataTableByName(tx, moduleId, t.name);
  const id =
    existing?.id ??
    (await createDataTable(tx, {
      moduleId,
      name: t.name,
      description: t.description,
      kind: 'DATA',
      columns: t.columns,
      createdBy: null,
    }));
  await tx
    .insertInto('duplicate_check_config')
    .values({ data_table_id: id, column_names: t.duplicateCheck })
    .onConflict((oc) => oc.column('data_table_id').doNothing())
    .execute();
  return id;
}

/** Creates the demo tables and recon in the first module; answers their ids (null without a module). */
export async function seedDemoOperations(db: Db, moduleIds: readonly number[]): Promise<DemoOperations | null> {
  const moduleId = moduleIds[0];
  if (moduleId === undefined) return null;
  return withTransaction(db, {}, async ({ db: tx }) => {
    const [bank, pg] = DEMO_TABLES;
    const bankTableId = await ensureTable(tx, moduleId, bank as (typeof DEMO_TABLES)[number]);
    const pgTableId = await ensureTable(tx, moduleId, pg as (typeof DEMO_TABLES)[number]);
    const existing = await tx
      .selectFrom('recon')
      .select('id')
      .where('module_id', '=', moduleId)
      .where(sql`lower(name)`, '=', DEMO_RECON_NAME.toLowerCase())
      .executeTakeFirst();
    const reconId =
      existing?.id ??
      (
        await tx
          .insertInto('recon')
          .values({
            module_id: moduleId,
            name: DEMO_RECON_NAME,
            description: 'Bank statement credits against the payment gateway settlement report',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    return { moduleId, reconId, bankTableId, pgTableId };
  });
}

export type DemoDataSourceInput = {
  moduleId: number;
  reconId: number;
  bankPipelineId: number;
  pgPipelineId: number;
  bankTableId: number;
  pgTableId: number;
};

/**
 * The recon's two data sources: the bank statement is side A (sequence 1), the gateway settlement side B
 * (sequence 2), each with every column of its table as a data element. Limits: up to 100 duplicate rows
 * and 5 percent invalid rows per file.
 */
export async function seedDemoDataSources(
  db: Db,
  input: DemoDataSourceInput,
): Promise<{ bankDataSourceId: number; pgDataSourceId: number }> {
  const sources = [
    { name: 'Bank Statement', pipelineId: input.bankPipelineId, tableId: input.bankTableId, sequence: 1 },
    { name: 'Gateway Settlement', pipelineId: input.pgPipelineId, tableId: input.pgTableId, sequence: 2 },
  ];
  return withTransaction(db, {}, async ({ db: tx }) => {
    const ids: number[] = [];
    for (const s of sources) {
      const existing = await tx
        .selectFrom('data_source')
        .select('id')
        .where('module_id', '=', input.moduleId)
        .where(sql`lower(name)`, '=', s.name.toLowerCase())
        .executeTakeFirst();
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const { id } = await tx
        .insertInto('data_source')
        .values({
          module_id: input.moduleId,
          name: s.name,
          recon_id: input.reconId,
          pipeline_id: s.pipelineId,
          invalid_pipeline_id: s.pipelineId,
          data_table_id: s.tableId,
          max_duplicate_record: '100',
          max_duplicate_unit: 'COUNT',
          max_invalid_record: '5',
          max_invalid_unit: 'PERCENTAGE',
          sequence: s.sequence,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const columns = await listDataTableColumns(tx, s.tableId);
      await tx
        .insertInto('data_element')
        .values(
          columns.map((c, i) => ({
            data_source_id: id,
            name: c.name,
            input_type: defaultInputType(c.data_type),
            type: c.data_type,
            sequence: i + 1,
          })),
        )
        .execute();
      await ensureStateTable(tx, id);
      ids.push(id);
    }
    await syncDateIndexes(tx, [input.bankTableId, input.pgTableId]);
    return { bankDataSourceId: ids[0] as number, pgDataSourceId: ids[1] as number };
  });
}
