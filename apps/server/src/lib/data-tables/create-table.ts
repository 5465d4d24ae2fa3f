import type { CreateDataTableRequest, DataTableKind } from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import { createDataTable, dataTableNameTaken } from '@/lib/data-tables/registry.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';

/**
 * Creates a data or master table (its row, columns and physical tables) and audits it, in one transaction.
 * Two admins racing for one name: the unique index decides, and the loser hears the same message as a taken name.
 */
export async function createAuditedDataTable(
  db: Db,
  actor: ModuleActor,
  body: CreateDataTableRequest,
  kind: DataTableKind,
): Promise<number> {
  return withTransaction(db, {}, async ({ db: tx }) => {
    const id = await createDataTable(tx, {
      moduleId: actor.moduleId,
      name: body.name,
      description: body.description,
      kind,
      columns: body.columns,
      createdBy: actor.userId,
    });
    await auditChange(tx, actor, {
      event: 'DATA_TABLE_CREATED',
      entityType: 'data_table',
      entityId: id,
      details: { name: body.name, kind, columns: body.columns.map((c) => `${c.name}:${c.dataType}`) },
    });
    return id;
  }).catch(rethrowNameRace);
}

/** A unique-index violation on the table name, said as the name check says it. */
function rethrowNameRace(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw dataTableNameTaken();
  throw err;
}
