import {
  createDataElementRequestSchema,
  dataElementQuerySchema,
  dataElementSchema,
  dataElementsResponseSchema,
  dataSourceDetailQuerySchema,
  dataSourceDetailSchema,
  dataSourceNameCheckResponseSchema,
  dataSourceRequestSchema,
  dataSourceRowSchema,
  dataSourcesByResponseSchema,
  dataSourcesPutQuerySchema,
  dataSourcesQuerySchema,
  dataTablesResponseSchema,
  duplicateDataSourceRequestSchema,
  type PrivilegeRule,
  updateDataElementRequestSchema,
  updateSequenceRequestSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as elements from './data-elements.service.ts';
import * as service from './data-sources.service.ts';

const TAG = ['Data sources'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
// The rule editor reads a recon's data sources and their elements too.
const READERS: PrivilegeRule = {
  anyOf: ['dataSources', 'viewDataSource', 'createEditDataSource', 'rules', 'viewRule', 'createEditRule'],
};
const WRITERS: PrivilegeRule = { code: 'createEditDataSource' };

/** A body whose shape depends on a query discriminator is parsed here, with the usual 400 answer. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', defaultMessage: i.message }));
  throw new AppError('VALIDATION', errors[0]?.defaultMessage ?? 'Invalid request', errors);
}

/** Data sources and their data elements (spec 2). Everything is scoped to the selected module. */
export function dataSourceRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/datasources',
      {
        config: { module: 'required', privilege: READERS },
        schema: {
          tags: TAG,
          summary: 'Data sources: DataTables list, or Find=ByModule | ByRecon | validateDataSourceName',
          description:
            "Without Find: DataTables page; filters `name`, `reconName`, `pipelineName`, `table`, `recon` (id) or `columns[i][data]` ∈ name, recon, pipeline, table, sequence, isActive, createdAt, updatedAt (contains); `search[value]` over name, recon, pipeline and table. `Find=ByModule&moduleId=`: all of the module, `{ data }`. `Find=ByRecon&recon=<id>[&moduleId]`: that recon's data sources by sequence, `{ data }`. `Find=validateDataSourceName&name=[&id=<editing id>]`: `{ data: { isValid, message } }`. A `moduleId` other than X-Module-Id answers 403.",
          querystring: dataSourcesQuerySchema,
          response: {
            200: z.union([
              dataTablesResponseSchema(dataSourceRowSchema),
              dataSourcesByResponseSchema,
              dataSourceNameCheckResponseSchema,
            ]),
          },
        },
      },
      async (req) => {
        const query = req.query;
        switch (query.Find) {
          case 'ByModule':
            return { data: await service.byModule(ctx, moduleId(req), query.moduleId) };
          case 'ByRecon':
            return { data: await service.byRecon(ctx, moduleId(req), query.recon, query.moduleId) };
          case 'validateDataSourceName':
            return { data: await service.checkName(ctx, moduleId(req), query.name, query.id) };
          default: {
            const { rows, total, filtered } = await service.listPage(ctx, moduleId(req), query);
            return { draw: query.draw, recordsTotal: total, recordsFiltered: filtered, data: rows.map(service.toRow) };
          }
        }
      },
    );

    app.get(
      '/v2/datasources/:id',
      {
        config: { module: 'required', privilege: READERS },
        schema: {
          tags: TAG,
          summary: 'One data source with its full config, or with find=DataElements its data elements',
          description:
            'Limits are decimal strings. `find=DataElements`: `{ data }` of the elements ordered by sequence.',
          params: idParams,
          querystring: dataSourceDetailQuerySchema,
          response: { 200: z.union([dataSourceDetailSchema, dataElementsResponseSchema]) },
        },
      },
      async (req) => {
        if (req.query.find === 'DataElements') {
          return { data: await service.getElements(ctx, moduleId(req), req.params.id) };
        }
        return service.getDetail(ctx, moduleId(req), req.params.id);
      },
    );

    app.post(
      '/v2/datasources',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Create a data source (create-data-source)',
          description:
            "Checked in the spec's order (validateDataSourceForm), then: product is the selected module, name free in it, recon / pipelines / table in it (404 otherwise), the pipeline loads into the table, history and invalid tables are the table's, limits well-formed (COUNT whole, PERCENTAGE ≤ 100). Data elements default to the table's user columns. The new data source is last in its recon.",
          body: dataSourceRequestSchema,
          response: { 200: dataSourceDetailSchema },
        },
      },
      (req) => service.createDataSource(ctx, moduleActorOf(req), req.body),
    );

    app.put(
      '/v2/datasources',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Edit a data source (body with id), or with Operation=UpdateSequence reorder a recon',
          description:
            "Without Operation: the create body plus `id`; answers the data source. `Operation=UpdateSequence`: a list of `{ id, sequence }` of data sources of one recon (other fields ignored); the listed ones come first by sequence, the others follow, numbered from 1; answers the recon's data sources `{ data }`.",
          querystring: dataSourcesPutQuerySchema,
          body: z.unknown(),
          response: { 200: z.union([dataSourceDetailSchema, dataSourcesByResponseSchema]) },
        },
      },
      async (req) => {
        if (req.query.Operation === 'UpdateSequence') {
          const body = parseBody(updateSequenceRequestSchema, req.body);
          return { data: await service.updateSequence(ctx, moduleActorOf(req), body) };
        }
        const body = parseBody(dataSourceRequestSchema, req.body);
        if (body.id === undefined) {
          throw new AppError('VALIDATION', 'id is Required', [{ field: 'id', defaultMessage: 'id is Required' }]);
        }
        return service.updateDataSource(ctx, moduleActorOf(req), body.id, body);
      },
    );

    app.put(
      '/v2/datasources/:id',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Edit a data source (edit-data-source)',
          description:
            "Same checks as create. Moving it to another recon puts it last there; choosing another table resets its data elements to that table's columns.",
          params: idParams,
          body: dataSourceRequestSchema,
          response: { 200: dataSourceDetailSchema },
        },
      },
      (req) => service.updateDataSource(ctx, moduleActorOf(req), req.params.id, req.body),
    );

    app.post(
      '/v2/datasources/:id/duplicate',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Duplicate a data source under a new name into a recon',
          description: 'Copies pipelines, table, limits and data elements; the copy is last in its recon.',
          params: idParams,
          body: duplicateDataSourceRequestSchema,
          response: { 200: dataSourceDetailSchema },
        },
      },
      (req) => service.duplicateDataSource(ctx, moduleActorOf(req), req.params.id, req.body),
    );

    app.post(
      '/v2/datasources/createDataElement',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Add a data element to a data source',
          description:
            'The name must be a user column of the table, the type compatible with it (INT/BIGINT, DOUBLE/FLOAT, or equal). Placed at `sequence` (others move down) or last.',
          querystring: dataElementQuerySchema,
          body: createDataElementRequestSchema,
          response: { 200: dataElementSchema },
        },
      },
      (req) => elements.createDataElement(ctx, moduleActorOf(req), req.query.dataSourceId, req.body),
    );

    app.put(
      '/v2/datasources/updateDataElement',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Change one data element (by id): active, sequence, inputType, name, type',
          querystring: dataElementQuerySchema,
          body: updateDataElementRequestSchema,
          response: { 200: dataElementSchema },
        },
      },
      (req) => elements.updateDataElement(ctx, moduleActorOf(req), req.query.dataSourceId, req.body),
    );
  };
}
