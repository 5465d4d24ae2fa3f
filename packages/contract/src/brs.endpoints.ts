import {
  brsConfigSaveSchema,
  brsConfigSchema,
  brsConfigsResponseSchema,
  brsDataSourcesSchema,
  brsDownloadQuerySchema,
  brsGroupItemsQuerySchema,
  brsGroupItemsSchema,
  brsGroupParamsSchema,
  brsStatementQuerySchema,
  brsStatementSchema,
} from './brs.ts';
import { downloadRequestSchema } from './downloads.ts';
import { endpoint, idParamsSchema } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';

const base = { module: 'required', privilege: { code: 'brsReport' }, tags: ['BRS'] } as const;
const CONFIGS = '/v2/brsconfigurations';
const ONE = `${CONFIGS}/:id`;
const BRS = '/v2/brs/:id';
const OPEN =
  'An item is open on a day when it is dated on or before it, was loaded UNRECONCILED and was not matched (knocked off…) by the end of that day: a row matched later still counts. Amounts are exact, as text with 2 decimals.';

/** Bank reconciliation statement (spec 1 Reports › brs-report; decision 0038). Our design: the spec shows no call. */
export const brsEndpoints = {
  list: endpoint({
    ...base,
    name: 'brs.list',
    method: 'GET',
    path: CONFIGS,
    discriminator: { name: 'Find', value: null },
    response: brsConfigsResponseSchema,
    summary: "The module's BRS configurations",
  }),
  dataSources: endpoint({
    ...base,
    name: 'brs.dataSources',
    method: 'GET',
    path: CONFIGS,
    discriminator: { name: 'Find', value: 'DataSources' },
    response: brsDataSourcesSchema,
    summary: 'The data sources the bank statement and the books may be, with their columns (amount columns marked)',
  }),
  create: endpoint({
    ...base,
    name: 'brs.create',
    method: 'POST',
    path: CONFIGS,
    body: brsConfigSaveSchema,
    response: brsConfigSchema,
    summary: 'Create a BRS configuration',
    description:
      '`bank` and `books`: a data source of the module each, its `amountColumn`, `drCrColumn` with `debitValues` (or none: a signed amount, positive raises the balance), `dateColumn`, `narrationColumn`, `instrumentColumn`, and its balance (`balanceMode` COLUMN with `balanceColumn`, ENTERED with the statement, or SUM from `openingBalance`). `rules`, in order: the first whose `side`, `direction` and patterns fit an open item puts it in its `group`; the others go by side and direction.',
  }),
  get: endpoint({
    ...base,
    name: 'brs.get',
    method: 'GET',
    path: ONE,
    params: idParamsSchema,
    response: brsConfigSchema,
    summary: 'One BRS configuration',
  }),
  update: endpoint({
    ...base,
    name: 'brs.update',
    method: 'PUT',
    path: ONE,
    params: idParamsSchema,
    body: brsConfigSaveSchema,
    response: brsConfigSchema,
    summary: 'Update a BRS configuration (its rules are replaced)',
  }),
  delete: endpoint({
    ...base,
    name: 'brs.delete',
    method: 'DELETE',
    path: ONE,
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a BRS configuration',
  }),
  statement: endpoint({
    ...base,
    name: 'brs.statement',
    method: 'GET',
    path: `${BRS}/statement`,
    params: idParamsSchema,
    query: brsStatementQuerySchema,
    response: brsStatementSchema,
    summary: 'The bank reconciliation statement as on a day',
    description: `${OPEN} Balance per books, each group of open items added or subtracted, the balance per bank so computed, the bank’s own balance and the difference left unexplained.`,
  }),
  groupItems: endpoint({
    ...base,
    name: 'brs.groupItems',
    method: 'GET',
    path: `${BRS}/groups/:group/items`,
    params: brsGroupParamsSchema,
    query: brsGroupItemsQuerySchema,
    response: brsGroupItemsSchema,
    summary: 'The open items of one group of the statement as on a day (paged, oldest first)',
    description: OPEN,
  }),
  download: endpoint({
    ...base,
    name: 'brs.download',
    method: 'GET',
    path: `${BRS}/statement_download`,
    params: idParamsSchema,
    query: brsDownloadQuerySchema,
    response: downloadRequestSchema,
    status: 202,
    summary: 'Export the statement to the Downloads area (BRS Report Downloads)',
    description:
      'A download request of type BRS_REPORT, CSV or XLSX (`format`, default XLSX), laid out as the statement.',
  }),
} as const;
