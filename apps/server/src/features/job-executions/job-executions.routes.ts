import { jobExecutionEndpoints as E, type EndpointInput, readPagingParams } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { toExecutionRow } from '@/jobs/execution-view.ts';
import { moduleOf } from '@/lib/actor.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import * as q from './job-executions.queries.ts';
import * as service from './job-executions.service.ts';

/** GET v2/jobexecutions without Find: a DataTables page of the module's runs. */
async function listJobExecutions(ctx: FeatureContext, { query }: EndpointInput<typeof E.list>, req: FastifyRequest) {
  const { columns, order } = readPagingParams(query);
  const { start, length, jobId, status, fromDate, toDate } = query;
  const page = await q.listExecutions(ctx.db, moduleOf(req), {
    jobId,
    status,
    fromDate,
    toDate,
    columns,
    order,
    start,
    length,
  });
  return pagedList(query, { total: page.total, filtered: page.filtered, rows: page.rows.map(toExecutionRow) });
}

/** Job executions and their activity executions (spec 2): the endpoints of `jobExecutionEndpoints`. */
export function jobExecutionRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, (input, req) => listJobExecutions(ctx, input, req)),
      route(E.lastByJob, ({ query }, req) => service.lastByJob(ctx.db, moduleOf(req), query.jobId)),
      route(E.lastByDataSource, ({ query }, req) =>
        service.lastByDataSource(ctx.db, moduleOf(req), query.dataSourceId),
      ),
      route(E.detail, ({ params }, req) => service.getDetail(ctx.db, moduleOf(req), params.id)),
      route(E.retryFailed, ({ params }, req) =>
        service.retryFailed(ctx, moduleOf(req), params.id, service.actorOf(req)),
      ),
      route(E.decideFileApproval, ({ params, query }, req) =>
        service.decideFileApproval(ctx, moduleOf(req), params.id, query.approvalStatus, service.actorOf(req)),
      ),
      route(E.validateMakerChecker, ({ params, body }, req) =>
        service.validateMakerChecker(ctx.db, moduleOf(req), params.id, body, req.requirePrincipal().userId),
      ),
    ]);
}
