import {
  APPROVALS_PRIVILEGE,
  approvalDecisionBodySchema,
  approvalDecisionQuerySchema,
  approvalDetailSchema,
  approvalRowsPageSchema,
  approvalRowsQuerySchema,
  approvalsPageSchema,
  approvalsQuerySchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { listApprovals } from './approvals.queries.ts';
import * as service from './approvals.service.ts';

const TAG = ['Approvals'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

const DECIDE_DESCRIPTION = [
  'Maker-checker (decision 0010): whoever requested it can never approve or reject it (400, whatever their privileges); a request is decided once (409 afterwards).',
  '**Operation=Approve** `{ remark? }`: a ROLLBACK is planned again from the database and queued (the rollback request goes QUEUED → ONGOING → …, followed in Rollback History); 409 naming them when later job executions used the data meanwhile (the request keeps waiting). A BULK_KNOCK_OFF runs as the Transactions action would (one journaled KNOCK_OFF recon run, started by the requester, with their reason); when some rows are not open any more the request ends FAILED with `failureReason` naming them and nothing is knocked off.',
  '**Operation=Reject** `{ remark }` (required): nothing is done; a rollback request ends REJECTED ("Approval rejected") and its job execution is back to its status before the request.',
  'Every decision and every refusal is audited (APPROVAL_APPROVED, APPROVAL_REJECTED, APPROVAL_FAILED).',
].join('\n\n');

/** My Jobs › Approvals (spec 1, privilege pendingApprovals): requests waiting for a second person. Module-scoped. */
export function approvalRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/approvals',
      {
        config: { module: 'required', privilege: APPROVALS_PRIVILEGE },
        schema: {
          tags: TAG,
          summary: "The module's approval requests, newest first (DataTables)",
          description:
            'Columns approvalId, kind, summary, requestedBy, requestedAt, status, decidedBy, decidedAt (search and order); filters `status` (ACTION_PENDING, APPROVED, REJECTED, FAILED…) and `kind` (ROLLBACK, BULK_KNOCK_OFF).',
          querystring: approvalsQuerySchema,
          response: { 200: approvalsPageSchema },
        },
      },
      async (req) => {
        const { rows, total, filtered } = await listApprovals(ctx.db, moduleId(req), req.query);
        return { draw: req.query.draw, recordsTotal: total, recordsFiltered: filtered, data: rows };
      },
    );

    app.get(
      '/v2/approvals/:id',
      {
        config: { module: 'required', privilege: APPROVALS_PRIVILEGE },
        schema: {
          tags: TAG,
          summary: 'One approval request: what it would do, and whether the caller may decide it',
          description:
            'A BULK_KNOCK_OFF has `knockOff` (recon, data source, reason, row count, columns; the rows with GET /v2/approvals/{id}/rows); a ROLLBACK has `rollback` (the rollback request and its impact — worked out again while it waits). `canDecide` is false with `cannotDecideReason` for the requester or a decided request. 404 for an id of another module.',
          params: idParams,
          response: { 200: approvalDetailSchema },
        },
      },
      (req) => service.getDetail(ctx.db, moduleActorOf(req), req.params.id),
    );

    app.get(
      '/v2/approvals/:id/rows',
      {
        config: { module: 'required', privilege: APPROVALS_PRIVILEGE },
        schema: {
          tags: TAG,
          summary: "A page of a knock-off request's rows as they are now (DataTables, id order)",
          description: '400 for a request that is not a knock-off; 404 for an id of another module.',
          params: idParams,
          querystring: approvalRowsQuerySchema,
          response: { 200: approvalRowsPageSchema },
        },
      },
      (req) => service.getRows(ctx.db, moduleId(req), req.params.id, req.query),
    );

    app.put(
      '/v2/approvals/:id',
      {
        config: { module: 'required', privilege: APPROVALS_PRIVILEGE },
        schema: {
          tags: TAG,
          summary: 'Decide an approval request: Operation=Approve or Reject',
          description: DECIDE_DESCRIPTION,
          params: idParams,
          querystring: approvalDecisionQuerySchema,
          body: approvalDecisionBodySchema,
          response: { 200: approvalDetailSchema },
        },
      },
      (req) => service.decide(ctx, moduleActorOf(req), req.params.id, req.query.Operation, req.body.remark, app.log),
    );
  };
}
