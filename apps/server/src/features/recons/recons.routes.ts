import {
  createReconRequestSchema,
  dataTablesResponseSchema,
  messageBodySchema,
  type PrivilegeRule,
  RECON_TEXTS,
  reconDetailSchema,
  reconRowSchema,
  reconsByModuleResponseSchema,
  reconsListQuerySchema,
  updateReconRequestSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as service from './recons.service.ts';

const TAG = ['Recons'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
// Transactions readers (viewRecons) and the pickers of the data-source, job and rule forms read recons too.
const READERS: PrivilegeRule = {
  anyOf: [
    'recons',
    'viewRecons',
    'dataSources',
    'viewDataSource',
    'createEditDataSource',
    'createJob',
    'rules',
    'createEditRule',
  ],
};
const WRITERS: PrivilegeRule = { code: 'recons' };

/** Recons (spec 2): a recon joins two data sources, side A (sequence 1) and side B (sequence 2). Rules come later. */
export function reconRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/recons',
      {
        config: { module: 'required', privilege: READERS },
        schema: {
          tags: TAG,
          summary: "The module's recons (DataTables), or with Find=ByModule all of them",
          description:
            'Without Find: DataTables page; `columns[i][data]` ∈ name, description, dataSourceCount, createdAt, updatedAt; `search[value]` over name and description. `Find=ByModule&module=<id>`: every recon of the selected module as `{ data }`; a `module` other than X-Module-Id answers 403.',
          querystring: reconsListQuerySchema,
          response: { 200: z.union([dataTablesResponseSchema(reconRowSchema), reconsByModuleResponseSchema]) },
        },
      },
      async (req) => {
        if (req.query.Find === 'ByModule') {
          return { data: await service.reconsOfModule(ctx, moduleId(req), req.query.module) };
        }
        const { rows, total, filtered } = await service.listPage(ctx, moduleId(req), req.query);
        return {
          draw: req.query.draw,
          recordsTotal: total,
          recordsFiltered: filtered,
          data: rows,
        };
      },
    );

    app.get(
      '/v2/recons/:id',
      {
        config: { module: 'required', privilege: READERS },
        schema: {
          tags: TAG,
          summary: 'One recon with its data sources (side A = sequence 1, side B = sequence 2)',
          params: idParams,
          response: { 200: reconDetailSchema },
        },
      },
      (req) => service.getReconDetail(ctx, moduleId(req), req.params.id),
    );

    app.post(
      '/v2/recons',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Create a recon (create-recon)',
          body: createReconRequestSchema,
          response: { 200: reconDetailSchema },
        },
      },
      (req) => service.createRecon(ctx, moduleActorOf(req), req.body),
    );

    app.put(
      '/v2/recons',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Edit a recon (edit-recon), id in the body',
          description:
            'Name, description and, optionally, both `sideADataSourceId` and `sideBDataSourceId` (two different data sources of this recon; they get sequence 1 and 2, the others follow).',
          body: updateReconRequestSchema,
          response: { 200: reconDetailSchema },
        },
      },
      (req) => {
        if (req.body.id === undefined) {
          throw new AppError('VALIDATION', 'id is Required', [{ field: 'id', defaultMessage: 'id is Required' }]);
        }
        return service.updateRecon(ctx, moduleActorOf(req), req.body.id, req.body);
      },
    );

    app.put(
      '/v2/recons/:id',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Edit a recon (edit-recon)',
          description: 'Same body as PUT /v2/recons; the path id wins.',
          params: idParams,
          body: updateReconRequestSchema,
          response: { 200: reconDetailSchema },
        },
      },
      (req) => service.updateRecon(ctx, moduleActorOf(req), req.params.id, req.body),
    );

    app.delete(
      '/v2/recons/:id',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Delete a recon',
          description: `Refused (400) while data sources use it or jobs run it. Answers "${RECON_TEXTS.deleted}".`,
          params: idParams,
          response: { 200: messageBodySchema },
        },
      },
      (req) => service.deleteRecon(ctx, moduleActorOf(req), req.params.id),
    );
  };
}
