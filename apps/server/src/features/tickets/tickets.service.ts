import {
  canMoveTicket,
  defaultTicketDueDate,
  illegalTicketTransition,
  navPath,
  TICKET_ACTION_TARGETS,
  TICKET_STATUSES,
  TICKET_TEXTS,
  TICKET_TRANSITIONS,
  type TicketAction,
  type TicketCloseRows,
  type TicketComment,
  type TicketCounts,
  type TicketDetail,
  type TicketHistoryAction,
  type TicketHistoryEntry,
  type TicketLink,
  type TicketStatus,
  type TicketTransactionsPage,
  type TicketUser,
  ticketKnockOffReason,
} from '@recon/contract';
import { type Db, LOCKS, withTransaction } from '@recon/db';
import { AppError, validation } from '@/lib/app-error.ts';
import { approvalPolicyOf, createApprovalRequest } from '@/lib/approvals/approval-requests.ts';
import { escapeText } from '@/lib/downloads/formula-escape.ts';
import { csvField } from '@/lib/downloads/write-csv.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { notify } from '@/lib/notifications/notify.ts';
import type { Notifier } from '@/lib/notifier.ts';
import { knockOffRows, rowsNotOpen } from '@/lib/recon/knock-off.ts';
import type { TransactionSource } from '@/lib/recon/transaction-query.ts';
import { toTransactionRow } from '@/lib/recon/transaction-rows.ts';
import { moduleReconSources } from '@/lib/recon/transaction-sources.ts';
import * as q from './tickets.queries.ts';

/**
 * Tickets (spec 3; decision 0025). Every change runs in one transaction with its history entries and its audit
 * entry; a status moves only by the transition table, checked under the ticket's row lock.
 */

type Person = { id: number | null; email: string | null };

/** The users newly among a ticket's assignees (never the one assigning) are told it is theirs (decision 0033). */
async function tellAssigned(
  tx: Db,
  notifier: Notifier,
  actor: ModuleActor,
  ticket: { id: number; title: string },
  assignees: readonly Person[],
  before: readonly (number | null)[],
  now: Date,
): Promise<void> {
  const userIds = assignees.flatMap((p) =>
    p.id !== null && p.id !== actor.userId && !before.includes(p.id) ? [p.id] : [],
  );
  await notify(
    tx,
    notifier,
    {
      moduleId: actor.moduleId,
      kind: 'TICKET_ASSIGNED',
      title: `Ticket #${ticket.id} ${ticket.title} assigned to you by ${actor.userName}`,
      link: `${navPath('my-jobs', 'tickets', 'internal')}?ticketId=${ticket.id}`,
      userIds,
    },
    now,
  );
}
type Ref = { id: number | null; email: string | null };

async function ticketOrThrow(db: Db, moduleId: number, id: number, isLocked = false) {
  const t = await q.ticketOf(db, moduleId, id, isLocked);
  if (!t) throw new AppError('NOT_FOUND', TICKET_TEXTS.notFound);
  return t;
}

/** The people as given, each once: user ids must be active users of the module; e-mails are kept as typed (trimmed). */
async function resolvePeople(db: Db, moduleId: number, refs: readonly Ref[]): Promise<Person[]> {
  const ids = [...new Set(refs.flatMap((r) => (r.id !== null ? [r.id] : [])))];
  const found = await q.moduleUsers(db, moduleId, ids);
  if (found.length !== ids.length) throw validation(TICKET_TEXTS.userNotFound, 'assignedTo');
  const seen = new Set<string>();
  return refs.flatMap((r) => {
    const key = r.id !== null ? `u${r.id}` : `e${(r.email ?? '').toLowerCase()}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [r.id !== null ? { id: r.id, email: null } : { id: null, email: r.email }];
  });
}

/** People as one text of the history ("ana, bo@x.com"), in the order given. */
async function peopleText(db: Db, moduleId: number, people: readonly Person[]): Promise<string> {
  const ids = people.flatMap((p) => (p.id !== null ? [p.id] : []));
  const names = new Map((await q.moduleUsers(db, moduleId, ids)).map((u) => [u.id, u.user_name]));
  return people.map((p) => (p.id !== null ? (names.get(p.id) ?? `#${p.id}`) : p.email)).join(', ');
}

const usersText = (users: readonly TicketUser[], as: 'ASSIGNED' | 'CCED') =>
  users
    .filter((u) => u.associatedAs === as)
    .map((u) => u.assignedToName)
    .join(', ');

async function checkBrand(db: Db, moduleId: number, brand: { id: number } | null | undefined): Promise<number | null> {
  if (!brand) return null;
  if (!(await q.brandOf(db, moduleId, brand.id))) throw validation(TICKET_TEXTS.brandNotFound, 'marketplaceBrand');
  return brand.id;
}

/** The module's data source with its tables, or 404 (another module's, or one the Transactions views do not read). */
async function sourceOf(db: Db, moduleId: number, dataSourceId: number): Promise<TransactionSource> {
  const source = (await moduleReconSources(db, moduleId))
    .flatMap((r) => r.sources)
    .find((s) => s.dataSourceId === dataSourceId);
  if (!source) throw new AppError('NOT_FOUND', TICKET_TEXTS.dataSourceNotFound);
  return source;
}

/** The links as given, each checked: a data source of the module, rows that are its rows. */
async function checkLinks(db: Db, moduleId: number, links: readonly TicketLink[]) {
  const checked: { source: TransactionSource; rowIds: number[] }[] = [];
  for (const link of links) {
    const source = await sourceOf(db, moduleId, link.dataSourceId);
    const wanted = [...new Set(link.rowIds)];
    const found = new Set(await q.existingRowIds(db, source.table, wanted));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw validation(`${TICKET_TEXTS.rowsNotFound}: ${missing.slice(0, 20).join(', ')}`, 'links');
    checked.push({ source, rowIds: wanted });
  }
  return checked;
}

const dueDateOf = (dueDate: string | null | undefined, now: Date) =>
  dueDate ? new Date(dueDate) : defaultTicketDueDate(now);

// --- Reads

const ACTION_OF_TARGET: Record<Exclude<TicketAction, 'change_status'>, TicketStatus> = TICKET_ACTION_TARGETS;

/** The statuses change_status may move a ticket to (reassign alone keeps ASSIGNED). */
const nextStatuses = (from: TicketStatus) => TICKET_TRANSITIONS[from].filter((s) => s !== from);

function allowedActions(from: TicketStatus): TicketAction[] {
  const fixed = (Object.keys(ACTION_OF_TARGET) as Exclude<TicketAction, 'change_status'>[]).filter((a) =>
    canMoveTicket(from, ACTION_OF_TARGET[a]),
  );
  return nextStatuses(from).length > 0 ? [...fixed, 'change_status'] : fixed;
}

/** GET /v2/tickets/{id}. */
export async function getDetail(db: Db, moduleId: number, id: number, now: Date): Promise<TicketDetail> {
  const t = await ticketOrThrow(db, moduleId, id);
  const [users, comments, links, waiting] = await Promise.all([
    q.ticketUsersOf(db, [id]),
    q.commentsOf(db, id),
    q.linkSummaryOf(db, id),
    q.waitingKnockOffIds(db, id),
  ]);
  const sources = links.length > 0 ? (await moduleReconSources(db, moduleId)).flatMap((r) => r.sources) : [];
  const openCounts = await Promise.all(
    links.map(async (l) => {
      const source = sources.find((x) => x.dataSourceId === l.data_source_id);
      return source ? q.openLinkedRowCount(db, id, source) : 0;
    }),
  );
  const people = users.map(q.toTicketUser);
  return {
    ...q.toTicketRow(t, people, now),
    description: t.description,
    cced: people.filter((u) => u.associatedAs === 'CCED'),
    marketplaceBrand:
      t.marketplace_brand_id !== null ? { id: t.marketplace_brand_id, name: t.marketplace_brand_name ?? '' } : null,
    externalType: t.external_type,
    externalProvider: t.external_provider,
    comments: comments.map(toComment),
    links: links.map((l, i) => ({
      dataSourceId: l.data_source_id,
      dataSourceName: l.data_source_name,
      reconId: l.recon_id,
      reconName: l.recon_name,
      rowCount: l.n,
      openRowCount: openCounts[i] ?? 0,
    })),
    allowedActions: allowedActions(t.status),
    nextStatuses: nextStatuses(t.status),
    knockOffApprovalIds: waiting,
  };
}

const toComment = (c: { id: number; comment: string; user_name: string; created_at: Date }): TicketComment => ({
  id: c.id,
  comment: c.comment,
  createdBy: c.user_name,
  createdAt: c.created_at.toISOString(),
});

/** A DataTables page of a scope's tickets. */
export async function list(
  db: Db,
  moduleId: number,
  scope: q.TicketScope,
  query: Parameters<typeof q.listTickets>[3] & { draw: number },
  now: Date,
) {
  const page = await q.listTickets(db, moduleId, scope, query, now);
  const users = (
    await q.ticketUsersOf(
      db,
      page.records.map((r) => r.id),
    )
  ).map((u) => ({
    ticketId: u.ticket_id,
    user: q.toTicketUser(u),
  }));
  return {
    draw: query.draw,
    recordsTotal: page.total,
    recordsFiltered: page.filtered,
    data: page.records.map((r) =>
      q.toTicketRow(
        r,
        users.filter((u) => u.ticketId === r.id).map((u) => u.user),
        now,
      ),
    ),
  };
}

export async function counts(
  db: Db,
  moduleId: number,
  scope: q.TicketScope,
  filters: q.TicketFilters,
): Promise<TicketCounts> {
  const rows = await q.countTickets(db, moduleId, scope, filters);
  const byStatus = Object.fromEntries(TICKET_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]));
  return { total: rows.reduce((n, r) => n + r.n, 0), byStatus: byStatus as TicketCounts['byStatus'] };
}

export async function history(db: Db, moduleId: number, id: number): Promise<{ data: TicketHistoryEntry[] }> {
  await ticketOrThrow(db, moduleId, id);
  return { data: (await q.historyOf(db, id)).map(toHistoryEntry) };
}

const toHistoryEntry = (h: Awaited<ReturnType<typeof q.historyOf>>[number]): TicketHistoryEntry => ({
  id: h.id,
  action: h.action,
  field: h.field,
  fromValue: h.from_value,
  toValue: h.to_value,
  remark: h.remark,
  changedBy: h.user_name,
  changedAt: h.changed_at.toISOString(),
});

export async function search(db: Db, moduleId: number, title: string, limit: number) {
  return { data: await q.searchByTitle(db, moduleId, title, limit) };
}

/** GET /v2/tickets/users: the assignee and cc picker's users (decision 0029). */
export async function users(db: Db, moduleId: number, text: string, limit: number) {
  const rows = await q.searchModuleUsers(db, moduleId, text, limit);
  return { data: rows.map((u) => ({ id: u.id, userName: u.user_name, name: u.name, email: u.email })) };
}

async function columnsOf(db: Db, source: TransactionSource) {
  const shown = await q.shownColumnNames(db, source.dataSourceId);
  return source.columns.map((c) => ({
    name: c.name,
    type: c.dataType,
    isMoney: c.isMoney,
    isShown: shown.size === 0 || shown.has(c.name),
  }));
}

/** GET /v2/tickets/transactions?Find=ByDataSourceIdAndTicketId: a page of the ticket's rows of one data source. */
export async function transactions(
  db: Db,
  moduleId: number,
  query: { ticketId: number; dataSourceId: number; start: number; length: number; draw: number },
): Promise<TicketTransactionsPage> {
  await ticketOrThrow(db, moduleId, query.ticketId);
  const source = await sourceOf(db, moduleId, query.dataSourceId);
  const page = await q.linkedRowIdsPage(db, query.ticketId, query.dataSourceId, query.start, query.length);
  const rows = await q.rowsOfIds(db, source, page.rowIds);
  return {
    draw: query.draw,
    recordsTotal: page.total,
    recordsFiltered: page.total,
    data: rows.map((r) => toTransactionRow(r, source.columns)),
    columns: await columnsOf(db, source),
  };
}

// --- Changes

type Fields = {
  title: string;
  description?: string | null;
  priority: TicketDetail['priority'];
  type: TicketDetail['type'];
  tags: string[];
  assignedTo: Ref[];
  cced: Ref[];
  dueDate?: string | null;
  marketplaceBrand?: { id: number } | null;
};

/** POST /v2/tickets. */
export async function create(
  db: Db,
  actor: ModuleActor,
  body: Fields & { links: TicketLink[] },
  now: Date,
  notifier: Notifier,
): Promise<TicketDetail> {
  const id = await withTransaction(db, {}, async ({ db: tx }) => {
    const assignees = await resolvePeople(tx, actor.moduleId, body.assignedTo);
    const cced = await resolvePeople(tx, actor.moduleId, body.cced);
    const brandId = await checkBrand(tx, actor.moduleId, body.marketplaceBrand);
    const links = await checkLinks(tx, actor.moduleId, body.links);
    const status: TicketStatus = assignees.length > 0 ? 'ASSIGNED' : 'OPEN';
    const ticketId = await q.insertTicket(tx, {
      moduleId: actor.moduleId,
      title: body.title,
      description: body.description ?? null,
      priority: body.priority,
      type: body.type,
      tags: [...new Set(body.tags)],
      dueDate: dueDateOf(body.dueDate, now),
      marketplaceBrandId: brandId,
      status,
      createdBy: actor.userId,
      assignedBy: assignees.length > 0 ? actor.userId : null,
      now,
    });
    await q.replaceTicketUsers(tx, ticketId, 'ASSIGNED', assignees);
    await q.replaceTicketUsers(tx, ticketId, 'CCED', cced);
    await tellAssigned(tx, notifier, actor, { id: ticketId, title: body.title }, assignees, [], now);
    for (const l of links) await q.insertLinks(tx, ticketId, l.source.dataSourceId, l.rowIds, actor.userId, now);
    await q.insertHistory(tx, ticketId, actor.userId, now, [
      { action: 'CREATED', field: 'status', toValue: status },
      ...(assignees.length > 0
        ? [{ action: 'CREATED' as const, field: 'assignees', toValue: await peopleText(tx, actor.moduleId, assignees) }]
        : []),
      ...links.map((l) => ({
        action: 'ROWS_LINKED' as const,
        field: l.source.dataSourceName,
        toValue: `${l.rowIds.length} ${l.rowIds.length === 1 ? 'row' : 'rows'}`,
      })),
    ]);
    await auditChange(tx, actor, {
      event: 'TICKET_CREATED',
      entityType: 'ticket',
      entityId: ticketId,
      details: {
        title: body.title,
        status,
        priority: body.priority,
        type: body.type,
        links: links.map((l) => ({ dataSourceId: l.source.dataSourceId, rowCount: l.rowIds.length })),
      },
    });
    return ticketId;
  });
  return getDetail(db, actor.moduleId, id, now);
}

const sameList = (a: readonly string[], b: readonly string[]) => a.join('\u0000') === b.join('\u0000');

/** PUT /v2/tickets: each changed field is a history entry. An OPEN ticket given assignees becomes ASSIGNED. */
export async function update(
  db: Db,
  actor: ModuleActor,
  body: Fields & { id: number },
  now: Date,
  notifier: Notifier,
): Promise<TicketDetail> {
  await withTransaction(db, {}, async ({ db: tx }) => {
    const t = await ticketOrThrow(tx, actor.moduleId, body.id, true);
    const before = (await q.ticketUsersOf(tx, [t.id])).map(q.toTicketUser);
    const assignees = await resolvePeople(tx, actor.moduleId, body.assignedTo);
    const cced = await resolvePeople(tx, actor.moduleId, body.cced);
    const brandId = await checkBrand(tx, actor.moduleId, body.marketplaceBrand);
    const dueDate = body.dueDate ? new Date(body.dueDate) : t.due_date;
    const tags = [...new Set(body.tags)];
    const changes: q.HistoryEntry[] = [];
    const edit = (field: string, from: string | null, to: string | null) => {
      if (from !== to) changes.push({ action: 'EDITED', field, fromValue: from, toValue: to });
    };
    edit('title', t.title, body.title);
    edit('description', t.description, body.description ?? null);
    edit('priority', t.priority, body.priority);
    edit('type', t.type, body.type);
    if (!sameList(t.tags, tags)) edit('tags', t.tags.join(', '), tags.join(', '));
    edit('dueDate', t.due_date.toISOString(), dueDate.toISOString());
    edit('marketplaceBrand', t.marketplace_brand_id?.toString() ?? null, brandId?.toString() ?? null);
    const assigneesText = await peopleText(tx, actor.moduleId, assignees);
    const ccText = await peopleText(tx, actor.moduleId, cced);
    const assigneesChanged = usersText(before, 'ASSIGNED') !== assigneesText;
    if (assigneesChanged) edit('assignees', usersText(before, 'ASSIGNED'), assigneesText);
    if (usersText(before, 'CCED') !== ccText) edit('cc', usersText(before, 'CCED'), ccText);
    const status: TicketStatus = t.status === 'OPEN' && assignees.length > 0 ? 'ASSIGNED' : t.status;
    if (status !== t.status)
      changes.push({ action: 'STATUS_CHANGED', field: 'status', fromValue: t.status, toValue: status });
    if (changes.length === 0) return;
    await q.updateTicket(tx, t.id, {
      title: body.title,
      description: body.description ?? null,
      priority: body.priority,
      type: body.type,
      tags,
      dueDate,
      marketplaceBrandId: brandId,
      status,
      ...(assigneesChanged ? { assignedBy: assignees.length > 0 ? actor.userId : null } : {}),
      now,
    });
    await q.replaceTicketUsers(tx, t.id, 'ASSIGNED', assignees);
    await q.replaceTicketUsers(tx, t.id, 'CCED', cced);
    const wereAssigned = before.filter((u) => u.associatedAs === 'ASSIGNED').map((u) => u.assignedToId);
    await tellAssigned(tx, notifier, actor, { id: t.id, title: body.title }, assignees, wereAssigned, now);
    await q.insertHistory(tx, t.id, actor.userId, now, changes);
    await auditChange(tx, actor, {
      event: 'TICKET_UPDATED',
      entityType: 'ticket',
      entityId: t.id,
      details: { changes: changes.map((c) => ({ field: c.field, from: c.fromValue, to: c.toValue })) },
    });
  });
  return getDetail(db, actor.moduleId, body.id, now);
}

const HISTORY_OF_ACTION: Record<TicketAction, TicketHistoryAction> = {
  reassign: 'REASSIGNED',
  escalate: 'ESCALATED',
  reopen: 'REOPENED',
  close: 'CLOSED',
  change_status: 'STATUS_CHANGED',
};

/**
 * PUT /v2/tickets/reassign, /escalate, /reopen, /close, /change_status: the move the table allows, or a 400 naming
 * both statuses.
 */
export async function move(
  db: Db,
  actor: ModuleActor,
  action: TicketAction,
  body: {
    id: number;
    remark?: string | null;
    status?: TicketStatus;
    assignedTo?: Ref[];
    linkedRows?: TicketCloseRows;
  },
  now: Date,
  notifier: Notifier,
): Promise<TicketDetail> {
  if (action === 'close' && body.linkedRows === 'KNOCK_OFF') return closeWithKnockOff(db, actor, body, now, notifier);
  await withTransaction(db, {}, async ({ db: tx }) => {
    const t = await ticketOrThrow(tx, actor.moduleId, body.id, true);
    const to = action === 'change_status' ? (body.status as TicketStatus) : TICKET_ACTION_TARGETS[action];
    const isLegal = canMoveTicket(t.status, to) && (action === 'reassign' || to !== t.status);
    if (!isLegal) throw validation(illegalTicketTransition(t.status, to), 'status');
    if (to === 'CLOSED') await assertNoKnockOffWaiting(tx, t.id);
    const remark = body.remark ? body.remark : null;
    const entries: q.HistoryEntry[] = [
      { action: HISTORY_OF_ACTION[action], field: 'status', fromValue: t.status, toValue: to, remark },
    ];
    let assignedBy: number | undefined;
    if (action === 'reassign') {
      const before = (await q.ticketUsersOf(tx, [t.id])).map(q.toTicketUser);
      const assignees = await resolvePeople(tx, actor.moduleId, body.assignedTo ?? []);
      if (assignees.length === 0) throw validation(TICKET_TEXTS.assigneeRequired, 'assignedTo');
      entries.push({
        action: 'REASSIGNED',
        field: 'assignees',
        fromValue: usersText(before, 'ASSIGNED'),
        toValue: await peopleText(tx, actor.moduleId, assignees),
      });
      await q.replaceTicketUsers(tx, t.id, 'ASSIGNED', assignees);
      const wereAssigned = before.filter((u) => u.associatedAs === 'ASSIGNED').map((u) => u.assignedToId);
      await tellAssigned(tx, notifier, actor, t, assignees, wereAssigned, now);
      assignedBy = actor.userId;
    } else if (to === 'ASSIGNED') {
      const users = await q.ticketUsersOf(tx, [t.id]);
      if (!users.some((u) => u.associated_as === 'ASSIGNED')) throw validation(TICKET_TEXTS.assigneeRequired, 'status');
    }
    await q.updateTicket(tx, t.id, { status: to, ...(assignedBy !== undefined ? { assignedBy } : {}), now });
    await q.insertHistory(tx, t.id, actor.userId, now, entries);
    await auditChange(tx, actor, {
      event: 'TICKET_STATUS_CHANGED',
      entityType: 'ticket',
      entityId: t.id,
      details: { action, from: t.status, to, ...(remark ? { remark } : {}) },
    });
  });
  return getDetail(db, actor.moduleId, body.id, now);
}

/** While a close's knock-off waits for approval, the ticket is not closed another way (decision 0029). */
async function assertNoKnockOffWaiting(tx: Db, ticketId: number): Promise<void> {
  if ((await q.waitingKnockOffIds(tx, ticketId)).length > 0)
    throw new AppError('CONFLICT', TICKET_TEXTS.knockOffAlreadyWaiting);
}

const rowsText = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/**
 * PUT /v2/tickets/close with `linkedRows: KNOCK_OFF` (decision 0029): under the locks of the linked rows' recons and
 * the ticket's row lock, each data source's open linked rows are knocked off as the Transactions action does (one
 * journaled KNOCK_OFF run, audited TRANSACTIONS_KNOCKED_OFF), or — more than one row where the module's bulk
 * knock-off needs approval — become an approval request naming the ticket. Rows no longer open are skipped, named
 * in the history. With nothing waiting the ticket closes now; otherwise it stays as it is until the requests are
 * decided (lib/tickets/ticket-knock-off.ts). All of it or nothing.
 */
async function closeWithKnockOff(
  db: Db,
  actor: ModuleActor,
  body: { id: number; remark?: string | null },
  now: Date,
  notifier: Notifier,
): Promise<TicketDetail> {
  await ticketOrThrow(db, actor.moduleId, body.id);
  // Every linked data source must be one of the module's (404 otherwise: another module's rows are never touched).
  const sources = await Promise.all(
    (await q.linkSummaryOf(db, body.id)).map((l) => sourceOf(db, actor.moduleId, l.data_source_id)),
  );
  const reconNames = new Map((await moduleReconSources(db, actor.moduleId)).map((r) => [r.id, r.name]));
  const policy = await approvalPolicyOf(db, actor.moduleId);
  const locks = [...new Set(sources.map((s) => s.reconId))].map((id) => LOCKS.recon(id));
  await withTransaction(db, { lock: locks }, async (step) => {
    const tx = step.db;
    const t = await ticketOrThrow(tx, actor.moduleId, body.id, true);
    if (!canMoveTicket(t.status, 'CLOSED')) throw validation(illegalTicketTransition(t.status, 'CLOSED'), 'status');
    await assertNoKnockOffWaiting(tx, t.id);
    const remark = body.remark ? body.remark : null;
    const reason = ticketKnockOffReason(t.id, remark);
    const entries: q.HistoryEntry[] = [];
    const knockedOff: { dataSourceId: number; runId: number; rows: number }[] = [];
    const approvalIds: number[] = [];
    for (const source of sources) {
      const ids = await q.linkedRowIdsOf(tx, t.id, source.dataSourceId);
      const notOpen = await rowsNotOpen(step.client, source, ids);
      const closed = new Set(notOpen.map((r) => r.id));
      const open = ids.filter((id) => !closed.has(id));
      if (notOpen.length > 0)
        entries.push({
          action: 'KNOCK_OFF_SKIPPED',
          field: source.dataSourceName,
          toValue: notOpen
            .slice(0, 20)
            .map((r) => `row ${r.id} (${r.status})`)
            .join(', '),
          remark: TICKET_TEXTS.rowsNotOpen,
        });
      if (open.length === 0) continue;
      if (open.length > 1 && policy.bulkKnockOffNeedsApproval) {
        const approvalId = await createApprovalRequest(
          tx,
          notifier,
          actor,
          {
            kind: 'BULK_KNOCK_OFF',
            summary: `Knock off ${open.length} rows of ${source.dataSourceName} (${reconNames.get(source.reconId) ?? ''}) for ticket #${t.id}`,
            reconId: source.reconId,
            dataSourceId: source.dataSourceId,
            rowIds: open,
            reason,
            ticketId: t.id,
          },
          now,
        );
        approvalIds.push(approvalId);
        entries.push({
          action: 'KNOCK_OFF_PENDING',
          field: source.dataSourceName,
          toValue: rowsText(open.length),
          remark: `${TICKET_TEXTS.knockOffWaiting} (#${approvalId})`,
        });
        continue;
      }
      const done = await knockOffRows(step, {
        moduleId: actor.moduleId,
        reconId: source.reconId,
        source,
        rowIds: open,
        reason,
        startedBy: actor.userId,
      });
      await auditChange(tx, actor, {
        event: 'TRANSACTIONS_KNOCKED_OFF',
        entityType: 'recon',
        entityId: source.reconId,
        details: {
          runId: done.runId,
          rows: done.rows,
          matchIds: [],
          dataSourceId: source.dataSourceId,
          rowIds: open,
          reason,
          ticketId: t.id,
        },
      });
      knockedOff.push({ dataSourceId: source.dataSourceId, runId: done.runId, rows: done.rows });
      entries.push({
        action: 'KNOCKED_OFF',
        field: source.dataSourceName,
        toValue: rowsText(done.rows),
        remark: `Knock-off run #${done.runId}`,
      });
    }
    if (approvalIds.length === 0) {
      entries.push({ action: 'CLOSED', field: 'status', fromValue: t.status, toValue: 'CLOSED', remark });
      await q.updateTicket(tx, t.id, { status: 'CLOSED', now });
      await auditChange(tx, actor, {
        event: 'TICKET_STATUS_CHANGED',
        entityType: 'ticket',
        entityId: t.id,
        details: {
          action: 'close',
          from: t.status,
          to: 'CLOSED',
          linkedRows: 'KNOCK_OFF',
          knockedOff,
          ...(remark ? { remark } : {}),
        },
      });
    } else {
      await q.updateTicket(tx, t.id, { now });
    }
    await q.insertHistory(tx, t.id, actor.userId, now, entries);
  });
  return getDetail(db, actor.moduleId, body.id, now);
}

/** POST /v2/tickets/comment. */
export async function comment(
  db: Db,
  actor: ModuleActor,
  body: { ticketId: number; comment: string },
  now: Date,
): Promise<TicketComment> {
  return withTransaction(db, {}, async ({ db: tx }) => {
    const t = await ticketOrThrow(tx, actor.moduleId, body.ticketId, true);
    const c = await q.insertComment(tx, t.id, body.comment, actor.userId, now);
    await q.updateTicket(tx, t.id, { now });
    await q.insertHistory(tx, t.id, actor.userId, now, [
      { action: 'COMMENTED', field: null, toValue: body.comment.slice(0, 500) },
    ]);
    await auditChange(tx, actor, {
      event: 'TICKET_COMMENTED',
      entityType: 'ticket',
      entityId: t.id,
      details: { commentId: c.id, length: body.comment.length },
    });
    return { id: c.id, comment: body.comment, createdBy: actor.userName, createdAt: now.toISOString() };
  });
}

// --- Download

/** One CSV line: numbers as they are, texts escaped so a spreadsheet never reads them as a formula (decision 0017). */
const line = (values: readonly (string | number | null | undefined)[]) =>
  `${values.map((v) => (typeof v === 'number' ? String(v) : csvField(escapeText(v ?? '')))).join(',')}\n`;

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as the CSV exports write it (decision 0018): DD-MM-YYYY hh:mm AM, in UTC like the exports' SQL. */
function csvMoment(iso: string): string {
  const d = new Date(iso);
  const h = d.getUTCHours();
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(h % 12 || 12)}:${pad(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** GET /v2/tickets/download/{id}: the ticket, its people, history, comments and linked rows as one CSV file. */
export async function download(
  db: Db,
  moduleId: number,
  id: number,
  now: Date,
): Promise<{ fileName: string; body: string }> {
  const d = await getDetail(db, moduleId, id, now);
  const hist = (await q.historyOf(db, id)).map(toHistoryEntry);
  let out = '\uFEFF';
  out += line(['Ticket']);
  out += line([
    'Id',
    'Title',
    'Status',
    'Priority',
    'Type',
    'Tags',
    'Due date',
    'Created by',
    'Created at',
    'Description',
  ]);
  out += line([
    d.id,
    d.title,
    d.statusLabel,
    d.priority,
    d.type,
    d.tags.join('; '),
    d.dueDate,
    d.createdBy,
    d.createdAt,
    d.description,
  ]);
  out += '\n';
  out += line(['People']);
  out += line(['As', 'Name', 'Email']);
  for (const u of [...d.assignees, ...d.cced]) out += line([u.associatedAs, u.assignedToName, u.assignedToEmail]);
  out += '\n';
  out += line(['History']);
  out += line(['When', 'Who', 'Action', 'Field', 'From', 'To', 'Remark']);
  for (const h of hist)
    out += line([csvMoment(h.changedAt), h.changedBy, h.action, h.field, h.fromValue, h.toValue, h.remark]);
  out += '\n';
  out += line(['Comments']);
  out += line(['When', 'Who', 'Comment']);
  for (const c of d.comments) out += line([csvMoment(c.createdAt), c.createdBy, c.comment]);
  out += '\n';
  out += line(['Linked rows']);
  out += line(['Data source', 'Row id', 'Status', 'Values']);
  const linked = await q.allLinkedRowIds(db, id);
  const sources = (await moduleReconSources(db, moduleId)).flatMap((r) => r.sources);
  for (const link of d.links) {
    const source = sources.find((s) => s.dataSourceId === link.dataSourceId);
    if (!source) continue;
    const ids = linked.filter((l) => l.data_source_id === link.dataSourceId).map((l) => Number(l.row_id));
    for (const r of await q.rowsOfIds(db, source, ids)) {
      const row = toTransactionRow(r, source.columns);
      const values = Object.entries(row.values)
        .map(([k, v]) => `${k}=${v ?? ''}`)
        .join('; ');
      out += line([link.dataSourceName, row.id, row.status, values]);
    }
  }
  return { fileName: `ticket-${id}.csv`, body: out };
}
