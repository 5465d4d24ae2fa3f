import type { TicketStatus } from '@recon/contract';
import type { Db } from '@recon/db';
import { quoteIdent } from '@recon/recon-engine';
import { type RawBuilder, sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';
import type { TransactionSource } from '@/lib/recon/transaction-query.ts';

// Auto-ticketing (decision 0031): the configs of the drawer, and the SQL that groups a data source's open rows.

export type ConfigRecord = {
  id: number;
  module_id: number;
  data_source_id: number;
  config_enabled: boolean;
  partner_column: string | null;
  brand_column: string;
  subject_column: string | null;
  tag_column: string | null;
  order_id_column: string | null;
  notify_from_email: string | null;
  created_by: number;
  updated_by: number;
  updated_by_name: string | null;
  updated_at: Date;
};

const configSelect = (db: Db) =>
  db
    .selectFrom('auto_ticket_config as c')
    .leftJoin('app_user as u', 'u.id', 'c.updated_by')
    .select([
      'c.id',
      'c.module_id',
      'c.data_source_id',
      'c.config_enabled',
      'c.partner_column',
      'c.brand_column',
      'c.subject_column',
      'c.tag_column',
      'c.order_id_column',
      'c.notify_from_email',
      'c.created_by',
      'c.updated_by',
      'u.user_name as updated_by_name',
      'c.updated_at',
    ]);

export async function configOfDataSource(db: Db, moduleId: number, dataSourceId: number) {
  return (await configSelect(db)
    .where('c.module_id', '=', moduleId)
    .where('c.data_source_id', '=', dataSourceId)
    .executeTakeFirst()) as ConfigRecord | undefined;
}

export async function configById(db: Db, moduleId: number, id: number, isLocked = false) {
  let q = configSelect(db).where('c.module_id', '=', moduleId).where('c.id', '=', id);
  if (isLocked) q = q.forUpdate('c');
  return (await q.executeTakeFirst()) as ConfigRecord | undefined;
}

/** The enabled configs of a module, of one recon's data sources when `reconId` is given. */
export async function enabledConfigs(db: Db, moduleId: number, reconId: number | null) {
  let q = configSelect(db)
    .innerJoin('data_source as ds', 'ds.id', 'c.data_source_id')
    .where('c.module_id', '=', moduleId)
    .where('c.config_enabled', '=', true);
  if (reconId !== null) q = q.where('ds.recon_id', '=', reconId);
  return (await q.orderBy('c.id').execute()) as ConfigRecord[];
}

export type BlockRecord = {
  block_id: number;
  config_id: number;
  sequence: number;
  brand_id: number;
  brand_name: string;
  assignee_id: number | null;
  associated_as: 'ASSIGNED' | 'CCED' | null;
  user_id: number | null;
  user_name: string | null;
  external_email: string | null;
};

/** The blocks of configs with their people, in the drawer's order. */
export async function blocksOf(db: Db, configIds: readonly number[]): Promise<BlockRecord[]> {
  if (configIds.length === 0) return [];
  return db
    .selectFrom('auto_ticket_block as b')
    .innerJoin('bot_credential as bc', 'bc.id', 'b.marketplace_brand_id')
    .leftJoin('auto_ticket_assignee as a', 'a.block_id', 'b.id')
    .leftJoin('app_user as u', 'u.id', 'a.user_id')
    .select([
      'b.id as block_id',
      'b.config_id',
      'b.sequence',
      'bc.id as brand_id',
      'bc.name as brand_name',
      'a.id as assignee_id',
      'a.associated_as',
      'a.user_id',
      'u.user_name',
      'a.external_email',
    ])
    .where('b.config_id', 'in', [...configIds])
    .orderBy('b.config_id')
    .orderBy('b.sequence')
    .orderBy('a.id')
    .execute();
}

export type ConfigValues = {
  configEnabled: boolean;
  partnerColumn: string | null;
  brandColumn: string;
  subjectColumn: string | null;
  tagColumn: string | null;
  orderIdColumn: string | null;
  notifyFromEmail: string | null;
};

const configRow = (v: ConfigValues) => ({
  config_enabled: v.configEnabled,
  partner_column: v.partnerColumn,
  brand_column: v.brandColumn,
  subject_column: v.subjectColumn,
  tag_column: v.tagColumn,
  order_id_column: v.orderIdColumn,
  notify_from_email: v.notifyFromEmail,
});

export async function insertConfig(
  db: Db,
  c: ConfigValues & { moduleId: number; dataSourceId: number; by: number; now: Date },
): Promise<number | undefined> {
  const row = await db
    .insertInto('auto_ticket_config')
    .values({
      module_id: c.moduleId,
      data_source_id: c.dataSourceId,
      ...configRow(c),
      created_by: c.by,
      created_at: c.now,
      updated_by: c.by,
      updated_at: c.now,
    })
    .onConflict((oc) => oc.column('data_source_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateConfig(db: Db, id: number, c: ConfigValues & { by: number; now: Date }) {
  await db
    .updateTable('auto_ticket_config')
    .set({ ...configRow(c), updated_by: c.by, updated_at: c.now })
    .where('id', '=', id)
    .execute();
}

export async function deleteConfig(db: Db, id: number) {
  await db.deleteFrom('auto_ticket_config').where('id', '=', id).execute();
}

export type BlockValues = {
  brandId: number;
  people: { associatedAs: 'ASSIGNED' | 'CCED'; userId: number | null; email: string | null }[];
};

/** Replaces the blocks of a config (and their people) with the ones given, in order. */
export async function replaceBlocks(db: Db, configId: number, blocks: readonly BlockValues[]) {
  await db.deleteFrom('auto_ticket_block').where('config_id', '=', configId).execute();
  for (const [i, b] of blocks.entries()) {
    const { id } = await db
      .insertInto('auto_ticket_block')
      .values({ config_id: configId, marketplace_brand_id: b.brandId, sequence: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (b.people.length === 0) continue;
    await db
      .insertInto('auto_ticket_assignee')
      .values(
        b.people.map((p) => ({
          block_id: id,
          associated_as: p.associatedAs,
          user_id: p.userId,
          external_email: p.email,
        })),
      )
      .execute();
  }
}

/** The brand logins of the module among the ids. */
export async function brandsOf(db: Db, moduleId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('bot_credential')
    .select(['id', 'name'])
    .where('module_id', '=', moduleId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The drawer's choices: every brand login and every active user of the module, by name. */
export async function moduleBrands(db: Db, moduleId: number) {
  return db
    .selectFrom('bot_credential')
    .select(['id', 'name'])
    .where('module_id', '=', moduleId)
    .orderBy('name')
    .execute();
}

export async function activeModuleUsers(db: Db, moduleId: number) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('module_user as mu', 'mu.user_id', 'u.id')
    .select(['u.id', 'u.user_name as name', 'u.email'])
    .where('mu.module_id', '=', moduleId)
    .where('u.is_active', '=', true)
    .orderBy('u.user_name')
    .execute();
}

// --- Raising tickets

/** The expression of a column as trimmed text, empty as null. */
const textOf = (column: string | null): RawBuilder<string | null> =>
  column ? sql`nullif(btrim(r.${sql.raw(quoteIdent(column))}::text), '')` : sql`NULL::text`;

/** A data source's open rows: loaded UNRECONCILED and not closed by its recon (no state row). */
const openRowsFrom = (source: TransactionSource) =>
  sql`${sql.raw(qualified(source.table))} r WHERE r._recon_status = 'UNRECONCILED'
    AND NOT EXISTS (SELECT 1 FROM ${sql.raw(qualified(source.stateTable))} s WHERE s._id = r._id)`;

export type GroupColumns = {
  brand: string;
  partner: string | null;
  subject: string | null;
  tag: string | null;
  orderId: string | null;
};

/** The group key of a row: brand and partner, case and spaces aside. */
const keySql = (c: GroupColumns) =>
  sql<string>`lower(coalesce(${textOf(c.brand)}, '')) || '|' || lower(coalesce(${textOf(c.partner)}, ''))`;

export type OpenGroup = {
  group_key: string;
  brand: string | null;
  partner: string | null;
  n: number;
  subjects: string[] | null;
  tags: string[] | null;
  order_ids: string[] | null;
};

/** The open rows of a data source by group (brand / partner): how many, and what describes them. */
export async function openGroups(db: Db, source: TransactionSource, c: GroupColumns): Promise<OpenGroup[]> {
  return (
    await sql<OpenGroup>`
      SELECT g.group_key, min(g.brand) AS brand, min(g.partner) AS partner, count(*)::int AS n,
        (array_agg(DISTINCT g.subject) FILTER (WHERE g.subject IS NOT NULL))[1:5] AS subjects,
        (array_agg(DISTINCT g.tag) FILTER (WHERE g.tag IS NOT NULL))[1:10] AS tags,
        (array_agg(g.order_id ORDER BY g._id) FILTER (WHERE g.order_id IS NOT NULL))[1:20] AS order_ids
      FROM (SELECT r._id, ${keySql(c)} AS group_key, ${textOf(c.brand)} AS brand, ${textOf(c.partner)} AS partner,
              ${textOf(c.subject)} AS subject, ${textOf(c.tag)} AS tag, ${textOf(c.orderId)} AS order_id
            FROM ${openRowsFrom(source)}) g
      GROUP BY g.group_key ORDER BY g.group_key`.execute(db)
  ).rows;
}

/** Links a group's open rows to its ticket; answers how many were not linked yet. */
export async function linkOpenRows(
  db: Db,
  source: TransactionSource,
  c: GroupColumns,
  groupKey: string,
  ticketId: number,
  by: number,
  at: Date,
): Promise<number> {
  const r = await sql`INSERT INTO ticket_transaction (ticket_id, data_source_id, row_id, linked_by, linked_at)
      SELECT ${ticketId}, ${source.dataSourceId}, r._id, ${by}, ${at}::timestamptz FROM ${openRowsFrom(source)}
        AND ${keySql(c)} = ${groupKey}
      ON CONFLICT DO NOTHING`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Links of the data source's auto-tickets to rows that are gone (a rollback deleted the rows a file loaded). */
export async function unlinkGoneRows(db: Db, source: TransactionSource): Promise<void> {
  await sql`DELETE FROM ticket_transaction tt USING auto_ticket_group g
    WHERE g.data_source_id = ${source.dataSourceId} AND tt.ticket_id = g.ticket_id
      AND tt.data_source_id = ${source.dataSourceId}
      AND NOT EXISTS (SELECT 1 FROM ${sql.raw(qualified(source.table))} r WHERE r._id = tt.row_id)`.execute(db);
}

export type GroupTicket = {
  ticket_id: number;
  group_key: string;
  open_rows: number;
  auto_closed: boolean;
  status: TicketStatus;
};

/** The tickets raised for the data source's groups, locked for the update. */
export async function groupTickets(db: Db, dataSourceId: number): Promise<GroupTicket[]> {
  return (
    await sql<GroupTicket>`SELECT g.ticket_id, g.group_key, g.open_rows, g.auto_closed, t.status
      FROM auto_ticket_group g JOIN ticket t ON t.id = g.ticket_id
      WHERE g.data_source_id = ${dataSourceId} ORDER BY g.ticket_id FOR UPDATE OF t, g`.execute(db)
  ).rows;
}

export async function insertAutoTicket(
  db: Db,
  t: {
    moduleId: number;
    title: string;
    description: string;
    tags: string[];
    status: TicketStatus;
    brandId: number | null;
    provider: string;
    externalType: string;
    dueDate: Date;
    by: number;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('ticket')
    .values({
      module_id: t.moduleId,
      title: t.title,
      description: t.description,
      priority: 'MEDIUM',
      type: 'INCIDENT',
      status: t.status,
      origin: 'EXTERNAL',
      external_type: t.externalType,
      external_provider: t.provider,
      tags: t.tags,
      marketplace_brand_id: t.brandId,
      due_date: t.dueDate,
      created_by: t.by,
      created_at: t.now,
      assigned_by: t.status === 'ASSIGNED' ? t.by : null,
      updated_at: t.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertGroup(
  db: Db,
  g: { ticketId: number; dataSourceId: number; groupKey: string; brand: string; partner: string | null; n: number },
) {
  await db
    .insertInto('auto_ticket_group')
    .values({
      ticket_id: g.ticketId,
      data_source_id: g.dataSourceId,
      group_key: g.groupKey,
      brand_value: g.brand,
      partner_value: g.partner,
      open_rows: g.n,
    })
    .execute();
}

export async function updateGroup(db: Db, ticketId: number, g: { openRows: number; autoClosed: boolean }) {
  await db
    .updateTable('auto_ticket_group')
    .set({ open_rows: g.openRows, auto_closed: g.autoClosed })
    .where('ticket_id', '=', ticketId)
    .execute();
}

export async function setTicketStatus(
  db: Db,
  ticketId: number,
  t: { status?: TicketStatus; description?: string; now: Date },
) {
  await db
    .updateTable('ticket')
    .set({
      ...(t.status !== undefined ? { status: t.status } : {}),
      ...(t.description !== undefined ? { description: t.description } : {}),
      updated_at: t.now,
    })
    .where('id', '=', ticketId)
    .execute();
}

/** A user's name (the config's last editor, who raises its tickets). */
export async function userName(db: Db, userId: number): Promise<string> {
  const u = await db.selectFrom('app_user').select('user_name').where('id', '=', userId).executeTakeFirst();
  return u?.user_name ?? `#${userId}`;
}
