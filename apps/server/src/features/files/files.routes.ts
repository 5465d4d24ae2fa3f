import fastifyMultipart from '@fastify/multipart';
import {
  dataTablesQuerySchema,
  dataTablesResponseSchema,
  FILE_HISTORY_COLUMNS,
  FILE_STATUSES,
  FILE_TEXTS,
  fileDetailSchema,
  fileHistoryRowSchema,
  fileSummaryResponseSchema,
  readDataTablesParams,
  uploadFilesResponseSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Expression, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf, moduleOf } from '@/lib/actor.ts';
import { validation } from '@/lib/app-error.ts';
import * as q from './files.queries.ts';
import * as service from './files.service.ts';

const TAG = ['Files'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, FILE_TEXTS.dateInvalid)
  .refine((d) => !Number.isNaN(Date.parse(d)), FILE_TEXTS.dateInvalid);
const MAX_FILES_PER_UPLOAD = 20;

const historyQuery = dataTablesQuerySchema.extend({
  pipelineId: z.coerce.number().int().positive().optional(),
  status: z.enum(FILE_STATUSES).optional(),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
});

const isHistoryColumn = (c: string): c is q.HistoryColumn => c in q.HISTORY_COLUMNS;
const TEXT_COLUMNS: readonly string[] = ['fileName', 'pipelineName', 'status', 'errorKind', 'uploadedBy'];

/** File uploads and the file-upload history (spec 2). */
export function fileRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only for these routes: files stream to disk, limited per file by UPLOAD_MAX_BYTES.
    await app.register(fastifyMultipart, {
      limits: { fileSize: ctx.config.uploadMaxBytes, files: MAX_FILES_PER_UPLOAD, fields: 10 },
      throwFileSizeLimit: false,
    });

    app.post(
      '/v2/pipelines/:id/files',
      {
        config: { module: 'required', privilege: { anyOf: ['fileUpload', 'pipelines'] } },
        schema: {
          tags: TAG,
          summary: 'Upload files to a FILE pipeline (multipart field `files`, one or more)',
          description: `Each file streams to disk with its SHA-256; at most ${MAX_FILES_PER_UPLOAD} per call. The answer says per file: UPLOADED (waits for a run), or INVALID with the error kind (Invalid File Extension, Invalid File Content when over UPLOAD_MAX_BYTES, Duplicate Records File / Duplicate File Name when already loaded). A run of the pipeline's job loads them.`,
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: uploadFilesResponseSchema },
        },
      },
      async (req) => {
        if (!req.isMultipart()) throw validation(FILE_TEXTS.notMultipart, 'files');
        const moduleId = moduleOf(req);
        const target = await service.uploadTarget(ctx, moduleId, req.params.id);
        const actor = actorOf(req);
        const data = [];
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          data.push(await service.storeFile(ctx, moduleId, target, part, actor));
        }
        if (data.length === 0) throw validation(FILE_TEXTS.fileRequired, 'files');
        return { data };
      },
    );

    app.get(
      '/v2/pipelines/:id/file_summary',
      {
        config: { module: 'required', privilege: { anyOf: ['fileUpload', 'pipelines', 'jobExecutions'] } },
        schema: {
          tags: TAG,
          summary: 'The files of one job execution for this pipeline, with status, error kind and row counts',
          params: idParams,
          querystring: z.object({
            jobExecutionId: z.coerce
              .number({ error: FILE_TEXTS.jobExecutionIdRequired })
              .int()
              .positive(FILE_TEXTS.jobExecutionIdRequired),
          }),
          response: { 200: fileSummaryResponseSchema },
        },
      },
      async (req) => ({
        data: await service.fileSummary(ctx, moduleOf(req), req.params.id, req.query.jobExecutionId),
      }),
    );

    app.get(
      '/v2/files',
      {
        config: { module: 'required', privilege: { code: 'fileUpload' } },
        schema: {
          tags: TAG,
          summary: 'File upload history (DataTables)',
          description: `Filters: pipelineId, status, fromDate/toDate (YYYY-MM-DD, upload day, inclusive). Column search and order on columns[i][data] ∈ ${FILE_HISTORY_COLUMNS.join(', ')}. Newest first by default.`,
          querystring: historyQuery,
          response: { 200: dataTablesResponseSchema(fileHistoryRowSchema) },
        },
      },
      async (req) => {
        const { pipelineId, status, fromDate, toDate, start, length, draw } = req.query;
        if (fromDate && toDate && fromDate > toDate) throw validation(FILE_TEXTS.dateRangeInvalid, 'fromDate');
        const { columns, order } = readDataTablesParams(req.query);
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
            where.push(
              sql<SqlBool>`to_char(${column}, 'YYYY-MM-DD HH24:MI') LIKE ${`%${v.replace(/[\\%_]/g, '\\$&')}%`}`,
            );
          } else if (/^\d+$/.test(v)) {
            where.push(sql<SqlBool>`${column} = ${Number(v)}`);
          }
        }
        const orderBy = order
          .map((o) => ({ data: columns[o.column]?.data, dir: o.dir }))
          .filter((o): o is { data: q.HistoryColumn; dir: 'asc' | 'desc' } => !!o.data && isHistoryColumn(o.data))
          .map(
            (o) =>
              sql`${q.HISTORY_COLUMNS[o.data]} ${sql.raw(o.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`,
          );
        const page = await q.listHistory(ctx.db, moduleOf(req), where, orderBy, start, length);
        return {
          draw,
          recordsTotal: page.total,
          recordsFiltered: page.filtered,
          data: page.rows.map(service.toHistoryRow),
        };
      },
    );

    app.get(
      '/v2/files/:id',
      {
        config: { module: 'required', privilege: { code: 'fileUpload' } },
        schema: { tags: TAG, summary: 'One uploaded file', params: idParams, response: { 200: fileDetailSchema } },
      },
      (req) => service.getFile(ctx, moduleOf(req), req.params.id),
    );
  };
}
