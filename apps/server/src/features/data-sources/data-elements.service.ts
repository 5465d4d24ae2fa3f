import {
  DATA_SOURCE_TEXTS,
  type DataElement,
  type DataElementInput,
  defaultInputType,
  elementAlreadyExists,
  type UpdateDataElementRequest,
} from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { getDataTable, listDataTableColumns } from '@/lib/data-tables/registry.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { checkElementColumn, fieldError } from './data-source-checks.ts';
import * as q from './data-sources.queries.ts';
import { requireDataSource, toElement } from './data-sources.service.ts';

/** Moves one id to a 1-based position (clamped to the list), keeping the others' order. */
function placeAt(ids: readonly number[], id: number, position: number): number[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.min(Math.max(position, 1), rest.length + 1) - 1;
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

async function loadContext(tx: FeatureContext['db'], actor: ModuleActor, dataSourceId: number) {
  const ds = await requireDataSource(tx, actor.moduleId, dataSourceId);
  await q.lockDataSource(tx, ds.id);
  const table = await getDataTable(tx, actor.moduleId, ds.data_table_id);
  if (!table) throw new AppError('NOT_FOUND', DATA_SOURCE_TEXTS.tableNotFound);
  const [columns, elements] = await Promise.all([listDataTableColumns(tx, table.id), q.listElements(tx, dataSourceId)]);
  return { ds, table, columns, elements };
}

/** Adds an element for one of the table's columns; placed at its sequence (the others move down) or last. */
export async function createDataElement(
  ctx: FeatureContext,
  actor: ModuleActor,
  dataSourceId: number,
  body: DataElementInput,
): Promise<DataElement> {
  return withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const { table, columns, elements } = await loadContext(tx, actor, dataSourceId);
    checkElementColumn(columns, table, body.name, body.type);
    if (elements.some((e) => e.name === body.name)) throw fieldError('name', elementAlreadyExists(body.name));
    const [id] = await q.insertElements(tx, dataSourceId, [
      {
        name: body.name,
        input_type: body.inputType ?? defaultInputType(body.type),
        type: body.type,
        active: body.active,
        sequence: elements.length + 1,
      },
    ]);
    const newId = id as number;
    const order = placeAt([...elements.map((e) => e.id), newId], newId, body.sequence ?? elements.length + 1);
    await q.setElementOrder(tx, dataSourceId, order);
    const created = (await q.listElements(tx, dataSourceId)).find((e) => e.id === newId) as q.ElementRecord;
    await auditChange(tx, actor, {
      event: 'DATA_ELEMENT_CREATED',
      entityType: 'data_element',
      entityId: newId,
      details: { dataSourceId, ...toElement(created) },
    });
    return toElement(created);
  }).catch((err: unknown) => {
    // Two people adding the same column at once: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw fieldError('name', elementAlreadyExists(body.name));
    throw err;
  });
}

/** Changes one element: active, input type, name / type (still a compatible column of the table), sequence. */
export async function updateDataElement(
  ctx: FeatureContext,
  actor: ModuleActor,
  dataSourceId: number,
  body: UpdateDataElementRequest,
): Promise<DataElement> {
  return withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const { table, columns, elements } = await loadContext(tx, actor, dataSourceId);
    const before = elements.find((e) => e.id === body.id);
    if (!before) throw new AppError('NOT_FOUND', DATA_SOURCE_TEXTS.dataElementNotFound);
    const name = body.name ?? before.name;
    const type = body.type ?? before.type;
    if (name !== before.name || type !== before.type) checkElementColumn(columns, table, name, type);
    if (elements.some((e) => e.id !== before.id && e.name === name))
      throw fieldError('name', elementAlreadyExists(name));
    await q.updateElement(tx, before.id, {
      name,
      type,
      input_type: body.inputType ?? before.input_type,
      active: body.active ?? before.active,
    });
    if (body.sequence !== undefined && body.sequence !== before.sequence) {
      const ids = elements.map((e) => e.id);
      await q.setElementOrder(tx, dataSourceId, placeAt(ids, before.id, body.sequence));
    }
    const after = (await q.listElements(tx, dataSourceId)).find((e) => e.id === before.id) as q.ElementRecord;
    await auditChange(tx, actor, {
      event: 'DATA_ELEMENT_UPDATED',
      entityType: 'data_element',
      entityId: before.id,
      details: { dataSourceId, before: toElement(before), after: toElement(after) },
    });
    return toElement(after);
  });
}
