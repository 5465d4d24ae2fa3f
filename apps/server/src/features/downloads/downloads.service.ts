import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  type createDownloadRequestSchema,
  DASHBOARD_TEXTS,
  DOWNLOAD_PAGE_LISTS,
  DOWNLOAD_PAGE_REPORT_TYPES,
  DOWNLOAD_REPORT_PRIVILEGES,
  DOWNLOAD_REPORT_TYPES,
  DOWNLOAD_TEXTS,
  DOWNLOAD_TOKEN_TTL_SECONDS,
  DOWNLOADABLE_STATUSES,
  type DownloadFormat,
  type DownloadPage,
  type DownloadReportType,
  type DownloadRequest,
  type DownloadsResponse,
  EXPORTABLE_REPORT_TYPES,
  hasPrivilege,
  type PrivilegeRule,
  TAB_PRIVILEGES,
} from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { enqueueDownload } from '@/jobs/export-queue.ts';
import { wakeLocalWorkers } from '@/jobs/queue.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { storedDashlet } from '@/lib/dashboards/dashlet-export.ts';
import { CONTENT_TYPES, downloadFileName, pathOfStored } from '@/lib/downloads/download-files.ts';
import { insertRequest, toDownloadRequest } from '@/lib/downloads/download-requests.ts';
import { planTransactionExport, readByTabQuery } from '@/lib/downloads/transaction-export.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import { hashToken, randomToken } from '@/lib/tokens.ts';
import * as q from './downloads.queries.ts';

type CreateBody = z.output<typeof createDownloadRequestSchema>;
/** Checks a privilege rule for the caller (403 and an ACCESS_DENIED audit when missing). */
type RequirePrivilege = (rule: PrivilegeRule) => Promise<void>;

/** Checks the view of a request by its type (and the privileges it needs); answers the file name's parts. */
async function checkedView(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: CreateBody,
  requirePrivilege: RequirePrivilege,
): Promise<string[]> {
  if (body.reportType === 'DASHLET') {
    // A dashlet's figures (decision 0037): the dashlet must be one of the module's.
    const id = Number(body.view.dashletId);
    if (!Number.isInteger(id) || id <= 0) throw validation(DOWNLOAD_TEXTS.viewRequired, 'view');
    const dashlet = await storedDashlet(ctx.db, actor.moduleId, id);
    if (!dashlet) throw new AppError('NOT_FOUND', DASHBOARD_TEXTS.dashletNotFound);
    return [dashlet.name];
  }
  // Exporting a tab's rows needs the tab's own privilege too: a file must not show more than the list does.
  await requirePrivilege({ code: TAB_PRIVILEGES[readByTabQuery(body.view).tab] });
  return (await planTransactionExport(ctx.db, actor.moduleId, body)).nameParts;
}

/**
 * POST /v2/dashletdownloads: checks the view (a bad one is a 400 now, not a FAILED file later) and who may export
 * it, records the request SUBMITTED and queues it for the worker in one transaction, then wakes the worker.
 */
export async function requestDownload(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: CreateBody,
  requirePrivilege: RequirePrivilege,
): Promise<DownloadRequest> {
  await requirePrivilege(DOWNLOAD_REPORT_PRIVILEGES[body.reportType]);
  if (!EXPORTABLE_REPORT_TYPES.includes(body.reportType))
    throw validation(DOWNLOAD_TEXTS.typeNotExportable, 'reportType');
  const nameParts = await checkedView(ctx, actor, body, requirePrivilege);
  const now = ctx.now();
  const created = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const row = await insertRequest(tx, {
      module_id: actor.moduleId,
      requested_by: actor.userId,
      report_type: body.reportType,
      file_name: downloadFileName(nameParts, now, body.format),
      format: body.format,
      scope: body.scope,
      columns: JSON.stringify(body.scope === 'CUSTOM_COLUMNS' ? (body.columns ?? []) : []),
      query: JSON.stringify(body.view),
      requested_at: now,
      updated_at: now,
    });
    await enqueueDownload(tx, row.id);
    await auditChange(tx, actor, {
      event: 'DOWNLOAD_REQUESTED',
      entityType: 'download_request',
      entityId: row.id,
      details: { reportType: body.reportType, format: body.format, scope: body.scope, view: body.view },
    });
    return row;
  });
  wakeLocalWorkers();
  return toDownloadRequest(created);
}

/** The report types whose downloads the caller may see. */
function visibleTypes(privileges: ReadonlySet<string>): DownloadReportType[] {
  return DOWNLOAD_REPORT_TYPES.filter((t) => hasPrivilege(privileges, DOWNLOAD_REPORT_PRIVILEGES[t]));
}

/** GET /v2/dashletdownloads: the caller's own requests in the module, of the types they may see, newest first. */
export async function listDownloads(
  ctx: FeatureContext,
  owner: { moduleId: number; userId: number; privileges: ReadonlySet<string> },
  query: {
    start: number;
    length: number;
    draw: number;
    maxResults?: number;
    reportType?: DownloadReportType;
    downloadPage?: DownloadPage;
  },
  requirePrivilege: RequirePrivilege,
): Promise<DownloadsResponse> {
  if (query.reportType) await requirePrivilege(DOWNLOAD_REPORT_PRIVILEGES[query.reportType]);
  if (query.downloadPage)
    await requirePrivilege(DOWNLOAD_REPORT_PRIVILEGES[DOWNLOAD_PAGE_REPORT_TYPES[query.downloadPage]]);
  const visible = visibleTypes(owner.privileges);
  const types = query.reportType
    ? [query.reportType]
    : query.downloadPage
      ? DOWNLOAD_PAGE_LISTS[query.downloadPage].filter((t) => visible.includes(t))
      : visible;
  const page = query.maxResults ? { start: 0, length: query.maxResults } : query;
  const { rows, total } = await q.listOwnRequests(ctx.db, owner, types, page);
  return pagedList(query, { total, filtered: total, rows: rows.map(toDownloadRequest) });
}

/** GET /v2/dashletdownloads/downloadInitiate/{id}: a one-time, short-lived token for a file that is ready. */
export async function initiateDownload(
  ctx: FeatureContext,
  owner: { moduleId: number; userId: number },
  id: number,
  requirePrivilege: RequirePrivilege,
): Promise<{ token: string }> {
  const request = await q.ownRequest(ctx.db, owner, id);
  if (!request) throw new AppError('NOT_FOUND', DOWNLOAD_TEXTS.notFound);
  await requirePrivilege(DOWNLOAD_REPORT_PRIVILEGES[request.report_type]);
  if (!DOWNLOADABLE_STATUSES.includes(request.status) || !request.path) {
    throw validation(DOWNLOAD_TEXTS.notReady, 'id');
  }
  const isPresent = await stat(pathOfStored(ctx.config.dataDir, request.path)).then(
    () => true,
    () => false,
  );
  if (!isPresent) throw new AppError('NOT_FOUND', DOWNLOAD_TEXTS.fileGone);
  const token = randomToken();
  const now = ctx.now();
  await q.setToken(ctx.db, id, hashToken(token), new Date(now.getTime() + DOWNLOAD_TOKEN_TTL_SECONDS * 1000), now);
  return { token };
}

export type ServedFile = { stream: Readable; fileName: string; contentType: string; size: number };

/**
 * GET /v2/dashletdownloads/download?token=: the token is the authorisation (the browser navigates here without
 * a bearer header). It is spent on first use, whatever happens next; an unknown, spent or expired one is a 404.
 */
export async function serveDownload(
  ctx: FeatureContext,
  token: string,
  from: { ip: string; requestId: string },
): Promise<ServedFile> {
  const now = ctx.now();
  const found = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const request = await q.requestOfToken(tx, hashToken(token), now);
    if (!request?.path || !DOWNLOADABLE_STATUSES.includes(request.status)) return null;
    await q.markDownloaded(tx, request.id, now);
    return { ...request, path: request.path };
  });
  if (!found) throw new AppError('NOT_FOUND', DOWNLOAD_TEXTS.tokenInvalid);
  const path = pathOfStored(ctx.config.dataDir, found.path);
  const size = await stat(path).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw new AppError('NOT_FOUND', DOWNLOAD_TEXTS.fileGone);
  await writeAudit(ctx.db, {
    event: 'DOWNLOAD_FILE_SERVED',
    outcome: 'SUCCESS',
    userId: found.requested_by,
    moduleId: found.module_id,
    entityType: 'download_request',
    entityId: found.id,
    ip: from.ip,
    requestId: from.requestId,
    details: { fileName: found.file_name, size },
  });
  return {
    stream: createReadStream(path),
    fileName: found.file_name,
    contentType: CONTENT_TYPES[found.format as DownloadFormat],
    size,
  };
}
