import {
  BOT_BUSINESS_MODELS,
  BOT_CATALOGUE,
  BOT_DATE_PARAM_FORMAT,
  botConfigsResponseSchema,
  dataTablesResponseSchema,
  exportReportConfigsResponseSchema,
  exportReportConfigTypesResponseSchema,
  JOB_POST_OPERATIONS,
  JOB_PUT_OPERATIONS,
  jobCronRequestSchema,
  jobDetailSchema,
  jobExecutionDetailSchema,
  jobRowSchema,
  jobRunRequestSchema,
  jobSaveRequestSchema,
  jobStatusLabel,
  jobsFromAllModulesResponseSchema,
  jobsListQuerySchema,
  readDataTablesParams,
} from '@recon/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { moduleOf } from '@/lib/actor.ts';
import { parseBody } from '@/lib/parse-body.ts';
import { actorOf, getJobDetail, saveJob } from './jobs.service.ts';
import * as lq from './jobs-list.queries.ts';
import { changeSchedule, runJob } from './jobs-run.service.ts';
import { jobSettingsRoutes } from './jobs-settings.routes.ts';

const TAG = ['Jobs'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * POST and PUT /v2/jobs carry a different body per opertionType: the body schema documents both, and the
 * handler parses the one its operation needs (the spec's ordered messages, not a union's). Every other part
 * is validated as usual.
 */
function bodyParsedByOperation<S>(
  route: Parameters<FastifySchemaCompiler<S>>[0],
): ReturnType<FastifySchemaCompiler<S>> {
  if (route.httpPart === 'body') return (data) => ({ value: data });
  return validatorCompiler(route as unknown as Parameters<FastifySchemaCompiler<z.ZodType>>[0]);
}

/** Jobs, their activities, runs and schedules (spec 2). Every call is scoped to the caller's module. */
export function jobRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(jobSettingsRoutes(ctx));

    app.get(
      '/v2/jobs',
      {
        config: { module: 'required', privilege: { code: 'job' } },
        schema: {
          tags: TAG,
          summary: 'Jobs (DataTables), or a Find= list',
          description:
            'Find ∈ JobsFromAllModules | BotConfigs | ExportReportConfigs | ExportReportConfigTypes (see the Find parameter). Without Find: DataTables, default length 15.',
          querystring: jobsListQuerySchema,
          response: {
            200: z.union([
              dataTablesResponseSchema(jobRowSchema),
              jobsFromAllModulesResponseSchema,
              botConfigsResponseSchema,
              exportReportConfigsResponseSchema,
              exportReportConfigTypesResponseSchema,
            ]),
          },
        },
      },
      async (req) => {
        const moduleId = moduleOf(req);
        switch (req.query.Find) {
          case 'JobsFromAllModules': {
            const rows = await lq.listJobsOfUserModules(ctx.db, [...req.requirePrincipal().moduleIds]);
            return {
              data: rows.map((r) => ({ id: r.id, name: r.name, moduleId: r.module_id, moduleName: r.module_name })),
            };
          }
          case 'BotConfigs':
            return {
              data: BOT_CATALOGUE.map((b) => ({
                ...b,
                reportTypes: b.reportTypes.map((t) => ({ ...t, subTypes: [...t.subTypes] })),
                durationReportTypes: [...b.durationReportTypes],
                durationTypes: b.durationTypes.map((d) => ({ ...d, choices: [...d.choices] })),
              })),
              businessModels: [...BOT_BUSINESS_MODELS],
              dateParamFormat: BOT_DATE_PARAM_FORMAT,
            };
          case 'ExportReportConfigs': {
            const rows = await lq.listExportReportConfigs(ctx.db, moduleId, req.query.exportJobTypeName);
            return {
              data: rows.map((r) => ({
                id: r.id,
                configName: r.config_name,
                exportJobTypeName: r.export_job_type_name,
                reportConfigId: r.report_config_id,
                pipelineId: r.pipeline_id,
                exportColums: r.export_columns,
                facility: r.facility,
                exportFilterId: r.export_filter_id,
                accountId: r.account_id,
              })),
            };
          }
          case 'ExportReportConfigTypes':
            return { data: await lq.listExportJobTypeNames(ctx.db, moduleId) };
          case undefined: {
            const { columns, order } = readDataTablesParams(req.query);
            const search = String(req.query['search[value]'] ?? '');
            const { start, length, draw } = req.query;
            const page = await lq.listJobs(ctx.db, moduleId, { start, length, columns, order, search });
            return {
              draw,
              recordsTotal: page.total,
              recordsFiltered: page.filtered,
              data: page.rows.map((r) => ({
                id: r.id,
                name: r.name,
                description: r.description,
                activityCount: r.activity_count,
                scheduleType: r.schedule_type === 'CRON' ? ('CRON' as const) : ('MANUAL' as const),
                cronExpression: r.cron_expression,
                cronState: r.cron_state,
                lastExecutionId: r.last_id,
                lastExecutionStatus: r.last_status,
                lastExecutionStatusLabel: r.last_status ? jobStatusLabel(r.last_status) : null,
                lastExecutionAt: r.last_at ? r.last_at.toISOString() : null,
              })),
            };
          }
        }
      },
    );

    app.get(
      '/v2/jobs/:id',
      {
        config: { module: 'required', privilege: { code: 'job' } },
        schema: {
          tags: TAG,
          summary: 'One job with its activities (in sequence), filters and settings',
          params: idParams,
          response: { 200: jobDetailSchema },
        },
      },
      (req) => getJobDetail(ctx.db, moduleOf(req), req.params.id),
    );

    app.post(
      '/v2/jobs',
      {
        config: { module: 'required', privilege: { code: 'createJob' } },
        schema: {
          tags: TAG,
          summary: 'Create a job, or with opertionType=MANUAL_JOB_EXEC run one',
          description:
            'Without opertionType: create (body: the job, its activities and jobFilters; checks in the spec order; answers the saved job). opertionType=MANUAL_JOB_EXEC: run (body `{ id, jobExecutionParam: { batchNumber, cycleNumber, endDate }, fileIds? }`; answers the RUNNABLE execution).',
          querystring: z.object({ opertionType: z.enum(JOB_POST_OPERATIONS).optional() }),
          body: z.union([jobSaveRequestSchema, jobRunRequestSchema]).describe('job, or run request'),
          response: { 200: z.union([jobDetailSchema, jobExecutionDetailSchema]) },
        },
        validatorCompiler: bodyParsedByOperation,
      },
      (req) => {
        const moduleId = moduleOf(req);
        const actor = actorOf(req);
        if (req.query.opertionType === 'MANUAL_JOB_EXEC') {
          return runJob(ctx, moduleId, parseBody(jobRunRequestSchema, req.body ?? {}), actor);
        }
        return saveJob(ctx, moduleId, parseBody(jobSaveRequestSchema, req.body ?? {}), actor, 'create');
      },
    );

    app.put(
      '/v2/jobs',
      {
        config: { module: 'required', privilege: { code: 'createJob' } },
        schema: {
          tags: TAG,
          summary: 'Update a job, or change its cron schedule',
          description:
            'opertionType=UPDATE: the job body with its id (answers the saved job). SCHEDULE_CRON_JOB `{ id, cronExpression }`, PAUSE_CRON_JOB, RESUME_CRON_JOB, TERMINATE_CRON_JOB `{ id }`: answer the job with its cronState.',
          querystring: z.object({ opertionType: z.enum(JOB_PUT_OPERATIONS) }),
          body: z.union([jobSaveRequestSchema, jobCronRequestSchema]).describe('job, or cron request'),
          response: { 200: jobDetailSchema },
        },
        validatorCompiler: bodyParsedByOperation,
      },
      (req) => {
        const moduleId = moduleOf(req);
        const actor = actorOf(req);
        const operation = req.query.opertionType;
        if (operation === 'UPDATE') {
          return saveJob(ctx, moduleId, parseBody(jobSaveRequestSchema, req.body ?? {}), actor, 'update');
        }
        return changeSchedule(ctx, moduleId, operation, parseBody(jobCronRequestSchema, req.body ?? {}), actor);
      },
    );
  };
}
