import {
  AUTO_TICKET_COLUMN_FIELDS,
  AUTO_TICKET_EXTERNAL_TYPE,
  AUTO_TICKET_TEXTS,
  type AutoTicketConfig,
  type AutoTicketSaved,
  defaultTicketDueDate,
  TICKET_TAG_MAX,
  TICKET_TITLE_MAX,
  type TicketStatus,
} from '@recon/contract';
import { type Db, LOCKS, withTransaction } from '@recon/db';
import { AppError, validation } from '@/lib/app-error.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import type { ReconStateChange } from '@/lib/recon/recon-listeners.ts';
import type { TransactionSource } from '@/lib/recon/transaction-query.ts';
import { moduleReconSources } from '@/lib/recon/transaction-sources.ts';
import * as q from './auto-ticketing.queries.ts';
import * as tq from './tickets.queries.ts';

/**
 * Auto-ticketing (spec 3 §2, §3, §5; decision 0031): the drawer's config per data source, and the raising of one
 * ticket per brand / partner group of its open rows after each recon run and each rollback.
 */

// --- The drawer

type Body = {
  id?: number | null;
  configEnabled: boolean;
  partnerColumn?: string | null;
  brandColumn: string;
  subjectColumn?: string | null;
  tagColumn?: string | null;
  orderIdColumn?: string | null;
  notifyFromEmail?: string | null;
  dataSource: { id: number };
  assignees: {
    marketplaceBrand: { id: number };
    assignees: {
      associatedAs: 'ASSIGNED' | 'CCED';
      assignedTo?: { id: number } | null;
      assignedToEmail?: string | null;
    }[];
  }[];
};

/** The module's data source (one the Transactions views read: a DATA table with its state), or 404. */
async function sourceOf(db: Db, moduleId: number, dataSourceId: number): Promise<TransactionSource> {
  const source = (await moduleReconSources(db, moduleId))
    .flatMap((r) => r.sources)
    .find((s) => s.dataSourceId === dataSourceId);
  if (!source) throw new AppError('NOT_FOUND', AUTO_TICKET_TEXTS.dataSourceNotFound);
  return source;
}

async function toAnswer(db: Db, c: q.ConfigRecord): Promise<AutoTicketConfig> {
  const blocks = await q.blocksOf(db, [c.id]);
  const byBlock = new Map<number, AutoTicketConfig['assignees'][number]>();
  for (const b of blocks) {
    let block = byBlock.get(b.block_id);
    if (!block) {
      block = { marketplaceBrand: { id: b.brand_id, name: b.brand_name }, assignees: [] };
      byBlock.set(b.block_id, block);
    }
    if (b.assignee_id !== null && b.associated_as !== null)
      block.assignees.push({
        associatedAs: b.associated_as,
        assignedTo: b.user_id !== null ? { id: b.user_id, name: b.user_name ?? '' } : null,
        assignedToEmail: b.external_email,
      });
  }
  return {
    id: c.id,
    configEnabled: c.config_enabled,
    partnerColumn: c.partner_column,
    brandColumn: c.brand_column,
    subjectColumn: c.subject_column,
    tagColumn: c.tag_column,
    orderIdColumn: c.order_id_column,
    notifyFromEmail: c.notify_from_email,
    dataSource: { id: c.data_source_id },
    assignees: [...byBlock.values()],
    updatedBy: c.updated_by_name,
    updatedAt: c.updated_at.toISOString(),
  };
}

/** GET v2/autoTicketConfig?Find=ByDataSource. */
export async function byDataSource(db: Db, moduleId: number, dataSourceId: number) {
  const source = await sourceOf(db, moduleId, dataSourceId);
  const c = await q.configOfDataSource(db, moduleId, dataSourceId);
  const [brands, users] = await Promise.all([q.moduleBrands(db, moduleId), q.activeModuleUsers(db, moduleId)]);
  return {
    data: c ? await toAnswer(db, c) : null,
    options: { columns: source.columns.map((col) => col.name), brands, users },
  };
}

/** The body checked against the module: columns of the data source, brands and users of the module. */
async function checked(db: Db, moduleId: number, body: Body) {
  const source = await sourceOf(db, moduleId, body.dataSource.id);
  const names = new Set(source.columns.map((c) => c.name));
  const values: q.ConfigValues = {
    configEnabled: body.configEnabled,
    partnerColumn: body.partnerColumn || null,
    brandColumn: body.brandColumn,
    subjectColumn: body.subjectColumn || null,
    tagColumn: body.tagColumn || null,
    orderIdColumn: body.orderIdColumn || null,
    notifyFromEmail: body.notifyFromEmail || null,
  };
  for (const field of AUTO_TICKET_COLUMN_FIELDS) {
    const column = values[field];
    if (column !== null && !names.has(column)) throw validation(`${column} ${AUTO_TICKET_TEXTS.columnNotFound}`, field);
  }
  const brandIds = body.assignees.map((b) => b.marketplaceBrand.id);
  if ((await q.brandsOf(db, moduleId, brandIds)).length !== new Set(brandIds).size)
    throw validation(AUTO_TICKET_TEXTS.brandNotFound, 'assignees');
  const userIds = [...new Set(body.assignees.flatMap((b) => b.assignees.flatMap((a) => a.assignedTo?.id ?? [])))];
  if ((await tq.moduleUsers(db, moduleId, userIds)).length !== userIds.length)
    throw validation(AUTO_TICKET_TEXTS.userNotFound, 'assignees');
  const blocks: q.BlockValues[] = body.assignees.map((b) => {
    const seen = new Set<string>();
    return {
      brandId: b.marketplaceBrand.id,
      people: b.assignees.flatMap((a) => {
        const email = a.assignedTo ? null : (a.assignedToEmail ?? '').trim();
        const key = `${a.associatedAs}:${a.assignedTo ? `u${a.assignedTo.id}` : `e${email?.toLowerCase()}`}`;
        if (seen.has(key)) return [];
        seen.add(key);
        return [{ associatedAs: a.associatedAs, userId: a.assignedTo?.id ?? null, email }];
      }),
    };
  });
  return { source, values, blocks };
}

const auditDetails = (values: q.ConfigValues, blocks: q.BlockValues[], dataSourceId: number) => ({
  dataSourceId,
  ...values,
  blocks: blocks.map((b) => ({ brandId: b.brandId, people: b.people.length })),
});

/** POST v2/autoTicketConfig: one config per data source. */
export async function create(db: Db, actor: ModuleActor, body: Body, now: Date): Promise<AutoTicketSaved> {
  const id = await withTransaction(db, {}, async ({ db: tx }) => {
    const { source, values, blocks } = await checked(tx, actor.moduleId, body);
    const configId = await q.insertConfig(tx, {
      ...values,
      moduleId: actor.moduleId,
      dataSourceId: source.dataSourceId,
      by: actor.userId,
      now,
    });
    if (configId === undefined) throw validation(AUTO_TICKET_TEXTS.alreadyExists, 'dataSource');
    await q.replaceBlocks(tx, configId, blocks);
    await auditChange(tx, actor, {
      event: 'AUTO_TICKET_CONFIG_SAVED',
      entityType: 'auto_ticket_config',
      entityId: configId,
      details: { action: 'CREATED', ...auditDetails(values, blocks, source.dataSourceId) },
    });
    return configId;
  });
  const c = await q.configById(db, actor.moduleId, id);
  return { message: AUTO_TICKET_TEXTS.created, data: c ? await toAnswer(db, c) : null };
}

/** PUT v2/autoTicketConfig: by the body's id. */
export async function update(db: Db, actor: ModuleActor, body: Body, now: Date): Promise<AutoTicketSaved> {
  if (!body.id) throw new AppError('NOT_FOUND', AUTO_TICKET_TEXTS.notFound);
  const id = body.id;
  await withTransaction(db, {}, async ({ db: tx }) => {
    const before = await q.configById(tx, actor.moduleId, id, true);
    if (!before || before.data_source_id !== body.dataSource.id)
      throw new AppError('NOT_FOUND', AUTO_TICKET_TEXTS.notFound);
    const { source, values, blocks } = await checked(tx, actor.moduleId, body);
    await q.updateConfig(tx, id, { ...values, by: actor.userId, now });
    await q.replaceBlocks(tx, id, blocks);
    await auditChange(tx, actor, {
      event: 'AUTO_TICKET_CONFIG_SAVED',
      entityType: 'auto_ticket_config',
      entityId: id,
      details: { action: 'UPDATED', ...auditDetails(values, blocks, source.dataSourceId) },
    });
  });
  const c = await q.configById(db, actor.moduleId, id);
  return { message: AUTO_TICKET_TEXTS.updated, data: c ? await toAnswer(db, c) : null };
}

/** DELETE v2/autoTicketConfig/{autoTicketingId}: its tickets stay. */
export async function remove(db: Db, actor: ModuleActor, id: number): Promise<AutoTicketSaved> {
  await withTransaction(db, {}, async ({ db: tx }) => {
    const c = await q.configById(tx, actor.moduleId, id, true);
    if (!c) throw new AppError('NOT_FOUND', AUTO_TICKET_TEXTS.notFound);
    await q.deleteConfig(tx, id);
    await auditChange(tx, actor, {
      event: 'AUTO_TICKET_CONFIG_DELETED',
      entityType: 'auto_ticket_config',
      entityId: id,
      details: { dataSourceId: c.data_source_id },
    });
  });
  return { message: AUTO_TICKET_TEXTS.deleted, data: null };
}

// --- Raising, updating, closing and reopening the tickets

/** Why the auto-ticketing moved a ticket: the history's remark. */
export const AUTO_TICKET_REMARKS = {
  closed: 'Auto-ticketing: every row of this ticket is reconciled',
  reopened: 'Auto-ticketing: rows of this ticket are open again',
} as const;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const rowsText = (n: number) => `${n} open ${n === 1 ? 'row' : 'rows'}`;

function titleOf(source: TransactionSource, g: q.OpenGroup) {
  const who = g.partner ? `${g.brand ?? '(no brand)'} / ${g.partner}` : (g.brand ?? '(no brand)');
  return clip(`${who}: open rows of ${source.dataSourceName}`, TICKET_TITLE_MAX);
}

function descriptionOf(source: TransactionSource, g: q.OpenGroup) {
  return [
    `Raised by auto-ticketing: ${rowsText(g.n)} of ${source.dataSourceName}.`,
    ...(g.subjects?.length ? [`Subjects: ${g.subjects.join(', ')}`] : []),
    ...(g.order_ids?.length ? [`Order ids: ${g.order_ids.join(', ')}${g.n > g.order_ids.length ? ', …' : ''}`] : []),
  ].join('\n');
}

type Block = {
  brandName: string;
  brandId: number;
  people: { as: 'ASSIGNED' | 'CCED'; id: number | null; email: string | null }[];
};

async function blocksByBrand(db: Db, configId: number): Promise<Map<string, Block>> {
  const out = new Map<string, Block>();
  for (const b of await q.blocksOf(db, [configId])) {
    const key = b.brand_name.trim().toLowerCase();
    let block = out.get(key);
    if (!block) {
      block = { brandName: b.brand_name, brandId: b.brand_id, people: [] };
      out.set(key, block);
    }
    if (b.associated_as !== null) block.people.push({ as: b.associated_as, id: b.user_id, email: b.external_email });
  }
  return out;
}

export type SyncOutcome = { created: number; updated: number; closed: number; reopened: number };

/**
 * Brings the tickets of one config's data source up to date with its open rows, in one transaction under the data
 * source's auto-ticketing lock: a group without a ticket gets one (its brand's block assigns it), a group's new
 * open rows are linked, a changed count is a history entry, a ticket whose group has no open row left is closed,
 * and a ticket the auto-ticketing closed whose group has open rows again is reopened. Running it twice changes
 * nothing the second time.
 */
export async function syncConfig(db: Db, c: q.ConfigRecord, now: Date): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { created: 0, updated: 0, closed: 0, reopened: 0 };
  const source = (await moduleReconSources(db, c.module_id))
    .flatMap((r) => r.sources)
    .find((s) => s.dataSourceId === c.data_source_id);
  if (!source) return outcome;
  const names = new Set(source.columns.map((col) => col.name));
  const col = (name: string | null) => (name && names.has(name) ? name : null);
  const brandColumn = col(c.brand_column);
  if (!brandColumn) return outcome;
  const columns: q.GroupColumns = {
    brand: brandColumn,
    partner: col(c.partner_column),
    subject: col(c.subject_column),
    tag: col(c.tag_column),
    orderId: col(c.order_id_column),
  };
  const by = c.updated_by;
  const actor: ModuleActor = {
    userId: by,
    userName: await q.userName(db, by),
    moduleId: c.module_id,
    ip: null,
    requestId: null,
  };
  await withTransaction(db, { lock: LOCKS.autoTicket(source.dataSourceId) }, async ({ db: tx }) => {
    await q.unlinkGoneRows(tx, source);
    const groups = await q.openGroups(tx, source, columns);
    const tickets = new Map((await q.groupTickets(tx, source.dataSourceId)).map((t) => [t.group_key, t]));
    const blocks = await blocksByBrand(tx, c.id);
    const move = async (t: q.GroupTicket, to: TicketStatus, remark: string, action: 'CLOSED' | 'REOPENED') => {
      await q.setTicketStatus(tx, t.ticket_id, { status: to, now });
      await tq.insertHistory(tx, t.ticket_id, by, now, [
        { action, field: 'status', fromValue: t.status, toValue: to, remark },
      ]);
      await auditChange(tx, actor, {
        event: 'TICKET_STATUS_CHANGED',
        entityType: 'ticket',
        entityId: t.ticket_id,
        details: { action: action === 'CLOSED' ? 'close' : 'reopen', from: t.status, to, remark, auto: true },
      });
    };
    for (const g of groups) {
      const existing = tickets.get(g.group_key);
      if (!existing) {
        const block = blocks.get((g.brand ?? '').toLowerCase());
        const assignees = block?.people.filter((p) => p.as === 'ASSIGNED') ?? [];
        const status: TicketStatus = assignees.length > 0 ? 'ASSIGNED' : 'OPEN';
        const tags = [...new Set((g.tags ?? []).map((t) => clip(t, TICKET_TAG_MAX)))].slice(0, 20);
        const ticketId = await q.insertAutoTicket(tx, {
          moduleId: c.module_id,
          title: titleOf(source, g),
          description: descriptionOf(source, g),
          tags,
          status,
          brandId: block?.brandId ?? null,
          provider: g.brand ?? '',
          externalType: AUTO_TICKET_EXTERNAL_TYPE,
          dueDate: defaultTicketDueDate(now),
          by,
          now,
        });
        await q.insertGroup(tx, {
          ticketId,
          dataSourceId: source.dataSourceId,
          groupKey: g.group_key,
          brand: g.brand ?? '',
          partner: g.partner,
          n: g.n,
        });
        await tq.replaceTicketUsers(tx, ticketId, 'ASSIGNED', assignees);
        await tq.replaceTicketUsers(
          tx,
          ticketId,
          'CCED',
          (block?.people ?? []).filter((p) => p.as === 'CCED'),
        );
        const linked = await q.linkOpenRows(tx, source, columns, g.group_key, ticketId, by, now);
        await tq.insertHistory(tx, ticketId, by, now, [
          { action: 'CREATED', field: 'status', toValue: status, remark: 'Raised by auto-ticketing' },
          { action: 'ROWS_LINKED', field: source.dataSourceName, toValue: rowsText(linked) },
        ]);
        await auditChange(tx, actor, {
          event: 'TICKET_CREATED',
          entityType: 'ticket',
          entityId: ticketId,
          details: { auto: true, dataSourceId: source.dataSourceId, group: g.group_key, rows: linked, status },
        });
        outcome.created++;
        continue;
      }
      const linked = await q.linkOpenRows(tx, source, columns, g.group_key, existing.ticket_id, by, now);
      const entries: tq.HistoryEntry[] = [];
      if (linked > 0)
        entries.push({
          action: 'ROWS_LINKED',
          field: source.dataSourceName,
          toValue: `${linked} ${linked === 1 ? 'row' : 'rows'}`,
        });
      if (existing.open_rows !== g.n)
        entries.push({
          action: 'EDITED',
          field: 'openRows',
          fromValue: String(existing.open_rows),
          toValue: String(g.n),
        });
      if (entries.length > 0) {
        await q.setTicketStatus(tx, existing.ticket_id, { description: descriptionOf(source, g), now });
        await tq.insertHistory(tx, existing.ticket_id, by, now, entries);
        outcome.updated++;
      }
      const reopens = existing.status === 'CLOSED' && (existing.auto_closed || linked > 0);
      if (reopens) {
        await move(existing, 'REOPEN', AUTO_TICKET_REMARKS.reopened, 'REOPENED');
        outcome.reopened++;
      }
      await q.updateGroup(tx, existing.ticket_id, {
        openRows: g.n,
        autoClosed: reopens ? false : existing.auto_closed,
      });
    }
    const open = new Set(groups.map((g) => g.group_key));
    for (const t of tickets.values()) {
      if (open.has(t.group_key)) continue;
      if (t.open_rows !== 0)
        await tq.insertHistory(tx, t.ticket_id, by, now, [
          { action: 'EDITED', field: 'openRows', fromValue: String(t.open_rows), toValue: '0' },
        ]);
      if (t.status !== 'CLOSED') {
        await move(t, 'CLOSED', AUTO_TICKET_REMARKS.closed, 'CLOSED');
        outcome.closed++;
      }
      if (t.open_rows !== 0 || t.status !== 'CLOSED')
        await q.updateGroup(tx, t.ticket_id, { openRows: 0, autoClosed: t.status !== 'CLOSED' || t.auto_closed });
    }
  });
  return outcome;
}

/** After a recon run or a rollback: every enabled config of the recon (of the module, for a rollback) in turn. */
export async function syncAfter(db: Db, change: ReconStateChange, now: Date): Promise<SyncOutcome> {
  const total: SyncOutcome = { created: 0, updated: 0, closed: 0, reopened: 0 };
  for (const c of await q.enabledConfigs(db, change.moduleId, change.reconId)) {
    const o = await syncConfig(db, c, now);
    total.created += o.created;
    total.updated += o.updated;
    total.closed += o.closed;
    total.reopened += o.reopened;
  }
  return total;
}
