import {
  byTabQuerySchema,
  globalSearchQuerySchema,
  globalSearchResponseSchema,
  groupParamsSchema,
  groupQuerySchema,
  knockOffRequestSchema,
  manualMatchRequestSchema,
  mappedRowQuerySchema,
  mappedRowResponseSchema,
  OPERATION_PRIVILEGES,
  type PrivilegeRule,
  proposedRequestSchema,
  reconMappingQuerySchema,
  reconMappingResponseSchema,
  TAB_PRIVILEGES,
  TRANSACTION_READERS,
  transactionActionResponseSchema,
  transactionCountsSchema,
  transactionGroupSchema,
  transactionReconsResponseSchema,
  transactionsPageSchema,
  transactionsPutQuerySchema,
  transactionsQuerySchema,
  unmatchRequestSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as actions from './transaction-actions.service.ts';
import * as service from './transactions.service.ts';

const TAG = ['Transactions'];

/** Whoever reads anything of the area; each Find then checks its own privilege. */
const AREA: PrivilegeRule = {
  anyOf: [...(TRANSACTION_READERS.anyOf ?? []), 'globalSearch', 'viewMapping'],
};
const ACTORS: PrivilegeRule = {
  anyOf: [
    ...new Set(Object.values(OPERATION_PRIVILEGES).flatMap((r) => [...(r.code ? [r.code] : []), ...(r.anyOf ?? [])])),
  ],
};

/** Parses input whose schema depends on a discriminator; zod's issues become the spec's 400. */
function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({
    field: i.path.length > 0 ? i.path.join('.') : 'body',
    defaultMessage: i.message,
  }));
  throw new AppError('VALIDATION', errors[0]?.defaultMessage ?? 'Invalid request', errors);
}

const LIST_DESCRIPTION = [
  '**Find=ByTab** (`tab`, `reconId`, `dataSourceId`; privilege of the tab: all allTransactions, reconciled reconciledTransaction, unreconciled unReconciledTransaction, reversal reversal, knockoff knockOff, duplicate-match reconDuplicate): a DataTables page of one data source.',
  'Tabs: all = every status but loaded DUPLICATE rows (Transactions › Pipeline › Duplicates); reconciled = RECONCILED, RELAX_MATCH, PARTIAL_RECONCILED, PROPOSE_MATCH; unreconciled = UNRECONCILED; reversal = SAME_SIDE_REVERSAL, LATE_REVERSAL; knockoff = KNOCK_OFF; duplicate-match = DUPLICATE_MATCH. `status`: comma-separated statuses narrowing the tab.',
  '`count`: exact (default) or capped (counting stops past 10,000, `isCountCapped` says so); **Find=ByTabCount** with the same query answers the exact `{ recordsTotal, recordsFiltered }`.',
  '`fromDate` / `toDate` (YYYY-MM-DD, inclusive, either may be left out; none: every date) on `dateColumn` (a DATE / DATETIME column of the data source or `_loaded_at`; default its first date column, else `_loaded_at`).',
  '`columns[i][data]`: a column of the data source or a row field (`_id`, `_status`, `_match_id`, `_rule_name`, `_reconciled_at`, `_reason`, `_file_name`, `_loaded_at`); `columns[i][search][type]`: a filter operator (EQUAL, NOT_EQUAL, GREATER_THAN, LESS_THAN, GREATER_THAN_EQUAL, LESS_THAN_EQUAL, IN, NOT_IN, LIKE, NOT_LIKE, BETWEEN, NOT_BETWEEN, IS_NULL, IS_NOT_NULL, CONTAINS, STARTS_WITH, ENDS_WITH; default CONTAINS on text, EQUAL otherwise); `columns[i][search][value]`: the value (comma-separated for IN / NOT_IN, two for BETWEEN / NOT_BETWEEN; numbers as decimals, dates YYYY-MM-DD, a DATETIME compared with a day is compared by its day). `order[i][column]` / `order[i][dir]` on any of them (default the date column, newest first). Values come back as text: money exact, dates ISO. `latestDate`: when the range holds no row of the tab, the latest date there is.',
  "**Find=Recons** (any transactions privilege, globalSearch or viewMapping): the recons with their data sources (side A, side B), columns in the data elements' order and date columns.",
  '**Find=GlobalSearch** (`value`, at least 3 characters; globalSearch): rows of every data source of the module whose text columns equal or start with the value (case-insensitive), at most 20 per data source (`cappedDataSourceIds` lists those with more).',
  '**Find=MappedRow** (`reconId`, `dataSourceId`, `rowId`; viewMappedRow): the row and, when matched, its group.',
  '**Find=ReconMapping** (`reconId`; viewMapping): for each column of side A that a rule compares with a column of side B, the rules, transforms, operators and tolerances.',
  'A recon or data source of another module answers 404; a data source of the module that is not a side of the recon 400.',
].join('\n\n');

const ACTIONS_DESCRIPTION = [
  "Each action is one recon run (kinds MANUAL_MATCH, UNMATCH, KNOCK_OFF, ACCEPT_PROPOSED, REJECT_PROPOSED) under the recon's lock, journaled so a rollback of the run restores the rows, and audited; all in one transaction.",
  '**Operation=ManualMatch** `{ reconId, rowsA, rowsB, reason? }` (unReconciledTransaction): open rows of both sides become one RECONCILED group with a new match id.',
  '**Operation=Unmatch** `{ reconId, matchIds }` (the privilege of the tab of every status in the groups: reconciledTransaction, reversal, reconDuplicate): every row of the groups is open again.',
  '**Operation=KnockOff** `{ reconId, dataSourceId, rowIds, reason }` (knockOff): open rows close as KNOCK_OFF with the reason. In a module where bulk knock-off needs approval (Module Settings), more than one row is checked the same way and sent for approval instead: the answer has `approvalId`, `runId` null and `rows` 0, and nothing changes until another user approves it (`PUT /v2/approvals/{id}?Operation=Approve`).',
  '**Operation=AcceptProposed** / **RejectProposed** `{ reconId, matchIds }` (reconciledTransaction): PROPOSE_MATCH groups become RECONCILED / open again.',
  '400: an empty selection, a missing reason, a row that is not a row of the data source or not open any more, a match id that is not a group of the recon, a group that is not proposed. 404: a recon or data source of another module.',
].join('\n\n');

/** Transactions (spec 1 navigation, issue 4): rows by tab, groups, global search, mapped row, mapping, actions. */
export function transactionRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/transactions',
      {
        config: { module: 'required', privilege: AREA },
        schema: {
          tags: TAG,
          summary: 'Transactions: Find=ByTab (DataTables), Recons, GlobalSearch, MappedRow, ReconMapping',
          description: LIST_DESCRIPTION,
          querystring: transactionsQuerySchema,
          response: {
            200: z.union([
              transactionsPageSchema,
              transactionCountsSchema,
              transactionReconsResponseSchema,
              globalSearchResponseSchema,
              mappedRowResponseSchema,
              reconMappingResponseSchema,
            ]),
          },
        },
      },
      async (req) => {
        const module = moduleId(req);
        switch (req.query.Find) {
          case 'ByTab': {
            const query = parse(byTabQuerySchema, req.query);
            await req.requirePrivilege({ code: TAB_PRIVILEGES[query.tab] });
            return service.listByTab(ctx, module, query);
          }
          case 'ByTabCount': {
            const query = parse(byTabQuerySchema, req.query);
            await req.requirePrivilege({ code: TAB_PRIVILEGES[query.tab] });
            return service.countByTab(ctx, module, query);
          }
          case 'Recons':
            await req.requirePrivilege(AREA);
            return { data: await service.recons(ctx, module) };
          case 'GlobalSearch': {
            await req.requirePrivilege({ code: 'globalSearch' });
            return service.globalSearch(ctx, module, parse(globalSearchQuerySchema, req.query).value);
          }
          case 'MappedRow': {
            await req.requirePrivilege({ code: 'viewMappedRow' });
            return service.mappedRow(ctx, module, parse(mappedRowQuerySchema, req.query));
          }
          case 'ReconMapping': {
            await req.requirePrivilege({ code: 'viewMapping' });
            return service.reconMapping(ctx, module, parse(reconMappingQuerySchema, req.query).reconId);
          }
        }
      },
    );

    app.get(
      '/v2/transactions/group/:matchId',
      {
        config: { module: 'required', privilege: TRANSACTION_READERS },
        schema: {
          tags: TAG,
          summary: 'Every row of a matched group, from both sides, side A first',
          description:
            'Any transactions privilege (or viewMappedRow, viewRecons). 404 for a recon of another module or a match id with no row in the recon.',
          params: groupParamsSchema,
          querystring: groupQuerySchema,
          response: { 200: transactionGroupSchema },
        },
      },
      (req) => service.group(ctx, moduleId(req), req.query.reconId, req.params.matchId),
    );

    app.put(
      '/v2/transactions',
      {
        config: { module: 'required', privilege: ACTORS },
        schema: {
          tags: TAG,
          summary: 'Act on rows: Operation=ManualMatch, Unmatch, KnockOff, AcceptProposed, RejectProposed',
          description: ACTIONS_DESCRIPTION,
          querystring: transactionsPutQuerySchema,
          body: z.unknown(),
          response: { 200: transactionActionResponseSchema },
        },
      },
      async (req) => {
        const operation = req.query.Operation;
        await req.requirePrivilege(OPERATION_PRIVILEGES[operation]);
        const actor = moduleActorOf(req);
        switch (operation) {
          case 'ManualMatch':
            return actions.manualMatch(ctx, actor, parse(manualMatchRequestSchema, req.body));
          case 'KnockOff':
            return actions.knockOff(ctx, actor, parse(knockOffRequestSchema, req.body));
          case 'Unmatch':
            return actions.unmatch(ctx, actor, parse(unmatchRequestSchema, req.body), (rule) =>
              req.requirePrivilege(rule),
            );
          case 'AcceptProposed':
          case 'RejectProposed':
            return actions.decideProposed(ctx, actor, parse(proposedRequestSchema, req.body), operation);
        }
      },
    );
  };
}
