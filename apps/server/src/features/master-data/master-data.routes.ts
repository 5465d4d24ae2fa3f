import {
  createDataTableRequestSchema,
  dataTableDetailSchema,
  dataTableRowSchema,
  dataTablesQuerySchema,
  dataTablesResponseSchema,
  masterDataRowRequestSchema,
  masterDataRowSchema,
  messageBodySchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { listDataTables } from '@/lib/data-tables/registry.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as service from './master-data.service.ts';

const TAG = ['Master data'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const rowParams = idParams.extend({ rowId: z.coerce.number().int().positive() });
const config = { module: 'required', privilege: { code: 'masterData' } } as const;

/** Master data: reference tables (data tables of kind MASTER) edited in the browser or loaded by upload (spec 2). */
export function masterDataRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/masterdata',
      {
        config,
        schema: {
          tags: TAG,
          summary: "The module's master data tables (DataTables)",
          description: 'Same filters as GET /v2/datatables, MASTER tables only.',
          querystring: dataTablesQuerySchema,
          response: { 200: dataTablesResponseSchema(dataTableRowSchema) },
        },
      },
      async (req) => {
        const { rows, total, filtered } = await listDataTables(ctx.db, moduleId(req), req.query, 'MASTER');
        return { draw: req.query.draw, recordsTotal: total, recordsFiltered: filtered, data: rows };
      },
    );

    app.get(
      '/v2/masterdata/:id',
      {
        config,
        schema: {
          tags: TAG,
          summary: 'One master data table with its columns',
          params: idParams,
          response: { 200: dataTableDetailSchema },
        },
      },
      (req) => service.getMasterTable(ctx, moduleId(req), req.params.id),
    );

    app.post(
      '/v2/masterdata',
      {
        config,
        schema: {
          tags: TAG,
          summary: 'Create a master data table',
          description: 'Same body and checks as POST /v2/datatables; the table is of kind MASTER.',
          body: createDataTableRequestSchema,
          response: { 200: dataTableDetailSchema },
        },
      },
      (req) => service.createMasterTable(ctx, moduleActorOf(req), req.body),
    );

    app.get(
      '/v2/masterdata/:id/rows',
      {
        config,
        schema: {
          tags: TAG,
          summary: "A master data table's rows (DataTables)",
          description:
            'Each row is `_id` plus every user column as text or null: dates YYYY-MM-DD, date-times YYYY-MM-DDTHH:mm:ss, money as an exact decimal string. `columns[i][data]` is a column name (contains search); `search[value]` searches every column; `order[i]` sorts by the typed column.',
          params: idParams,
          querystring: dataTablesQuerySchema,
          response: { 200: dataTablesResponseSchema(masterDataRowSchema) },
        },
      },
      async (req) => {
        const { rows, total, filtered } = await service.listMasterRows(ctx, moduleId(req), req.params.id, req.query);
        return { draw: req.query.draw, recordsTotal: total, recordsFiltered: filtered, data: rows };
      },
    );

    app.post(
      '/v2/masterdata/:id/rows',
      {
        config,
        schema: {
          tags: TAG,
          summary: 'Add a row',
          description:
            '`values` maps column names to values (text or number; empty or null clears). Each value is checked and cast by its column type; every problem names its column.',
          params: idParams,
          body: masterDataRowRequestSchema,
          response: { 200: masterDataRowSchema },
        },
      },
      (req) => service.createMasterRow(ctx, moduleActorOf(req), req.params.id, req.body),
    );

    app.put(
      '/v2/masterdata/:id/rows/:rowId',
      {
        config,
        schema: {
          tags: TAG,
          summary: 'Change a row',
          description: 'Only the columns sent change. The previous version is kept in the history table.',
          params: rowParams,
          body: masterDataRowRequestSchema,
          response: { 200: masterDataRowSchema },
        },
      },
      (req) => service.updateMasterRow(ctx, moduleActorOf(req), req.params.id, req.params.rowId, req.body),
    );

    app.delete(
      '/v2/masterdata/:id/rows/:rowId',
      {
        config,
        schema: {
          tags: TAG,
          summary: 'Delete a row',
          description: 'The deleted version is kept in the history table.',
          params: rowParams,
          response: { 200: messageBodySchema },
        },
      },
      (req) => service.deleteMasterRow(ctx, moduleActorOf(req), req.params.id, req.params.rowId),
    );
  };
}
