import {
  dataTablesResponseSchema,
  type PrivilegeRule,
  ROLLBACK_IMPACT_PRIVILEGE,
  ROLLBACK_REQUEST_PRIVILEGE,
  requestRollbackQuerySchema,
  rollbackDetailSchema,
  rollbackImpactSchema,
  rollbackRowSchema,
  rollbacksQuerySchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { listRollbacks } from './rollbacks.queries.ts';
import * as service from './rollbacks.service.ts';

const TAG = ['Rollbacks'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The Rollback History page (spec 2 menu code rollbackHistory). */
const HISTORY: PrivilegeRule = { code: 'rollbackHistory' };
const IMPACT_READERS = ROLLBACK_IMPACT_PRIVILEGE;
const ROLLERS = ROLLBACK_REQUEST_PRIVILEGE;

/** Rollbacks of job executions (spec 2 §7): impact, request, retry, history. Every call is scoped to the module. */
export function rollbackRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/jobexecutions/:id/rollback_impact',
      {
        config: { module: 'required', privilege: IMPACT_READERS },
        schema: {
          tags: TAG,
          summary: 'What a rollback of the execution would undo, and whether it can be requested',
          description:
            'Per pipeline the files and the rows they loaded (data and invalid rows), the recon runs of the execution, and the dependencies (DEPENDENCY_EXPLORED): recon runs outside the execution that used its data. A run of a later execution blocks the rollback (that execution goes first: blockingExecutions); a manual action or Run recon is rolled back by the same request, first.',
          params: idParams,
          response: { 200: rollbackImpactSchema },
        },
      },
      (req) => service.getImpact(ctx.db, moduleId(req), req.params.id),
    );

    app.put(
      '/v2/executionrollbacks',
      {
        config: { module: 'required', privilege: ROLLERS },
        schema: {
          tags: TAG,
          summary: 'Request the rollback of a job execution (Operation=RetryFailedJob)',
          description:
            'Creates a rollback request (QUEUED) with its records and dependencies and runs it in the background: recon runs newest first, then the rows of each pipeline’s files, then the execution (ROLLED_BACK). In a module where rollbacks need approval (Module Settings) the request is APPROVAL_PENDING instead (records CREATED, nothing rolled back) with an approval request in My Jobs › Approvals: another user approves it (it is planned again and queued) or rejects it (REJECTED, "Approval rejected"). 400 when the execution is not completed, partially completed or failed; 409 when a rollback of it exists or later executions used its data (named). Needs rollbackHistory, jobExecutions and createJob.',
          querystring: requestRollbackQuerySchema,
          response: { 200: rollbackDetailSchema },
        },
      },
      (req) => service.requestRollback(ctx, moduleActorOf(req), req.query.jobExecution, app.log),
    );

    app.put(
      '/v2/executionrollbacks/executeFailedJob/:id',
      {
        config: { module: 'required', privilege: ROLLERS },
        schema: {
          tags: TAG,
          summary: 'Retry a failed rollback from the step that failed',
          description:
            'A ROLLBACK_FAILED or PARTIALLY_ROLLEDBACK request is planned again from what is left (finished records stay) and queued. 400 for a request that did not fail; 409 when later executions used the data meanwhile.',
          params: idParams,
          response: { 200: rollbackDetailSchema },
        },
      },
      (req) => service.retryRollback(ctx, moduleActorOf(req), req.params.id, app.log),
    );

    app.get(
      '/v2/executionrollbacks',
      {
        config: { module: 'required', privilege: HISTORY },
        schema: {
          tags: TAG,
          summary: "The module's rollbacks, newest first (DataTables)",
          description:
            'Columns rollbackId, jobName, startTime, endTime, executedBy, status (search and order); filters status, jobExecutionId, fromDate, toDate.',
          querystring: rollbacksQuerySchema,
          response: { 200: dataTablesResponseSchema(rollbackRowSchema) },
        },
      },
      async (req) => {
        const { rows, total, filtered } = await listRollbacks(ctx.db, moduleId(req), req.query);
        return { draw: req.query.draw, recordsTotal: total, recordsFiltered: filtered, data: rows };
      },
    );

    app.get(
      '/v2/executionrollbacks/:id',
      {
        config: { module: 'required', privilege: HISTORY },
        schema: {
          tags: TAG,
          summary: 'One rollback with its records (steps, in order) and dependencies',
          params: idParams,
          response: { 200: rollbackDetailSchema },
        },
      },
      (req) => service.getDetail(ctx.db, moduleId(req), req.params.id),
    );
  };
}
