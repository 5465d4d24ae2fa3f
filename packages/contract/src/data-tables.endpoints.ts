import {
  addDataTableColumnRequestSchema,
  createDataTableRequestSchema,
  dataTableDetailSchema,
  dataTableRowSchema,
  duplicateCheckConfigQuerySchema,
  duplicateCheckConfigSchema,
  duplicateCheckConfigsResponseSchema,
  saveDuplicateCheckConfigRequestSchema,
  statusColumnsQuerySchema,
  tableColumnsQuerySchema,
  tableColumnsResponseSchema,
} from './data-tables.ts';
import { endpoint, idParamsSchema } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import { pagedAnswerSchema, pagedQuerySchema } from './paging.ts';
import type { PrivilegeRule } from './privileges.ts';

const base = { module: 'required', tags: ['Data tables'] } as const;
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
const LIST = '/v2/datatables';
const ONE = '/v2/datatables/:id';
const DUPLICATE_CHECKS = '/v2/duplicatecheckconfigs';

/** Data tables, their columns and duplicate-check configs (spec 2). Everything is scoped to the selected module. */
export const dataTableEndpoints = {
  list: endpoint({
    ...base,
    name: 'dataTables.list',
    method: 'GET',
    path: LIST,
    privilege: LIST_READERS,
    query: pagedQuerySchema,
    response: pagedAnswerSchema(dataTableRowSchema),
    summary: "The module's data tables (DataTables)",
    description:
      'Column filters `columns[i][data]` ∈ name, kind, description, tableName, columnCount, createdAt (contains); `search[value]` over name, tableName and description; `order[i]`. Both kinds (DATA and MASTER) are listed.',
  }),
  columns: endpoint({
    ...base,
    name: 'dataTables.columns',
    method: 'GET',
    path: `${LIST}/columns`,
    discriminator: { name: 'Find', value: 'WithType' },
    privilege: COLUMN_READERS,
    query: tableColumnsQuerySchema,
    response: tableColumnsResponseSchema,
    summary: "A table's columns with their types (Find=WithType)",
    description:
      'User columns in their order, then the system columns (`_…`, isSystem true). `table` is the physical or the logical name; 404 when the module has no such table.',
  }),
  statusColumns: endpoint({
    ...base,
    name: 'dataTables.statusColumns',
    method: 'GET',
    path: `${LIST}/statuscolumns`,
    privilege: COLUMN_READERS,
    query: statusColumnsQuerySchema,
    response: tableColumnsResponseSchema,
    summary: 'Status-column options of a table',
    description: 'The user columns named `status` or `status_N`, then `_recon_status`.',
  }),
  detail: endpoint({
    ...base,
    name: 'dataTables.detail',
    method: 'GET',
    path: ONE,
    privilege: LIST_READERS,
    params: idParamsSchema,
    response: dataTableDetailSchema,
    summary: 'One data table with its columns and duplicate-check config',
  }),
  create: endpoint({
    ...base,
    name: 'dataTables.create',
    method: 'POST',
    path: LIST,
    privilege: ADMIN,
    body: createDataTableRequestSchema,
    response: dataTableDetailSchema,
    summary: 'Create a data table (create-data-table)',
    description:
      'Registers the table and creates its physical main, history and invalid tables in one transaction. isMoney defaults to true for DOUBLE and FLOAT (stored as numeric(20,4)).',
  }),
  addColumn: endpoint({
    ...base,
    name: 'dataTables.addColumn',
    method: 'POST',
    path: `${ONE}/columns`,
    privilege: ADMIN,
    params: idParamsSchema,
    body: addDataTableColumnRequestSchema,
    response: dataTableDetailSchema,
    summary: 'Add a column to a data table',
    description:
      'ALTER TABLE … ADD COLUMN on the main, history and invalid tables, with the registry row, in one transaction.',
  }),
  duplicateCheckConfigs: endpoint({
    ...base,
    name: 'dataTables.duplicateCheckConfigs',
    method: 'GET',
    path: DUPLICATE_CHECKS,
    discriminator: { name: 'Find', value: 'TableName' },
    privilege: COLUMN_READERS,
    query: duplicateCheckConfigQuerySchema,
    response: duplicateCheckConfigsResponseSchema,
    summary: "A table's duplicate-check config (Find=TableName)",
  }),
  saveDuplicateCheckConfig: endpoint({
    ...base,
    name: 'dataTables.saveDuplicateCheckConfig',
    method: 'PUT',
    path: DUPLICATE_CHECKS,
    privilege: ADMIN,
    body: saveDuplicateCheckConfigRequestSchema,
    response: duplicateCheckConfigSchema,
    summary: "Set a table's duplicate-check columns",
    description: 'Creates or replaces the config of `tableName`; every column must be a user column of the table.',
  }),
  deleteDuplicateCheckConfig: endpoint({
    ...base,
    name: 'dataTables.deleteDuplicateCheckConfig',
    method: 'DELETE',
    path: `${DUPLICATE_CHECKS}/:id`,
    privilege: ADMIN,
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a duplicate-check config',
  }),
} as const;
