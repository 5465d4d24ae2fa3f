import {
  APPROVAL_TEXTS,
  type AuditEvent,
  type KnockOffRequest,
  type ManualMatchRequest,
  notAGroup,
  notOpen,
  notProposed,
  notRowsOf,
  type PrivilegeCode,
  type PrivilegeRule,
  type ProposedRequest,
  TAB_PRIVILEGES,
  TRANSACTION_ACTION_TEXTS,
  TRANSACTION_TEXTS,
  type TransactionActionResponse,
  type TransactionOperation,
  tabOfStatus,
  type UnmatchRequest,
} from '@recon/contract';
import { type Db, LOCKS, type ReconRunKind, type Sql, withTransaction } from '@recon/db';
import { closeRows, reopenRows, restateRows, type StateTable } from '@recon/recon-engine';
import type { PoolClient } from 'pg';
import type { FeatureContext } from '@/deps.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { approvalPolicyOf, createApprovalRequest } from '@/lib/approvals/approval-requests.ts';
import { qualified } from '@/lib/data-tables/ddl.ts';
import { assertRowsOutsideClosedPeriod } from '@/lib/gl/closed-periods.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { createRun, finishRun } from '@/lib/recon/recon-runner.ts';
import type { TransactionSource } from '@/lib/recon/transaction-query.ts';
import { type ReconSources, reconSources } from '@/lib/recon/transaction-sources.ts';
import { groupStatesOf, statusesOf } from './transactions.queries.ts';
import { sourceOf } from './transactions.service.ts';

/**
 * Actions on a recon's rows. Each is one recon run of its kind, holding the recon's lock (no engine run or other
 * action changes its rows meanwhile), with the state changes journaled (closeRows / reopenRows / restateRows),
 * the run row and the audit record in the same transaction: all of it or nothing. A rollback of the run undoes it.
 */

/** Checks an extra privilege rule (the route's request.requirePrivilege: a denial is audited and answers 403). */
export type Authorize = (rule: PrivilegeRule) => Promise<void>;

type Step = {
  db: Db;
  client: PoolClient;
  /** The engine's statements, in the same transaction. */
  sql: Sql;
  runId: number;
};

const stateOf = (s: TransactionSource): StateTable => ({
  dataSourceId: s.dataSourceId,
  stateTable: qualified(s.stateTable),
});

async function reconOf(ctx: FeatureContext, actor: ModuleActor, reconId: number): Promise<ReconSources> {
  const recon = await reconSources(ctx.db, actor.moduleId, reconId);
  if (!recon) throw new AppError('NOT_FOUND', TRANSACTION_TEXTS.reconNotFound);
  return recon;
}

function sidesOf(recon: ReconSources): { A: TransactionSource; B: TransactionSource } {
  const A = recon.sources.find((s) => s.side === 'A');
  const B = recon.sources.find((s) => s.side === 'B');
  if (!A || !B) throw validation(TRANSACTION_ACTION_TEXTS.reconWithoutSides, 'reconId');
  return { A, B };
}

/**
 * Runs an action: the recon's lock, a run row of its kind, `apply`, the run's outcome and the audit record, in one
 * transaction. `apply` answers the rows it changed and the groups it formed or acted on.
 */
async function act(
  ctx: FeatureContext,
  actor: ModuleActor,
  a: {
    reconId: number;
    operation: TransactionOperation;
    kind: ReconRunKind;
    event: AuditEvent;
    message: string;
    reason?: string | null;
    details: Record<string, unknown>;
    /** Checks done under the lock, before the run row exists. */
    check: (client: PoolClient) => Promise<void>;
    apply: (step: Step) => Promise<{ rows: number; matchIds: number[] }>;
  },
): Promise<TransactionActionResponse> {
  return withTransaction(ctx.db, { lock: LOCKS.recon(a.reconId) }, async ({ db, sql, client }) => {
    await a.check(client);
    const runId = await createRun(db, {
      moduleId: actor.moduleId,
      reconId: a.reconId,
      kind: a.kind,
      startedBy: actor.userId,
      reason: a.reason ?? null,
    });
    const done = await a.apply({ db, client, sql, runId });
    await finishRun(db, runId, { status: 'COMPLETED', summary: { rows: done.rows, matchIds: done.matchIds } });
    await auditChange(db, actor, {
      event: a.event,
      entityType: 'recon',
      entityId: a.reconId,
      details: { runId, rows: done.rows, matchIds: done.matchIds, ...a.details },
    });
    return {
      operation: a.operation,
      runId,
      rows: done.rows,
      matchIds: done.matchIds,
      message: a.message,
      approvalId: null,
    };
  });
}

/** Every id must be a row of the source, open (no state, loaded UNRECONCILED). */
async function assertOpen(client: PoolClient, source: TransactionSource, rowIds: readonly number[]): Promise<void> {
  const statuses = await statusesOf(client, source, rowIds);
  const missing = rowIds.filter((id) => !statuses.has(id));
  if (missing.length) throw validation(notRowsOf(missing.slice(0, 10), source.dataSourceName), 'rowIds');
  for (const id of rowIds) {
    const status = statuses.get(id) as string;
    if (status !== 'UNRECONCILED') throw validation(notOpen(id, status), 'rowIds');
  }
}

/** The rows of some groups in the recon's data sources; every group must have some. */
async function groupsOf(client: PoolClient, recon: ReconSources, matchIds: readonly number[]) {
  const bySource = await Promise.all(
    recon.sources.map(async (source) => ({ source, rows: await groupStatesOf(client, source, matchIds) })),
  );
  const found = new Set(bySource.flatMap((b) => b.rows.map((r) => r.matchId)));
  const missing = matchIds.find((id) => !found.has(id));
  if (missing !== undefined) throw validation(notAGroup(missing), 'matchIds');
  return bySource.filter((b) => b.rows.length > 0);
}

async function nextMatchId(client: PoolClient): Promise<number> {
  const r = await client.query<{ id: string | number }>(`SELECT recon_match_id() AS id`);
  return Number(r.rows[0]?.id);
}

/** ManualMatch: open rows of side A and side B become one RECONCILED group with a new match id. */
export async function manualMatch(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: ManualMatchRequest,
): Promise<TransactionActionResponse> {
  const recon = await reconOf(ctx, actor, body.reconId);
  const { A, B } = sidesOf(recon);
  const reason = body.reason || null;
  return act(ctx, actor, {
    reconId: recon.id,
    operation: 'ManualMatch',
    kind: 'MANUAL_MATCH',
    event: 'TRANSACTIONS_MATCHED',
    message: TRANSACTION_ACTION_TEXTS.matched,
    reason,
    details: { rowsA: body.rowsA, rowsB: body.rowsB, reason },
    check: async (client) => {
      await assertOpen(client, A, body.rowsA);
      await assertOpen(client, B, body.rowsB);
      await assertRowsOutsideClosedPeriod(ctx.db, A, body.rowsA);
      await assertRowsOutsideClosedPeriod(ctx.db, B, body.rowsB);
    },
    apply: async ({ client, sql, runId }) => {
      const matchId = await nextMatchId(client);
      const change = { status: 'RECONCILED', matchId, reason };
      const rows =
        (await closeRows(sql, runId, stateOf(A), body.rowsA, change)) +
        (await closeRows(sql, runId, stateOf(B), body.rowsB, change));
      return { rows, matchIds: [matchId] };
    },
  });
}

/**
 * A bulk knock-off in a module where it needs approval (decision 0010): the rows are checked as for the action,
 * then an approval request holds the selection and the reason; nothing changes until another user approves it.
 */
async function sendKnockOffForApproval(
  ctx: FeatureContext,
  actor: ModuleActor,
  recon: ReconSources,
  source: TransactionSource,
  body: KnockOffRequest,
): Promise<TransactionActionResponse> {
  const approvalId = await withTransaction(ctx.db, { lock: LOCKS.recon(recon.id) }, async ({ db, client }) => {
    await assertOpen(client, source, body.rowIds);
    await assertRowsOutsideClosedPeriod(db, source, body.rowIds);
    return createApprovalRequest(
      db,
      ctx.notifier,
      actor,
      {
        kind: 'BULK_KNOCK_OFF',
        summary: `Knock off ${body.rowIds.length} rows of ${source.dataSourceName} (${recon.name})`,
        reconId: recon.id,
        dataSourceId: source.dataSourceId,
        rowIds: body.rowIds,
        reason: body.reason,
      },
      ctx.now(),
    );
  });
  return {
    operation: 'KnockOff',
    runId: null,
    rows: 0,
    matchIds: [],
    message: APPROVAL_TEXTS.sentForApproval,
    approvalId,
  };
}

/**
 * KnockOff: open rows of one data source close as KNOCK_OFF with the reason (one row or many). More than one row
 * waits for approval when the module says so; one row is always direct.
 */
export async function knockOff(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: KnockOffRequest,
): Promise<TransactionActionResponse> {
  const { recon, source } = await sourceOf(ctx, actor.moduleId, body.reconId, body.dataSourceId);
  if (body.rowIds.length > 1 && (await approvalPolicyOf(ctx.db, actor.moduleId)).bulkKnockOffNeedsApproval) {
    return sendKnockOffForApproval(ctx, actor, recon, source, body);
  }
  return act(ctx, actor, {
    reconId: recon.id,
    operation: 'KnockOff',
    kind: 'KNOCK_OFF',
    event: 'TRANSACTIONS_KNOCKED_OFF',
    message: TRANSACTION_ACTION_TEXTS.knockedOff,
    reason: body.reason,
    details: { dataSourceId: source.dataSourceId, rowIds: body.rowIds, reason: body.reason },
    check: async (client) => {
      await assertOpen(client, source, body.rowIds);
      await assertRowsOutsideClosedPeriod(ctx.db, source, body.rowIds);
    },
    apply: async ({ sql, runId }) => ({
      rows: await closeRows(sql, runId, stateOf(source), body.rowIds, {
        status: 'KNOCK_OFF',
        reason: body.reason,
      }),
      matchIds: [],
    }),
  });
}

/** The privileges of the tabs showing these statuses (re-opening a group takes the right to work every row of it). */
function privilegesFor(statuses: Iterable<string>): PrivilegeCode[] {
  const codes = new Set<PrivilegeCode>();
  for (const status of statuses) {
    const tab = tabOfStatus(status);
    if (tab) codes.add(TAB_PRIVILEGES[tab]);
  }
  return [...codes];
}

/** Unmatch: every row of the groups is open again. */
export async function unmatch(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: UnmatchRequest,
  authorize: Authorize,
): Promise<TransactionActionResponse> {
  const recon = await reconOf(ctx, actor, body.reconId);
  let groups: Awaited<ReturnType<typeof groupsOf>> = [];
  return act(ctx, actor, {
    reconId: recon.id,
    operation: 'Unmatch',
    kind: 'UNMATCH',
    event: 'TRANSACTIONS_UNMATCHED',
    message: TRANSACTION_ACTION_TEXTS.unmatched,
    details: {},
    check: async (client) => {
      groups = await groupsOf(client, recon, body.matchIds);
      await authorize({ allOf: privilegesFor(groups.flatMap((g) => g.rows.map((r) => r.status))) });
      for (const g of groups) {
        await assertRowsOutsideClosedPeriod(
          ctx.db,
          g.source,
          g.rows.map((r) => r.id),
        );
      }
    },
    apply: async ({ sql, runId }) => {
      let rows = 0;
      for (const g of groups) {
        rows += await reopenRows(
          sql,
          runId,
          stateOf(g.source),
          g.rows.map((r) => r.id),
        );
      }
      return { rows, matchIds: body.matchIds };
    },
  });
}

/** AcceptProposed (rows become RECONCILED) or RejectProposed (rows open again): groups of PROPOSE_MATCH rows only. */
export async function decideProposed(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: ProposedRequest,
  decision: 'AcceptProposed' | 'RejectProposed',
): Promise<TransactionActionResponse> {
  const recon = await reconOf(ctx, actor, body.reconId);
  const isAccept = decision === 'AcceptProposed';
  let groups: Awaited<ReturnType<typeof groupsOf>> = [];
  return act(ctx, actor, {
    reconId: recon.id,
    operation: decision,
    kind: isAccept ? 'ACCEPT_PROPOSED' : 'REJECT_PROPOSED',
    event: isAccept ? 'PROPOSED_MATCHES_ACCEPTED' : 'PROPOSED_MATCHES_REJECTED',
    message: isAccept ? TRANSACTION_ACTION_TEXTS.accepted : TRANSACTION_ACTION_TEXTS.rejected,
    details: {},
    check: async (client) => {
      groups = await groupsOf(client, recon, body.matchIds);
      const other = groups.flatMap((g) => g.rows).find((r) => r.status !== 'PROPOSE_MATCH');
      if (other) throw validation(notProposed(other.matchId), 'matchIds');
      for (const g of groups) {
        await assertRowsOutsideClosedPeriod(
          ctx.db,
          g.source,
          g.rows.map((r) => r.id),
        );
      }
    },
    apply: async ({ sql, runId }) => {
      let rows = 0;
      for (const g of groups) {
        const ids = g.rows.map((r) => r.id);
        rows += isAccept
          ? await restateRows(sql, runId, stateOf(g.source), ids, { status: 'RECONCILED' })
          : await reopenRows(sql, runId, stateOf(g.source), ids);
      }
      return { rows, matchIds: body.matchIds };
    },
  });
}
