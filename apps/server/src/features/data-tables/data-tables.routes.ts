import {
  addDataTableColumnRequestSchema,
  createDataTableRequestSchema,
  dataTableDetailSchema,
  dataTableRowSchema,
  dataTablesQuerySchema,
  dataTablesResponseSchema,
  duplicateCheckConfigQuerySchema,
  duplicateCheckConfigSchema,
  duplicateCheckConfigsResponseSchema,
  messageBodySchema,
  type PrivilegeRule,
  saveDuplicateCheckConfigRequestSchema,
  statusColumnsQuerySchema,
  tableColumnsQuerySchema,
  tableColumnsResponseSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { listDataTables } from '@/lib/data-tables/registry.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as service from './data-tables.service.ts';

const TAG = ['Data tables'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
/** viewAdminDataTable is the admin code of this screen: it reads and writes. */
const ADMIN: PrivilegeRule = { code: 'viewAdminDataTable' };
// The table pickers of the data-source and pipeline forms list tables too.
const LIST_READERS: PrivilegeRule = { anyOf: ['viewAdminDataTable', 'createEditDataSource', 'pipelines'] };
// Column pickers serve every configuration screen that names a table's columns.
const COLUMN_READERS: PrivilegeRule = {
  anyOf: [
    'viewAdminDataTable',
    'masterData',
    'pipelines',
    'dataSources',
    'viewDataSource',
    'createEditDataSource',
    'rules',
    'viewRule',
    'createEditRule',
  ],
};

/** Data tables, their columns and duplicate-check configs (spec 2). Everything is scoped to the selected module. */
export function dataTableRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/datatables',
      {
        config: { module: 'required', privilege: LIST_READERS },
        schema: {
          tags: TAG,
          summary: "The module's data tables (DataTables)",
          description:
            'Column filters `columns[i][data]` ∈ name, kind, description, tableName, columnCount, createdAt (contains); `search[value]` over name, tableName and description; `order[i]`. Both kinds (DATA and MASTER) are listed.',
          querystring: dataTablesQuerySchema,
          response: { 200: dataTablesResponseSchema(dataTableRowSchema) },
        },
      },
      async (req) => {
        const { rows, total, filtered } = await listDataTables(ctx.db, moduleId(req), req.query);
        return { draw: req.query.draw, recordsTotal: total, recordsFiltered: filtered, data: rows };
      },
    );

    app.get(
      '/v2/datatables/columns',
      {
        config: { module: 'required', privilege: COLUMN_READERS },
        schema: {
          tags: TAG,
          summary: "A table's columns with their types (Find=WithType)",
          description:
            'User columns in their order, then the system columns (`_…`, isSystem true). `table` is the physical or the logical name; 404 when the module has no such table.',
          querystring: tableColumnsQuerySchema,
          response: { 200: tableColumnsResponseSchema },
        },
      },
      async (req) => ({ data: await service.tableColumns(ctx, moduleId(req), req.query.table) }),
    );

    app.get(
      '/v2/datatables/statuscolumns',
      {
        config: { module: 'required', privilege: COLUMN_READERS },
        schema: {
          tags: TAG,
          summary: 'Status-column options of a table',
          description: 'The user columns named `status` or `status_N`, then `_recon_status`.',
          querystring: statusColumnsQuerySchema,
          response: { 200: tableColumnsResponseSchema },
        },
      },
      async (req) => ({ data: await service.statusColumns(ctx, moduleId(req), req.query.table) }),
    );

    app.get(
      '/v2/datatables/:id',
      {
        config: { module: 'required', privilege: LIST_READERS },
        schema: {
          tags: TAG,
          summary: 'One data table with its columns and duplicate-check config',
          params: idParams,
          response: { 200: dataTableDetailSchema },
        },
      },
      (req) => service.getTableDetail(ctx, moduleId(req), req.params.id),
    );

    app.post(
      '/v2/datatables',
      {
        config: { module: 'required', privilege: ADMIN },
        schema: {
          tags: TAG,
          summary: 'Create a data table (create-data-table)',
          description:
            'Registers the table and creates its physical main, history and invalid tables in one transaction. isMoney defaults to true for DOUBLE and FLOAT (stored as numeric(20,4)).',
          body: createDataTableRequestSchema,
          response: { 200: dataTableDetailSchema },
        },
      },
      (req) => service.createTable(ctx, moduleActorOf(req), req.body),
    );

    app.post(
      '/v2/datatables/:id/columns',
      {
        config: { module: 'required', privilege: ADMIN },
        schema: {
          tags: TAG,
          summary: 'Add a column to a data table',
          description:
            'ALTER TABLE … ADD COLUMN on the main, history and invalid tables, with the registry row, in one transaction.',
          params: idParams,
          body: addDataTableColumnRequestSchema,
          response: { 200: dataTableDetailSchema },
        },
      },
      (req) => service.addColumn(ctx, moduleActorOf(req), req.params.id, req.body),
    );

    app.get(
      '/v2/duplicatecheckconfigs',
      {
        config: { module: 'required', privilege: COLUMN_READERS },
        schema: {
          tags: TAG,
          summary: "A table's duplicate-check config (Find=TableName)",
          querystring: duplicateCheckConfigQuerySchema,
          response: { 200: duplicateCheckConfigsResponseSchema },
        },
      },
      async (req) => ({ data: await service.duplicateCheckConfigs(ctx, moduleId(req), req.query.tableName) }),
    );

    app.put(
      '/v2/duplicatecheckconfigs',
      {
        config: { module: 'required', privilege: ADMIN },
        schema: {
          tags: TAG,
          summary: "Set a table's duplicate-check columns",
          description:
            'Creates or replaces the config of `tableName`; every column must be a user column of the table.',
          body: saveDuplicateCheckConfigRequestSchema,
          response: { 200: duplicateCheckConfigSchema },
        },
      },
      (req) => service.saveDuplicateCheckConfig(ctx, moduleActorOf(req), req.body),
    );

    app.delete(
      '/v2/duplicatecheckconfigs/:id',
      {
        config: { module: 'required', privilege: ADMIN },
        schema: {
          tags: TAG,
          summary: 'Delete a duplicate-check config',
          params: idParams,
          response: { 200: messageBodySchema },
        },
      },
      (req) => service.deleteDuplicateCheckConfig(ctx, moduleActorOf(req), req.params.id),
    );
  };
}
