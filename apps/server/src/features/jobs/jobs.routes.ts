import {
  BOT_BUSINESS_MODELS,
  BOT_CATALOGUE,
  BOT_DATE_PARAM_FORMAT,
  jobEndpoints as E,
  type EndpointInput,
  type JobCronOperation,
  jobStatusLabel,
  readPagingParams,
} from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { moduleOf } from '@/lib/actor.ts';
import { type Route, registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import { actorOf, getJobDetail, saveJob } from './jobs.service.ts';
import * as lq from './jobs-list.queries.ts';
import { changeSchedule, runJob } from './jobs-run.service.ts';
import { jobSettingsRoutes } from './jobs-settings.routes.ts';

type Input<K extends keyof typeof E> = EndpointInput<(typeof E)[K]>;

/** GET v2/jobs?Find=EmailFetchConfigs: the rules and mail accounts an EMAIL_FETCH activity chooses from. */
async function emailFetchConfigs(ctx: FeatureContext, moduleId: number) {
  const [rules, accounts] = await Promise.all([
    lq.listEmailFetchRules(ctx.db, moduleId),
    lq.listMailAccounts(ctx.db, moduleId),
  ]);
  return {
    data: rules.map((r) => ({
      id: r.id,
      name: r.name,
      sender: r.sender,
      subjectPattern: r.subject_pattern,
      attachmentPattern: r.attachment_pattern,
      pipelineId: r.pipeline_id,
      pipelineName: r.pipeline_name,
      isActive: r.is_active,
    })),
    accounts: accounts.map((a) => ({ id: a.id, provider: a.provider, account: a.account, status: a.status })),
  };
}

/** GET v2/jobs without Find: a DataTables page of the module's jobs with their last run. */
async function listJobs(ctx: FeatureContext, { query }: Input<'list'>, req: FastifyRequest) {
  const { columns, order } = readPagingParams(query);
  const search = String(query['search[value]'] ?? '');
  const { start, length } = query;
  const page = await lq.listJobs(ctx.db, moduleOf(req), { start, length, columns, order, search });
  return pagedList(query, {
    total: page.total,
    filtered: page.filtered,
    rows: page.rows.map((r) => ({
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
  });
}

/** Find=JobsFromAllModules: the jobs of every module the caller is assigned to. */
async function listJobsOfUserModules(ctx: FeatureContext, req: FastifyRequest) {
  const rows = await lq.listJobsOfUserModules(ctx.db, [...req.requirePrincipal().moduleIds]);
  return { data: rows.map((r) => ({ id: r.id, name: r.name, moduleId: r.module_id, moduleName: r.module_name })) };
}

/** Find=BotConfigs: the bot catalogue, copied out of its read-only constants. */
function botConfigs() {
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
}

/** Find=ExportReportConfigs: the module's export report configs, of one type when asked. */
async function listExportReportConfigs(
  ctx: FeatureContext,
  { query }: Input<'exportReportConfigs'>,
  req: FastifyRequest,
) {
  const rows = await lq.listExportReportConfigs(ctx.db, moduleOf(req), query.exportJobTypeName);
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

/** PUT v2/jobs?opertionType=<a cron operation>: one endpoint per operation, the same service call. */
function cronRoute(ctx: FeatureContext, endpoint: (typeof E)['scheduleCron'], operation: JobCronOperation): Route {
  return route(endpoint, ({ body }, req) => changeSchedule(ctx, moduleOf(req), operation, body, actorOf(req)));
}

/** Jobs, their activities, runs and schedules (spec 2): the endpoints of `jobEndpoints` and the job settings. */
export function jobRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(jobSettingsRoutes(ctx));
    registerRoutes(app, [
      route(E.list, (input, req) => listJobs(ctx, input, req)),
      route(E.fromAllModules, (_input, req) => listJobsOfUserModules(ctx, req)),
      route(E.botConfigs, () => botConfigs()),
      route(E.exportReportConfigs, (input, req) => listExportReportConfigs(ctx, input, req)),
      route(E.exportReportConfigTypes, async (_input, req) => ({
        data: await lq.listExportJobTypeNames(ctx.db, moduleOf(req)),
      })),
      route(E.emailFetchConfigs, (_input, req) => emailFetchConfigs(ctx, moduleOf(req))),
      route(E.detail, ({ params }, req) => getJobDetail(ctx.db, moduleOf(req), params.id)),
      route(E.create, ({ body }, req) => saveJob(ctx, moduleOf(req), body, actorOf(req), 'create')),
      route(E.run, ({ body }, req) => runJob(ctx, moduleOf(req), body, actorOf(req))),
      route(E.update, ({ body }, req) => saveJob(ctx, moduleOf(req), body, actorOf(req), 'update')),
      cronRoute(ctx, E.scheduleCron, 'SCHEDULE_CRON_JOB'),
      cronRoute(ctx, E.pauseCron, 'PAUSE_CRON_JOB'),
      cronRoute(ctx, E.resumeCron, 'RESUME_CRON_JOB'),
      cronRoute(ctx, E.terminateCron, 'TERMINATE_CRON_JOB'),
    ]);
  };
}
