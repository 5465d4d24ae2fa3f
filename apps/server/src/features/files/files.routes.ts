import fastifyMultipart from '@fastify/multipart';
import {
  fileEndpoints as E,
  type EndpointInput,
  FILE_TEXTS,
  MAX_FILES_PER_UPLOAD,
  readPagingParams,
} from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { FeatureContext } from '@/deps.ts';
import { actorOf, moduleOf } from '@/lib/actor.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import { isCutOffBody } from '@/lib/uploads.ts';
import * as q from './files.queries.ts';
import * as service from './files.service.ts';

type Input<K extends keyof typeof E> = EndpointInput<(typeof E)[K]>;

const isHistoryColumn = (c: string): c is q.HistoryColumn => c in q.HISTORY_COLUMNS;
const TEXT_COLUMNS: readonly string[] = ['fileName', 'pipelineName', 'status', 'errorKind', 'uploadedBy'];

/** A request that could not be read to its end: too many files, or a body cut off (no 500 for either). */
function uploadRefusal(err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return new AppError('PAYLOAD_TOO_LARGE', FILE_TEXTS.tooManyFiles);
  if (isCutOffBody(err)) return validation(FILE_TEXTS.bodyCutOff, 'files');
  return err;
}

/**
 * POST v2/pipelines/:id/files: each file part streams to disk and gets its verdict; the verdicts are recorded
 * only once the whole request has arrived, so a request refused midway (a 21st file, a body cut off) stores none.
 */
async function uploadFiles(ctx: FeatureContext, { params }: Input<'upload'>, req: FastifyRequest) {
  if (!req.isMultipart()) throw validation(FILE_TEXTS.notMultipart, 'files');
  const moduleId = moduleOf(req);
  const target = await service.uploadTarget(ctx, moduleId, params.id);
  const actor = actorOf(req);
  const received: service.ReceivedFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      received.push(await service.receiveFile(ctx, moduleId, target, part, actor));
    }
  } catch (err) {
    await service.dropReceived(ctx, moduleId, target.id, received);
    throw uploadRefusal(err);
  }
  if (received.length === 0) throw validation(FILE_TEXTS.fileRequired, 'files');
  return { data: await service.recordReceived(ctx, moduleId, target.id, received, actor) };
}

/** GET v2/files: a DataTables page of the module's uploaded files, filtered, searched and ordered. */
async function listFileHistory(ctx: FeatureContext, { query }: Input<'history'>, req: FastifyRequest) {
  const { pipelineId, status, fromDate, toDate, start, length } = query;
  if (fromDate && toDate && fromDate > toDate) throw validation(FILE_TEXTS.dateRangeInvalid, 'fromDate');
  const { columns, order } = readPagingParams(query);
  const where: Expression<SqlBool>[] = [];
  if (pipelineId) where.push(sql<SqlBool>`f.pipeline_id = ${pipelineId}`);
  if (status) where.push(sql<SqlBool>`f.status = ${status}`);
  if (fromDate) where.push(sql<SqlBool>`f.created_at >= ${fromDate}::date`);
  if (toDate) where.push(sql<SqlBool>`f.created_at < ${toDate}::date + 1`);
  for (const c of columns) {
    const v = c.search.value.trim();
    if (!v || !c.searchable || !isHistoryColumn(c.data)) continue;
    const column = q.HISTORY_COLUMNS[c.data];
    if (TEXT_COLUMNS.includes(c.data)) {
      where.push(sql<SqlBool>`${column} ILIKE ${`%${v.replace(/[\\%_]/g, '\\$&')}%`}`);
    } else if (c.data === 'uploadedAt') {
      where.push(sql<SqlBool>`to_char(${column}, 'YYYY-MM-DD HH24:MI') LIKE ${`%${v.replace(/[\\%_]/g, '\\$&')}%`}`);
    } else if (/^\d+$/.test(v)) {
      where.push(sql<SqlBool>`${column} = ${Number(v)}`);
    }
  }
  const orderBy = order
    .map((o) => ({ data: columns[o.column]?.data, dir: o.dir }))
    .filter((o): o is { data: q.HistoryColumn; dir: 'asc' | 'desc' } => !!o.data && isHistoryColumn(o.data))
    .map((o) => sql`${q.HISTORY_COLUMNS[o.data]} ${sql.raw(o.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`);
  const page = await q.listHistory(ctx.db, moduleOf(req), where, orderBy, start, length);
  return pagedList(query, { total: page.total, filtered: page.filtered, rows: page.rows.map(service.toHistoryRow) });
}

/** File uploads and the file-upload history (spec 2): the endpoints of `fileEndpoints`. */
export function fileRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only for these routes: files stream to disk, limited per file by UPLOAD_MAX_BYTES.
    await app.register(fastifyMultipart, {
      limits: { fileSize: ctx.config.uploadMaxBytes, files: MAX_FILES_PER_UPLOAD, fields: 10 },
      throwFileSizeLimit: false,
    });
    registerRoutes(app, [
      route(E.upload, (input, req) => uploadFiles(ctx, input, req)),
      route(E.summary, async ({ params, query }, req) => ({
        data: await service.fileSummary(ctx, moduleOf(req), params.id, query.jobExecutionId),
      })),
      route(E.history, (input, req) => listFileHistory(ctx, input, req)),
      route(E.detail, ({ params }, req) => service.getFile(ctx, moduleOf(req), params.id)),
      route(E.discard, ({ params }, req) => service.discardFile(ctx, moduleOf(req), params.id, actorOf(req))),
    ]);
  };
}
