import { endpoint } from './endpoint.ts';
import type { PrivilegeRule } from './privileges.ts';
import {
  knockOffRequestSchema,
  manualMatchRequestSchema,
  OPERATION_PRIVILEGES,
  proposedRequestSchema,
  transactionActionResponseSchema,
  transactionsPutQuerySchema,
  unmatchRequestSchema,
} from './transaction-actions.ts';
import {
  globalSearchResponseSchema,
  groupParamsSchema,
  groupQuerySchema,
  mappedRowResponseSchema,
  reconMappingResponseSchema,
  reconPeriodsSchema,
  TRANSACTION_READERS,
  transactionCountsSchema,
  transactionGroupSchema,
  transactionReconsResponseSchema,
  transactionsPageSchema,
  transactionsQuerySchema,
} from './transactions.ts';

/** Whoever reads anything of the area: the guard checks it on GET /v2/transactions before the query is read. */
export const TRANSACTION_AREA_PRIVILEGE: PrivilegeRule = {
  anyOf: [...(TRANSACTION_READERS.anyOf ?? []), 'globalSearch', 'viewMapping'],
};
/** Whoever may take any action: the guard checks it on PUT /v2/transactions before the query is read. */
export const TRANSACTION_ACTION_PRIVILEGE: PrivilegeRule = {
  anyOf: [
    ...new Set(Object.values(OPERATION_PRIVILEGES).flatMap((r) => [...(r.code ? [r.code] : []), ...(r.anyOf ?? [])])),
  ],
};

const tags = ['Transactions'];
const base = { module: 'required', tags } as const;
const PATH = '/v2/transactions';
const find = (value: string) => ({ name: 'Find', value });
const operation = (value: string) => ({ name: 'Operation', value });
const OUTSIDE_MODULE =
  'A recon or data source of another module answers 404; a data source of the module that is not a side of the recon 400.';

const BY_TAB_DESCRIPTION = [
  '`tab`, `reconId`, `dataSourceId`; privilege of the tab: all allTransactions, reconciled reconciledTransaction, unreconciled unReconciledTransaction, reversal reversal, knockoff knockOff, duplicate-match reconDuplicate.',
  'Tabs: all = every status but loaded DUPLICATE rows (Transactions › Pipeline › Duplicates); reconciled = RECONCILED, RELAX_MATCH, PARTIAL_RECONCILED, PROPOSE_MATCH; unreconciled = UNRECONCILED; reversal = SAME_SIDE_REVERSAL, LATE_REVERSAL; knockoff = KNOCK_OFF; duplicate-match = DUPLICATE_MATCH. `status`: comma-separated statuses narrowing the tab.',
  '`count`: exact (default) or capped (counting stops past 10,000, `isCountCapped` says so); Find=ByTabCount with the same query answers the exact counts.',
  '`fromDate` / `toDate` (YYYY-MM-DD, inclusive, either may be left out; none: every date) on `dateColumn` (a DATE / DATETIME column of the data source or `_loaded_at`; default its first date column, else `_loaded_at`).',
  '`columns[i][data]`: a column of the data source or a row field (`_id`, `_status`, `_match_id`, `_rule_name`, `_reconciled_at`, `_reason`, `_file_name`, `_loaded_at`); `columns[i][search][type]`: a filter operator (EQUAL, NOT_EQUAL, GREATER_THAN, LESS_THAN, GREATER_THAN_EQUAL, LESS_THAN_EQUAL, IN, NOT_IN, LIKE, NOT_LIKE, BETWEEN, NOT_BETWEEN, IS_NULL, IS_NOT_NULL, CONTAINS, STARTS_WITH, ENDS_WITH; default CONTAINS on text, EQUAL otherwise); `columns[i][search][value]`: the value (comma-separated for IN / NOT_IN, two for BETWEEN / NOT_BETWEEN; numbers as decimals, dates YYYY-MM-DD, a DATETIME compared with a day is compared by its day). `order[i][column]` / `order[i][dir]` on any of them (default the date column, newest first). Values come back as text: money exact, dates ISO. `latestDate`: when the range holds no row of the tab, the latest date there is.',
  OUTSIDE_MODULE,
].join('\n\n');

const ACTIONS_DESCRIPTION =
  "Each action is one recon run (kinds MANUAL_MATCH, UNMATCH, KNOCK_OFF, ACCEPT_PROPOSED, REJECT_PROPOSED) under the recon's lock, journaled so a rollback of the run restores the rows, and audited; all in one transaction. 400: an empty selection, a missing reason, a row that is not a row of the data source or not open any more, a match id that is not a group of the recon, a group that is not proposed. 404: a recon or data source of another module.";

// The finds share the area's privilege at the guard; ByTab and ByTabCount then need the privilege of their tab,
// which only the parsed query names (their handlers check it).
const reading = {
  ...base,
  method: 'GET',
  path: PATH,
  query: transactionsQuerySchema,
  guard: TRANSACTION_AREA_PRIVILEGE,
} as const;
// The actions share the query; each needs its operation's privilege before its body is read.
const acting = {
  ...base,
  method: 'PUT',
  path: PATH,
  query: transactionsPutQuerySchema,
  guard: TRANSACTION_ACTION_PRIVILEGE,
} as const;

/** Transactions (spec 1 navigation, issue 4): rows by tab, groups, global search, mapped row, mapping, actions. */
export const transactionEndpoints = {
  byTab: endpoint({
    ...reading,
    name: 'transactions.byTab',
    discriminator: find('ByTab'),
    response: transactionsPageSchema,
    summary: 'A DataTables page of one data source in one tab',
    description: BY_TAB_DESCRIPTION,
  }),
  byTabCount: endpoint({
    ...reading,
    name: 'transactions.byTabCount',
    discriminator: find('ByTabCount'),
    response: transactionCountsSchema,
    summary: 'The exact counts of a ByTab query',
    description: `The ByTab query (its \`count\` ignored) and the same privilege: \`{ recordsTotal, recordsFiltered }\`. ${OUTSIDE_MODULE}`,
  }),
  recons: endpoint({
    ...reading,
    name: 'transactions.recons',
    discriminator: find('Recons'),
    privilege: TRANSACTION_AREA_PRIVILEGE,
    response: transactionReconsResponseSchema,
    summary: 'The recons with their sides and columns',
    description:
      "Any transactions privilege, globalSearch or viewMapping: the recons with their data sources (side A, side B), columns in the data elements' order and date columns.",
  }),
  globalSearch: endpoint({
    ...reading,
    name: 'transactions.globalSearch',
    discriminator: find('GlobalSearch'),
    privilege: { code: 'globalSearch' },
    response: globalSearchResponseSchema,
    summary: 'One reference across every data source',
    description:
      '`value`, at least 3 characters; globalSearch: rows of every data source of the module whose text columns equal or start with the value (case-insensitive), at most 20 per data source (`cappedDataSourceIds` lists those with more).',
  }),
  mappedRow: endpoint({
    ...reading,
    name: 'transactions.mappedRow',
    discriminator: find('MappedRow'),
    privilege: { code: 'viewMappedRow' },
    response: mappedRowResponseSchema,
    summary: 'One row and its group',
    description: `\`reconId\`, \`dataSourceId\`, \`rowId\`; viewMappedRow: the row and, when matched, its group. ${OUTSIDE_MODULE}`,
  }),
  reconMapping: endpoint({
    ...reading,
    name: 'transactions.reconMapping',
    discriminator: find('ReconMapping'),
    privilege: { code: 'viewMapping' },
    response: reconMappingResponseSchema,
    summary: 'Which column of side A each rule compares with which of side B',
    description: `\`reconId\`; viewMapping: for each column of side A that a rule compares with a column of side B, the rules, transforms, operators and tolerances. ${OUTSIDE_MODULE}`,
  }),
  periods: endpoint({
    ...reading,
    name: 'transactions.periods',
    discriminator: find('Periods'),
    privilege: TRANSACTION_READERS,
    response: reconPeriodsSchema,
    summary: "The days of a recon's latest run and of its latest files",
    description: `\`reconId\`; any transactions privilege: \`latestRun\` (\`fromDate\`, \`toDate\`, \`jobExecutionId\`): the days of the rows loaded by the latest job execution that loaded a file into a side of the recon; \`wholeFile\` (\`fromDate\`, \`toDate\`, \`fileNames\`): the days of the rows of each side's latest loaded file. Days on \`dateColumn\` (optional: \`_loaded_at\` or a DATE / DATETIME column) on each side that has it, else on the side's default date column (its first DATE / DATETIME column, else \`_loaded_at\`); null when nothing is loaded. Rolled-back files do not count. ${OUTSIDE_MODULE}`,
  }),
  group: endpoint({
    ...base,
    name: 'transactions.group',
    method: 'GET',
    path: '/v2/transactions/group/:matchId',
    privilege: TRANSACTION_READERS,
    params: groupParamsSchema,
    query: groupQuerySchema,
    response: transactionGroupSchema,
    summary: 'Every row of a matched group, from both sides, side A first',
    description:
      'Any transactions privilege (or viewMappedRow, viewRecons). 404 for a recon of another module or a match id with no row in the recon.',
  }),
  manualMatch: endpoint({
    ...acting,
    name: 'transactions.manualMatch',
    discriminator: operation('ManualMatch'),
    privilege: OPERATION_PRIVILEGES.ManualMatch,
    body: manualMatchRequestSchema,
    response: transactionActionResponseSchema,
    summary: 'Manual match',
    description: `\`{ reconId, rowsA, rowsB, reason? }\` (unReconciledTransaction): open rows of both sides become one RECONCILED group with a new match id. ${ACTIONS_DESCRIPTION}`,
  }),
  unmatch: endpoint({
    ...acting,
    name: 'transactions.unmatch',
    discriminator: operation('Unmatch'),
    privilege: OPERATION_PRIVILEGES.Unmatch,
    body: unmatchRequestSchema,
    response: transactionActionResponseSchema,
    summary: 'Unmatch',
    description: `\`{ reconId, matchIds }\` (the privilege of the tab of every status in the groups: reconciledTransaction, reversal, reconDuplicate): every row of the groups is open again. ${ACTIONS_DESCRIPTION}`,
  }),
  knockOff: endpoint({
    ...acting,
    name: 'transactions.knockOff',
    discriminator: operation('KnockOff'),
    privilege: OPERATION_PRIVILEGES.KnockOff,
    body: knockOffRequestSchema,
    response: transactionActionResponseSchema,
    summary: 'Knock off',
    description: `\`{ reconId, dataSourceId, rowIds, reason }\` (knockOff): open rows close as KNOCK_OFF with the reason. In a module where bulk knock-off needs approval (Module Settings), more than one row is checked the same way and sent for approval instead: the answer has \`approvalId\`, \`runId\` null and \`rows\` 0, and nothing changes until another user approves it (\`PUT /v2/approvals/{id}?Operation=Approve\`). ${ACTIONS_DESCRIPTION}`,
  }),
  acceptProposed: endpoint({
    ...acting,
    name: 'transactions.acceptProposed',
    discriminator: operation('AcceptProposed'),
    privilege: OPERATION_PRIVILEGES.AcceptProposed,
    body: proposedRequestSchema,
    response: transactionActionResponseSchema,
    summary: 'Accept proposed matches',
    description: `\`{ reconId, matchIds }\` (reconciledTransaction): PROPOSE_MATCH groups become RECONCILED. ${ACTIONS_DESCRIPTION}`,
  }),
  rejectProposed: endpoint({
    ...acting,
    name: 'transactions.rejectProposed',
    discriminator: operation('RejectProposed'),
    privilege: OPERATION_PRIVILEGES.RejectProposed,
    body: proposedRequestSchema,
    response: transactionActionResponseSchema,
    summary: 'Reject proposed matches',
    description: `\`{ reconId, matchIds }\` (reconciledTransaction): PROPOSE_MATCH groups are open again. ${ACTIONS_DESCRIPTION}`,
  }),
} as const;
