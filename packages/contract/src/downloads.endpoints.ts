import { z } from 'zod';
import {
  createDownloadRequestSchema,
  DOWNLOAD_READERS,
  DOWNLOAD_TOKEN_TTL_SECONDS,
  downloadFileQuerySchema,
  downloadInitiateResponseSchema,
  downloadRequestSchema,
  downloadsQuerySchema,
  downloadsResponseSchema,
} from './downloads.ts';
import { endpoint, idParamsSchema } from './endpoint.ts';

const tags = ['Downloads'];
const base = { module: 'required', privilege: DOWNLOAD_READERS, tags } as const;

const CREATE_DESCRIPTION = [
  'Queues an export of a view as a CSV or XLSX file and answers the request, SUBMITTED; the worker moves it to INPROCESS, then READYFORDOWNLOAD (or FAILED with the message).',
  '`reportType` TRANSACTIONS (needs viewRecons or recons, and the privilege of the tab): `view` is the Find=ByTab query of GET /v2/transactions — `tab`, `reconId`, `dataSourceId`, `fromDate`, `toDate`, `dateColumn`, `status`, `columns[i][data]` / `columns[i][search][type|value]`, `order[i][column|dir]` — and the file holds every row the list shows for it, in its order. DASHLET (needs dashboards): `view` is `{dashletId}` and the file holds the dashlet’s figures as it shows them (decision 0037). REPORT, APPROVAL and BRS_REPORT answer 400 until their areas exist.',
  '`scope`: ALL_COLUMNS (every column of the data table, then Status and Match Id), CONFIGURED_COLUMNS (the active data elements in their sequence), CUSTOM_COLUMNS (`columns`: names of the data table or row fields `_id`, `_status`, `_match_id`, `_rule_name`, `_reconciled_at`, `_reason`, `_file_name`, `_loaded_at`).',
  "Values: money exact, dates ISO. CSV (UTF-8 with a byte-order mark): text cells starting with =, +, -, @, tab or carriage return get a leading ' so no spreadsheet runs them as formulas.",
].join('\n\n');

/** Exports and the Downloads area (spec 2 §2, §3, §7; issue 4). */
export const downloadEndpoints = {
  create: endpoint({
    ...base,
    name: 'downloads.create',
    method: 'POST',
    path: '/v2/dashletdownloads',
    body: createDownloadRequestSchema,
    response: downloadRequestSchema,
    status: 202,
    summary: 'Export a view to a file (a download request, worked in the background)',
    description: CREATE_DESCRIPTION,
  }),
  list: endpoint({
    ...base,
    name: 'downloads.list',
    method: 'GET',
    path: '/v2/dashletdownloads',
    query: downloadsQuerySchema,
    response: downloadsResponseSchema,
    summary: "The caller's download requests in the module, newest first",
    description:
      '`maxResults` (the Downloads dropdown): the latest N. Otherwise a DataTables page (`start`, `length`). `reportType` narrows to one download page (and needs its privilege); without it, every type the caller may see.',
  }),
  initiate: endpoint({
    ...base,
    name: 'downloads.initiate',
    method: 'GET',
    path: '/v2/dashletdownloads/downloadInitiate/:id',
    params: idParamsSchema,
    response: downloadInitiateResponseSchema,
    summary: 'A one-time token for the file of a ready request',
    description: `The token is good for ${DOWNLOAD_TOKEN_TTL_SECONDS} s and one use, with GET /v2/dashletdownloads/download?token=. 400 while the request is not READYFORDOWNLOAD or DOWNLOADED; 404 for another person's request.`,
  }),
  // The browser navigates here (no bearer header): the one-time token is the authorisation.
  file: endpoint({
    name: 'downloads.file',
    method: 'GET',
    path: '/v2/dashletdownloads/download',
    module: 'optional',
    public: true,
    query: downloadFileQuerySchema,
    response: z.unknown(),
    produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    tags,
    summary: 'The file of a download request, for a token from downloadInitiate',
    description:
      'Streams the file as an attachment and marks the request DOWNLOADED. The token is spent on first use: a spent, expired or unknown token answers 404.',
  }),
} as const;
