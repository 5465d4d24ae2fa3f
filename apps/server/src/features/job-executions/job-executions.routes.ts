import {
  dataTablesResponseSchema,
  fileApprovalQuerySchema,
  jobExecutionDetailSchema,
  jobExecutionRowSchema,
  jobExecutionsListQuerySchema,
  makerCheckerRequestSchema,
  makerCheckerResponseSchema,
  readDataTablesParams,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { toExecutionRow } from '@/jobs/execution-view.ts';
import * as q from './job-executions.queries.ts';
import * as service from './job-executions.service.ts';

const TAG = ['Job executions'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Job executions and their activity executions (spec 2). Every call is scoped to the caller's module. */
export function jobExecutionRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/jobexecutions',
      {
        config: { module: 'required', privilege: { code: 'jobExecutions' } },
        schema: {
          tags: TAG,
          summary: 'Runs (DataTables), or the last run of a job or data source',
          description:
            'Find ∈ LastJobExecutionByJobId (jobId) | LastJobExecutionByDataSourceId (dataSourceId): the run with its activities, or null. Without Find: DataTables (filters jobId, status, fromDate, toDate).',
          querystring: jobExecutionsListQuerySchema,
          response: {
            200: z.union([dataTablesResponseSchema(jobExecutionRowSchema), jobExecutionDetailSchema.nullable()]),
          },
        },
      },
      async (req) => {
        const moduleId = req.moduleId as number;
        if (req.query.Find === 'LastJobExecutionByJobId') return service.lastByJob(ctx.db, moduleId, req.query.jobId);
        if (req.query.Find === 'LastJobExecutionByDataSourceId') {
          return service.lastByDataSource(ctx.db, moduleId, req.query.dataSourceId);
        }
        const { columns, order } = readDataTablesParams(req.query);
        const { start, length, draw, jobId, status, fromDate, toDate } = req.query;
        const page = await q.listExecutions(ctx.db, moduleId, {
          jobId,
          status,
          fromDate,
          toDate,
          columns,
          order,
          start,
          length,
        });
        return {
          draw,
          recordsTotal: page.total,
          recordsFiltered: page.filtered,
          data: page.rows.map(toExecutionRow),
        };
      },
    );

    app.get(
      '/v2/jobexecutions/:id',
      {
        config: { module: 'required', privilege: { code: 'jobExecutions' } },
        schema: {
          tags: TAG,
          summary: 'One run with its activity executions (sequence, type, status, attempt, counts, error, times)',
          params: idParams,
          response: { 200: jobExecutionDetailSchema },
        },
      },
      (req) => service.getDetail(ctx.db, req.moduleId as number, req.params.id),
    );

    app.put(
      '/v2/jobexecutions/executeFailedJob/:id',
      {
        config: { module: 'required', privilege: { code: 'createJob' } },
        schema: {
          tags: TAG,
          summary: 'Run a FAILED execution again from its failed activity (completed ones are not re-run)',
          params: idParams,
          response: { 200: jobExecutionDetailSchema },
        },
      },
      (req) => service.retryFailed(ctx, req.moduleId as number, req.params.id, service.actorOf(req)),
    );

    app.put(
      '/v2/jobexecutions/:id/update_data_ingestion_status',
      {
        config: { module: 'required', privilege: { code: 'fileApproval' } },
        schema: {
          tags: TAG,
          summary: "Approve or reject a run's loaded files (maker-checker)",
          description:
            'approvalStatus=APPROVED: the run continues after its PIPE_LINE activities. REJECTED: the rows its files loaded are deleted, the files become ROLLED_BACK and the run ends REJECTED. Whoever started the run or uploaded its files cannot decide.',
          params: idParams,
          querystring: fileApprovalQuerySchema,
          response: { 200: jobExecutionDetailSchema },
        },
      },
      (req) =>
        service.decideFileApproval(
          ctx,
          req.moduleId as number,
          req.params.id,
          req.query.approvalStatus,
          service.actorOf(req),
        ),
    );

    app.post(
      '/v2/jobexecutions/:id/file-approval-validate-maker-checker',
      {
        config: { module: 'required', privilege: { code: 'fileApproval' } },
        schema: {
          tags: TAG,
          summary: "Whether the caller may approve the run's files, and why not",
          params: idParams,
          body: makerCheckerRequestSchema,
          response: { 200: makerCheckerResponseSchema },
        },
      },
      (req) =>
        service.validateMakerChecker(
          ctx.db,
          req.moduleId as number,
          req.params.id,
          req.body,
          req.requirePrincipal().userId,
        ),
    );
  };
}
