import { createDataTableRequestSchema, dataTableDetailSchema, dataTableRowSchema } from './data-tables.ts';
import { endpoint, idParamsSchema } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import { masterDataRowParamsSchema, masterDataRowRequestSchema, masterDataRowSchema } from './master-data.ts';
import { pagedAnswerSchema, pagedQuerySchema } from './paging.ts';

const base = { module: 'required', privilege: { code: 'masterData' }, tags: ['Master data'] } as const;
const TABLES = '/v2/masterdata';
const ROWS = '/v2/masterdata/:id/rows';
const ROW = '/v2/masterdata/:id/rows/:rowId';

/** Master data: reference tables (data tables of kind MASTER) edited in the browser or loaded by upload (spec 2). */
export const masterDataEndpoints = {
  listTables: endpoint({
    ...base,
    name: 'masterData.listTables',
    method: 'GET',
    path: TABLES,
    query: pagedQuerySchema,
    response: pagedAnswerSchema(dataTableRowSchema),
    summary: "The module's master data tables (DataTables)",
    description: 'Same filters as GET /v2/datatables, MASTER tables only.',
  }),
  table: endpoint({
    ...base,
    name: 'masterData.table',
    method: 'GET',
    path: '/v2/masterdata/:id',
    params: idParamsSchema,
    response: dataTableDetailSchema,
    summary: 'One master data table with its columns',
  }),
  createTable: endpoint({
    ...base,
    name: 'masterData.createTable',
    method: 'POST',
    path: TABLES,
    body: createDataTableRequestSchema,
    response: dataTableDetailSchema,
    summary: 'Create a master data table',
    description: 'Same body and checks as POST /v2/datatables; the table is of kind MASTER.',
  }),
  listRows: endpoint({
    ...base,
    name: 'masterData.listRows',
    method: 'GET',
    path: ROWS,
    params: idParamsSchema,
    query: pagedQuerySchema,
    response: pagedAnswerSchema(masterDataRowSchema),
    summary: "A master data table's rows (DataTables)",
    description:
      'Each row is `_id` plus every user column as text or null: dates YYYY-MM-DD, date-times YYYY-MM-DDTHH:mm:ss, money as an exact decimal string. `columns[i][data]` is a column name (contains search); `search[value]` searches every column; `order[i]` sorts by the typed column.',
  }),
  createRow: endpoint({
    ...base,
    name: 'masterData.createRow',
    method: 'POST',
    path: ROWS,
    params: idParamsSchema,
    body: masterDataRowRequestSchema,
    response: masterDataRowSchema,
    summary: 'Add a row',
    description:
      '`values` maps column names to values (text or number; empty or null clears). Each value is checked and cast by its column type; every problem names its column.',
  }),
  updateRow: endpoint({
    ...base,
    name: 'masterData.updateRow',
    method: 'PUT',
    path: ROW,
    params: masterDataRowParamsSchema,
    body: masterDataRowRequestSchema,
    response: masterDataRowSchema,
    summary: 'Change a row',
    description: 'Only the columns sent change. The previous version is kept in the history table.',
  }),
  deleteRow: endpoint({
    ...base,
    name: 'masterData.deleteRow',
    method: 'DELETE',
    path: ROW,
    params: masterDataRowParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a row',
    description: 'The deleted version is kept in the history table.',
  }),
} as const;
