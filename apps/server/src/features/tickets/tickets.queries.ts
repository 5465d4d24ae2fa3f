import {
  TICKET_STATUS_LABELS,
  type TicketHistoryAction,
  type TicketOrigin,
  type TicketPriority,
  type TicketRow,
  type TicketStatus,
  type TicketType,
  type TicketUser,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';
import { type ListColumnMap, pagingSql } from '@/lib/paging-sql.ts';
import type { TransactionSource } from '@/lib/recon/transaction-query.ts';
import { rowsByIdSql } from '@/lib/recon/transaction-rows.ts';

export type TicketRecord = {
  id: number;
  module_id: number;
  title: string;
  description: string | null;
  priority: TicketPriority;
  type: TicketType;
  status: TicketStatus;
  origin: TicketOrigin;
  external_type: string | null;
  external_provider: string | null;
  tags: string[];
  marketplace_brand_id: number | null;
  marketplace_brand_name: string | null;
  due_date: Date;
  created_by: number;
  created_by_name: string;
  created_at: Date;
  assigned_by: number | null;
  assigned_by_name: string | null;
  updated_at: Date;
  linked_row_count: number;
};

const SELECT = sql`SELECT t.id, t.module_id, t.title, t.description, t.priority, t.type, t.status, t.origin,
  t.external_type, t.external_provider, t.tags, t.marketplace_brand_id, b.name AS marketplace_brand_name, t.due_date,
  t.created_by, cb.user_name AS created_by_name, t.created_at, t.assigned_by, ab.user_name AS assigned_by_name,
  t.updated_at, (SELECT count(*)::int FROM ticket_transaction tt WHERE tt.ticket_id = t.id) AS linked_row_count
  FROM ticket t JOIN app_user cb ON cb.id = t.created_by LEFT JOIN app_user ab ON ab.id = t.assigned_by
  LEFT JOIN bot_credential b ON b.id = t.marketplace_brand_id`;

/** The list's columns (client keys) → the SQL they search and sort by. */
const LIST_COLUMNS: ListColumnMap = {
  id: sql`t.id`,
  title: sql`t.title`,
  priority: sql`array_position(ARRAY['LOW','MEDIUM','HIGH','URGENT'], t.priority)`,
  type: sql`t.type`,
  status: sql`t.status`,
  createdAt: sql`t.created_at`,
  dueDate: sql`t.due_date`,
};

/** Which tickets a list or its counts are about: all of the module's, a user's assigned, or those a user assigned. */
export type TicketScope =
  | { kind: 'all' }
  | { kind: 'assignedTo'; userId: number }
  | { kind: 'assignedBy'; userId: number };
export type TicketFilters = {
  fromDate?: string;
  toDate?: string;
  origin?: TicketOrigin;
  externalType?: string;
  externalProvider?: string;
};

function scopeSql(moduleId: number, scope: TicketScope, f: TicketFilters): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`t.module_id = ${moduleId}`];
  if (scope.kind === 'assignedTo')
    parts.push(sql<SqlBool>`EXISTS (SELECT 1 FROM ticket_user tu WHERE tu.ticket_id = t.id
      AND tu.associated_as = 'ASSIGNED' AND tu.user_id = ${scope.userId})`);
  if (scope.kind === 'assignedBy') parts.push(sql<SqlBool>`t.assigned_by = ${scope.userId}`);
  if (f.origin) parts.push(sql<SqlBool>`t.origin = ${f.origin}`);
  if (f.externalType) parts.push(sql<SqlBool>`t.external_type = ${f.externalType}`);
  if (f.externalProvider) parts.push(sql<SqlBool>`t.external_provider = ${f.externalProvider}`);
  if (f.fromDate) parts.push(sql<SqlBool>`t.created_at >= ${f.fromDate}::date`);
  if (f.toDate) parts.push(sql<SqlBool>`t.created_at < ${f.toDate}::date + 1`);
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/** The people of tickets, in the order they were added. */
export async function ticketUsersOf(db: Db, ticketIds: readonly number[]) {
  if (ticketIds.length === 0) return [];
  return (
    await sql<{
      ticket_id: number;
      associated_as: 'ASSIGNED' | 'CCED';
      user_id: number | null;
      external_email: string | null;
      user_email: string | null;
      user_name: string | null;
    }>`SELECT tu.ticket_id, tu.associated_as, tu.user_id, tu.external_email, u.email AS user_email,
        u.user_name FROM ticket_user tu LEFT JOIN app_user u ON u.id = tu.user_id
        WHERE tu.ticket_id = ANY(${ticketIds}::bigint[]) ORDER BY tu.id`.execute(db)
  ).rows;
}

export const toTicketUser = (u: Awaited<ReturnType<typeof ticketUsersOf>>[number]): TicketUser => ({
  associatedAs: u.associated_as,
  assignedToId: u.user_id,
  assignedToExternalEmail: u.external_email,
  assignedToEmail: u.user_email ?? u.external_email,
  assignedToName: u.user_name ?? u.external_email ?? '',
});

export function toTicketRow(r: TicketRecord, users: readonly TicketUser[], now: Date): TicketRow {
  return {
    id: r.id,
    title: r.title,
    priority: r.priority,
    type: r.type,
    status: r.status,
    statusLabel: TICKET_STATUS_LABELS[r.status],
    origin: r.origin,
    tags: r.tags,
    assignees: users.filter((u) => u.associatedAs === 'ASSIGNED'),
    createdBy: r.created_by_name,
    createdAt: r.created_at.toISOString(),
    assignedBy: r.assigned_by_name,
    updatedAt: r.updated_at.toISOString(),
    dueDate: r.due_date.toISOString(),
    isOverdue: r.status !== 'CLOSED' && r.due_date.getTime() < now.getTime(),
    linkedRowCount: r.linked_row_count,
  };
}

/** A page of the tickets of a scope (DataTables), newest first unless ordered otherwise. */
export async function listTickets(
  db: Db,
  moduleId: number,
  scope: TicketScope,
  query: Record<string, unknown> &
    TicketFilters & { start: number; length: number; status?: TicketStatus; overdue?: 'true' | 'false' },
  now: Date = new Date(),
) {
  const overdue = sql<SqlBool>`(t.status <> 'CLOSED' AND t.due_date < ${now})`;
  const base = scopeSql(moduleId, { kind: 'all' }, { origin: query.origin });
  const inScope = sql<SqlBool>`${base} AND ${scopeSql(moduleId, scope, {})}`;
  const { where, orderBy } = pagingSql(query, LIST_COLUMNS, {
    tieBreaker: sql`t.id DESC`,
    globalSearch: ['title', 'id'],
    filters: [
      scopeSql(moduleId, scope, query),
      ...(query.status ? [sql<SqlBool>`t.status = ${query.status}`] : []),
      ...(query.overdue === 'true' ? [overdue] : query.overdue === 'false' ? [sql<SqlBool>`NOT ${overdue}`] : []),
    ],
  });
  const [page, counts] = await Promise.all([
    sql<TicketRecord>`${SELECT} WHERE ${where} ORDER BY ${orderBy} OFFSET ${query.start} LIMIT ${query.length}`.execute(
      db,
    ),
    sql<{ total: number; filtered: number }>`
      SELECT (SELECT count(*)::int FROM ticket t WHERE ${inScope}) AS total,
             (SELECT count(*)::int FROM ticket t WHERE ${where}) AS filtered`.execute(db),
  ]);
  return { records: page.rows, total: counts.rows[0]?.total ?? 0, filtered: counts.rows[0]?.filtered ?? 0 };
}

/** The tickets of a scope counted by status. */
export async function countTickets(db: Db, moduleId: number, scope: TicketScope, filters: TicketFilters) {
  return (
    await sql<{ status: TicketStatus; n: number }>`SELECT t.status, count(*)::int AS n FROM ticket t
      WHERE ${scopeSql(moduleId, scope, filters)} GROUP BY t.status`.execute(db)
  ).rows;
}

/** One ticket of the module, or undefined (another module's id reads as missing). `isLocked`: FOR UPDATE. */
export async function ticketOf(db: Db, moduleId: number, id: number, isLocked = false) {
  const lock = isLocked ? sql` FOR UPDATE OF t` : sql``;
  return (await sql<TicketRecord>`${SELECT} WHERE t.id = ${id} AND t.module_id = ${moduleId}${lock}`.execute(db))
    .rows[0];
}

export async function searchByTitle(db: Db, moduleId: number, title: string, limit: number) {
  const like = `%${title.replace(/[\\%_]/g, '\\$&')}%`;
  return db
    .selectFrom('ticket')
    .select(['id', 'title', 'status'])
    .where('module_id', '=', moduleId)
    .where('title', 'ilike', like)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The active users of the module among the ids. */
export async function moduleUsers(db: Db, moduleId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('app_user as u')
    .innerJoin('module_user as mu', 'mu.user_id', 'u.id')
    .select(['u.id', 'u.user_name', 'u.email'])
    .where('mu.module_id', '=', moduleId)
    .where('u.is_active', '=', true)
    .where('u.id', 'in', [...ids])
    .execute();
}

/** A brand login of the module, or undefined. */
export async function brandOf(db: Db, moduleId: number, id: number) {
  return db
    .selectFrom('bot_credential')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
}

export type TicketValues = {
  title: string;
  description: string | null;
  priority: TicketPriority;
  type: TicketType;
  tags: string[];
  dueDate: Date;
  marketplaceBrandId: number | null;
};

export async function insertTicket(
  db: Db,
  t: TicketValues & { moduleId: number; status: TicketStatus; createdBy: number; assignedBy: number | null; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('ticket')
    .values({
      module_id: t.moduleId,
      title: t.title,
      description: t.description,
      priority: t.priority,
      type: t.type,
      status: t.status,
      tags: t.tags,
      marketplace_brand_id: t.marketplaceBrandId,
      due_date: t.dueDate,
      created_by: t.createdBy,
      created_at: t.now,
      assigned_by: t.assignedBy,
      updated_at: t.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTicket(
  db: Db,
  id: number,
  t: Partial<TicketValues> & { status?: TicketStatus; assignedBy?: number | null; now: Date },
): Promise<void> {
  await db
    .updateTable('ticket')
    .set({
      ...(t.title !== undefined ? { title: t.title } : {}),
      ...(t.description !== undefined ? { description: t.description } : {}),
      ...(t.priority !== undefined ? { priority: t.priority } : {}),
      ...(t.type !== undefined ? { type: t.type } : {}),
      ...(t.tags !== undefined ? { tags: t.tags } : {}),
      ...(t.dueDate !== undefined ? { due_date: t.dueDate } : {}),
      ...(t.marketplaceBrandId !== undefined ? { marketplace_brand_id: t.marketplaceBrandId } : {}),
      ...(t.status !== undefined ? { status: t.status } : {}),
      ...(t.assignedBy !== undefined ? { assigned_by: t.assignedBy } : {}),
      updated_at: t.now,
    })
    .where('id', '=', id)
    .execute();
}

/** Replaces the people of one association (ASSIGNED or CCED) of a ticket. */
export async function replaceTicketUsers(
  db: Db,
  ticketId: number,
  associatedAs: 'ASSIGNED' | 'CCED',
  people: readonly { id: number | null; email: string | null }[],
): Promise<void> {
  await db
    .deleteFrom('ticket_user')
    .where('ticket_id', '=', ticketId)
    .where('associated_as', '=', associatedAs)
    .execute();
  if (people.length === 0) return;
  await db
    .insertInto('ticket_user')
    .values(
      people.map((p) => ({ ticket_id: ticketId, associated_as: associatedAs, user_id: p.id, external_email: p.email })),
    )
    .execute();
}

export type HistoryEntry = {
  action: TicketHistoryAction;
  field?: string | null;
  fromValue?: string | null;
  toValue?: string | null;
  remark?: string | null;
};

export async function insertHistory(
  db: Db,
  ticketId: number,
  by: number,
  at: Date,
  entries: readonly HistoryEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('ticket_history')
    .values(
      entries.map((e) => ({
        ticket_id: ticketId,
        action: e.action,
        field: e.field ?? null,
        from_value: e.fromValue ?? null,
        to_value: e.toValue ?? null,
        remark: e.remark ?? null,
        changed_by: by,
        changed_at: at,
      })),
    )
    .execute();
}

export async function historyOf(db: Db, ticketId: number) {
  return db
    .selectFrom('ticket_history as h')
    .innerJoin('app_user as u', 'u.id', 'h.changed_by')
    .select(['h.id', 'h.action', 'h.field', 'h.from_value', 'h.to_value', 'h.remark', 'u.user_name', 'h.changed_at'])
    .where('h.ticket_id', '=', ticketId)
    .orderBy('h.id')
    .execute();
}

export async function insertComment(db: Db, ticketId: number, comment: string, by: number, at: Date) {
  return db
    .insertInto('ticket_comment')
    .values({ ticket_id: ticketId, comment, created_by: by, created_at: at })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export async function commentsOf(db: Db, ticketId: number) {
  return db
    .selectFrom('ticket_comment as c')
    .innerJoin('app_user as u', 'u.id', 'c.created_by')
    .select(['c.id', 'c.comment', 'u.user_name', 'c.created_at'])
    .where('c.ticket_id', '=', ticketId)
    .orderBy('c.id')
    .execute();
}

/** The data sources a ticket has rows of, with their recon and row count. */
export async function linkSummaryOf(db: Db, ticketId: number) {
  return (
    await sql<{ data_source_id: number; data_source_name: string; recon_id: number; recon_name: string; n: number }>`
      SELECT tt.data_source_id, ds.name AS data_source_name, r.id AS recon_id, r.name AS recon_name, count(*)::int AS n
      FROM ticket_transaction tt JOIN data_source ds ON ds.id = tt.data_source_id JOIN recon r ON r.id = ds.recon_id
      WHERE tt.ticket_id = ${ticketId} GROUP BY tt.data_source_id, ds.name, r.id, r.name
      ORDER BY r.name, ds.name`.execute(db)
  ).rows;
}

/** Of the ids, those that are rows of the data table. */
export async function existingRowIds(db: Db, table: string, rowIds: readonly number[]): Promise<number[]> {
  return (
    await sql<{
      _id: number;
    }>`SELECT _id FROM ${sql.raw(qualified(table))} WHERE _id = ANY(${rowIds}::bigint[])`.execute(db)
  ).rows.map((r) => Number(r._id));
}

export async function insertLinks(
  db: Db,
  ticketId: number,
  dataSourceId: number,
  rowIds: readonly number[],
  by: number,
  at: Date,
) {
  if (rowIds.length === 0) return;
  await db
    .insertInto('ticket_transaction')
    .values(
      rowIds.map((rowId) => ({
        ticket_id: ticketId,
        data_source_id: dataSourceId,
        row_id: rowId,
        linked_by: by,
        linked_at: at,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A page of a ticket's row ids of one data source (id order), and how many there are. */
export async function linkedRowIdsPage(db: Db, ticketId: number, dataSourceId: number, start: number, length: number) {
  const [page, total] = await Promise.all([
    db
      .selectFrom('ticket_transaction')
      .select('row_id')
      .where('ticket_id', '=', ticketId)
      .where('data_source_id', '=', dataSourceId)
      .orderBy('row_id')
      .offset(start)
      .limit(length)
      .execute(),
    db
      .selectFrom('ticket_transaction')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ticket_id', '=', ticketId)
      .where('data_source_id', '=', dataSourceId)
      .executeTakeFirst(),
  ]);
  return { rowIds: page.map((r) => Number(r.row_id)), total: Number(total?.n ?? 0) };
}

/** Every linked row id of a ticket by data source (the download). */
export async function allLinkedRowIds(db: Db, ticketId: number) {
  return db
    .selectFrom('ticket_transaction')
    .select(['data_source_id', 'row_id'])
    .where('ticket_id', '=', ticketId)
    .orderBy('data_source_id')
    .orderBy('row_id')
    .execute();
}

/** Rows of a data source by id, as the Transactions views read them (status, rule, file, values). */
export async function rowsOfIds(db: Db, source: TransactionSource, rowIds: readonly number[]) {
  if (rowIds.length === 0) return [];
  return (await rowsByIdSql(source, sql<SqlBool>`r._id = ANY(${rowIds}::bigint[])`).execute(db)).rows;
}

/** The names of a data source's active data elements (the columns shown by default). */
export async function shownColumnNames(db: Db, dataSourceId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('data_element')
    .select('name')
    .where('data_source_id', '=', dataSourceId)
    .where('active', '=', true)
    .execute();
  return new Set(rows.map((r) => r.name));
}

// --- Decision 0029: the assignee picker, and closing with a knock-off of the linked rows

/** The module's active users whose user name, first and last name or e-mail contains the text, by user name. */
export async function searchModuleUsers(db: Db, moduleId: number, text: string, limit: number) {
  const like = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  return (
    await sql<{ id: number; user_name: string; name: string; email: string | null }>`
      SELECT u.id, u.user_name, trim(u.first_name || ' ' || u.last_name) AS name, u.email
      FROM app_user u JOIN module_user mu ON mu.user_id = u.id AND mu.module_id = ${moduleId}
      WHERE u.is_active AND (${text} = '' OR u.user_name ILIKE ${like} OR u.email ILIKE ${like}
        OR (u.first_name || ' ' || u.last_name) ILIKE ${like})
      ORDER BY u.user_name LIMIT ${limit}`.execute(db)
  ).rows;
}

/** A ticket's linked row ids of one data source, in id order. */
export async function linkedRowIdsOf(db: Db, ticketId: number, dataSourceId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ticket_transaction')
    .select('row_id')
    .where('ticket_id', '=', ticketId)
    .where('data_source_id', '=', dataSourceId)
    .orderBy('row_id')
    .execute();
  return rows.map((r) => Number(r.row_id));
}

/** How many of a ticket's linked rows of one data source are open now (UNRECONCILED). */
export async function openLinkedRowCount(db: Db, ticketId: number, source: TransactionSource): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ticket_transaction tt
    JOIN ${sql.raw(qualified(source.table))} r ON r._id = tt.row_id
    LEFT JOIN ${sql.raw(qualified(source.stateTable))} s ON s._id = r._id
    WHERE tt.ticket_id = ${ticketId} AND tt.data_source_id = ${source.dataSourceId}
      AND coalesce(s.status, r._recon_status) = 'UNRECONCILED'`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** The knock-off approval requests of a ticket's close still waiting (My Jobs › Approvals), oldest first. */
export async function waitingKnockOffIds(db: Db, ticketId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('approval_request')
    .select('id')
    .where('ticket_id', '=', ticketId)
    .where('status', '=', 'ACTION_PENDING')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
