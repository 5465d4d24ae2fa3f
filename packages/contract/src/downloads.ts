import { z } from 'zod';
import { DOWNLOAD_ENTRIES } from './nav.ts';
import { pagedAnswerSchema, pagedQuerySchema } from './paging.ts';
import type { PrivilegeRule } from './privileges.ts';

// Exports and the Downloads area (spec 2 "Downloads and uploads", "Download request", §4, §7, §9; issue 4).

/** Spec 2 §4, in its order, with its labels. Transitions: SUBMITTED → INPROCESS → READYFORDOWNLOAD → DOWNLOADED, or FAILED. */
export const DOWNLOAD_STATUSES = [
  'SUBMITTED',
  'FAILED',
  'READYFORDOWNLOAD',
  'INPROCESS',
  'DOWNLOADED',
  'CREATED',
  'ABORTED',
  'DISCARDED',
] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];
export const DOWNLOAD_STATUS_LABELS: Record<DownloadStatus, string> = {
  SUBMITTED: 'Submitted',
  FAILED: 'Failed',
  READYFORDOWNLOAD: 'Ready',
  INPROCESS: 'In Process',
  DOWNLOADED: 'Downloaded',
  CREATED: 'Created',
  ABORTED: 'Aborted',
  DISCARDED: 'Discarded',
};
/** The statuses whose file can be fetched (again: a browser download can fail, the file stays). */
export const DOWNLOADABLE_STATUSES: readonly DownloadStatus[] = ['READYFORDOWNLOAD', 'DOWNLOADED'];
/** The statuses still moving: the dropdown and the pages ask again while one is shown. */
export const OPEN_DOWNLOAD_STATUSES: readonly DownloadStatus[] = ['SUBMITTED', 'INPROCESS'];

/**
 * The spec's report types (TRANSACTIONS, DASHLET, REPORT), plus APPROVAL and BRS_REPORT for the two download
 * pages the spec lists without naming their type.
 */
export const DOWNLOAD_REPORT_TYPES = [
  'TRANSACTIONS',
  'DASHLET',
  'REPORT',
  'APPROVAL',
  'BRS_REPORT',
  'GL_REPORT',
] as const;
export type DownloadReportType = (typeof DOWNLOAD_REPORT_TYPES)[number];
/** What can be exported today; the others come with their areas (approvals). */
export const EXPORTABLE_REPORT_TYPES: readonly DownloadReportType[] = ['TRANSACTIONS', 'DASHLET'];
/**
 * Report types requested by their own area's calls (GET /v2/gl/{id}/report_download, GET
 * /v2/brs/{id}/statement_download, GET /v2/reports/executions/{id}/download), never by POST /v2/dashletdownloads.
 */
export const AREA_REPORT_TYPES: readonly DownloadReportType[] = ['GL_REPORT', 'BRS_REPORT', 'REPORT'];

/** The download page (a DOWNLOAD_ENTRIES path) that lists each report type. */
export const DOWNLOAD_PAGE_REPORT_TYPES = {
  'dashboard-downloads': 'DASHLET',
  'transaction-downloads': 'TRANSACTIONS',
  'report-downloads': 'REPORT',
  'approval-downloads': 'APPROVAL',
  'brs-report-downloads': 'BRS_REPORT',
} as const satisfies Record<string, DownloadReportType>;
export type DownloadPage = keyof typeof DOWNLOAD_PAGE_REPORT_TYPES;
export const DOWNLOAD_PAGES = Object.keys(DOWNLOAD_PAGE_REPORT_TYPES) as [DownloadPage, ...DownloadPage[]];
/**
 * The report types each download page lists: its own, and on Report Downloads the general ledger's exports too
 * (decision 0039: GL is a report of Reports › GL Config; spec 1 has no GL download page). A type another privilege
 * guards shows only to those who have it.
 */
export const DOWNLOAD_PAGE_LISTS: Record<DownloadPage, readonly DownloadReportType[]> = {
  'dashboard-downloads': [DOWNLOAD_PAGE_REPORT_TYPES['dashboard-downloads']],
  'transaction-downloads': [DOWNLOAD_PAGE_REPORT_TYPES['transaction-downloads']],
  'report-downloads': [DOWNLOAD_PAGE_REPORT_TYPES['report-downloads'], 'GL_REPORT'],
  'approval-downloads': [DOWNLOAD_PAGE_REPORT_TYPES['approval-downloads']],
  'brs-report-downloads': [DOWNLOAD_PAGE_REPORT_TYPES['brs-report-downloads']],
};

function entryPrivilege(page: DownloadPage): PrivilegeRule {
  const rule = DOWNLOAD_ENTRIES.find((e) => e.path === page)?.privilege;
  if (!rule) throw new Error(`no download entry ${page}`);
  return rule;
}
/** Who sees (and asks for) downloads of a report type: the privilege of its download page (spec 1). */
export const DOWNLOAD_REPORT_PRIVILEGES: Record<DownloadReportType, PrivilegeRule> = {
  ...(Object.fromEntries(
    Object.entries(DOWNLOAD_PAGE_REPORT_TYPES).map(([page, type]) => [type, entryPrivilege(page as DownloadPage)]),
  ) as Record<Exclude<DownloadReportType, 'GL_REPORT'>, PrivilegeRule>),
  // GL exports (decision 0034) are asked for on the GL report page, by whoever may read it.
  GL_REPORT: { code: 'glConfig' },
};
/** Whoever sees any download page: the dropdown and the list call. */
export const DOWNLOAD_READERS: PrivilegeRule = {
  anyOf: [...new Set(DOWNLOAD_ENTRIES.flatMap((e) => [e.privilege?.code, ...(e.privilege?.anyOf ?? [])]))].filter(
    (c): c is NonNullable<typeof c> => c !== undefined,
  ),
};

export const DOWNLOAD_FORMATS = ['CSV', 'XLSX'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
/**
 * ALL_COLUMNS: every column of the data table, then status and match id. CONFIGURED_COLUMNS: the data source's
 * active data elements in their sequence. CUSTOM_COLUMNS: the columns given, in their order.
 */
export const DOWNLOAD_SCOPES = ['ALL_COLUMNS', 'CONFIGURED_COLUMNS', 'CUSTOM_COLUMNS'] as const;
export type DownloadScope = (typeof DOWNLOAD_SCOPES)[number];

/** Row fields an export may name besides the data source's columns, with the header each gets. */
export const EXPORT_FIELD_HEADERS: Record<string, string> = {
  _id: 'Row Id',
  _status: 'Status',
  _match_id: 'Match Id',
  _rule_name: 'Rule',
  _reconciled_at: 'Reconciled At',
  _reason: 'Reason',
  _file_name: 'File Name',
  _loaded_at: 'Loaded At',
};

/** Spec 2 §9. */
export const LATEST_DOWNLOADS_COUNT = 6;
/** How long a downloadInitiate token is good for: the browser uses it at once. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 60;
/** How often the dropdown and the pages ask again while a request is SUBMITTED or INPROCESS. */
export const DOWNLOAD_POLL_MS = 3000;
/** A custom column list is at most this long (a data table has fewer columns). */
export const MAX_EXPORT_COLUMNS = 500;

export const DOWNLOAD_TEXTS = {
  started: 'Your Download will start shortly',
  requested: 'Export requested: it will be listed under Downloads when ready',
  notFound: 'Download not found',
  notReady: 'The file is not ready yet',
  tokenInvalid: 'This download link has expired or was already used. Start the download again from Downloads.',
  fileGone: 'The file of this download is no longer available. Export the view again.',
  typeNotExportable: 'Exports of this kind are not available yet',
  viewRequired: 'The view to export is required',
  columnsRequired: 'Choose at least one column to export',
  unknownColumn: (name: string) => `"${name}" is not a column of the data source`,
  noConfiguredColumns: 'The data source has no active data elements: choose All columns or Custom columns',
  serverStopped: 'The server stopped during the export; export the view again',
  exportFailed: 'The export failed; export the view again',
} as const;

/**
 * POST /v2/dashletdownloads. `view` is what to export, as the view's own list call reads it: for TRANSACTIONS
 * the Find=ByTab query of GET /v2/transactions (tab, reconId, dataSourceId, dates, status, `columns[i][…]` filters,
 * `order[i][…]`), so the file holds exactly the rows the list shows, every page of them.
 */
export const createDownloadRequestSchema = z.object({
  reportType: z.enum(DOWNLOAD_REPORT_TYPES),
  format: z.enum(DOWNLOAD_FORMATS),
  scope: z.enum(DOWNLOAD_SCOPES),
  columns: z.array(z.string().trim().min(1)).max(MAX_EXPORT_COLUMNS).optional(),
  view: z.record(
    z.string(),
    z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v)),
    { error: DOWNLOAD_TEXTS.viewRequired },
  ),
});
export type CreateDownloadRequest = z.input<typeof createDownloadRequestSchema>;

export const downloadRequestSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  reportType: z.enum(DOWNLOAD_REPORT_TYPES),
  format: z.enum(DOWNLOAD_FORMATS),
  scope: z.enum(DOWNLOAD_SCOPES),
  status: z.enum(DOWNLOAD_STATUSES),
  requestedOn: z.string(),
  requestedBy: z.string(),
  finishedOn: z.string().nullable(),
  rowCount: z.number().int().nullable(),
  /** Bytes. */
  size: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

/**
 * GET /v2/dashletdownloads: the caller's own requests in the module, newest first. `maxResults` (the dropdown):
 * the latest N; otherwise a DataTables page. `reportType` narrows to one type, `downloadPage` to what a download
 * page lists.
 */
export const downloadsQuerySchema = pagedQuerySchema.extend({
  maxResults: z.coerce.number().int().min(1).max(100).optional(),
  reportType: z.enum(DOWNLOAD_REPORT_TYPES).optional(),
  /** The requests a download page lists (DOWNLOAD_PAGE_LISTS), of the types the caller may see; needs the page's privilege. */
  downloadPage: z.enum(DOWNLOAD_PAGES).optional(),
});
export const downloadsResponseSchema = pagedAnswerSchema(downloadRequestSchema);
export type DownloadsResponse = z.infer<typeof downloadsResponseSchema>;

export const downloadInitiateResponseSchema = z.object({
  /** One-time, good for DOWNLOAD_TOKEN_TTL_SECONDS: GET /v2/dashletdownloads/download?token=. */
  token: z.string(),
});
export const downloadFileQuerySchema = z.object({ token: z.string().min(1).max(200) });
