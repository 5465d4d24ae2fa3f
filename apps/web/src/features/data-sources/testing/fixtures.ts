import type { DataSourceDetail, DataTableDetail, DataTableRow, Pipeline, ReconRow, TableColumn } from '@recon/contract';

/** Server answers of the demo shape (module 1, the test module), shared by this feature's tests. */
export const RECON: ReconRow = {
  id: 5,
  name: 'Bank vs Gateway',
  description: '',
  dataSourceCount: 2,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
};

export const TABLE_ROW: DataTableRow = {
  id: 11,
  name: 'bank_statement',
  kind: 'DATA',
  description: '',
  columnCount: 2,
  tableName: 'm1_bank_statement',
  createdAt: '2026-11-21T10:00:00Z',
};

export const TABLE_DETAIL: DataTableDetail = {
  ...TABLE_ROW,
  historyTableName: 'm1_bank_statement_history',
  invalidTableName: 'm1_bank_statement_invalid',
  updatedAt: '2026-11-21T10:00:00Z',
  columns: [
    { id: 1, name: 'reference', dataType: 'VARCHAR', isMoney: false, maxLength: null, sequence: 1 },
    { id: 2, name: 'amount', dataType: 'DOUBLE', isMoney: true, maxLength: null, sequence: 2 },
  ],
  duplicateCheck: null,
};

export const COLUMNS: TableColumn[] = [
  { name: 'reference', type: 'VARCHAR', isMoney: false, isSystem: false },
  { name: 'amount', type: 'DOUBLE', isMoney: true, isSystem: false },
  { name: 'utr', type: 'VARCHAR', isMoney: false, isSystem: false },
  { name: '_row_no', type: 'INT', isMoney: false, isSystem: true },
];

export const PIPELINE: Pipeline = {
  id: 21,
  name: 'Bank Statement Upload',
  description: '',
  source: 'FILE',
  dataTable: { id: 11, name: 'bank_statement', tableName: 'm1_bank_statement' },
  fileUploadConfigStatus: 'Configured',
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
};

export const DETAIL: DataSourceDetail = {
  id: 31,
  name: 'Bank Statement',
  product: { id: 1, name: 'Payments' },
  recon: { id: RECON.id, name: RECON.name },
  pipeline: { id: PIPELINE.id, name: PIPELINE.name },
  pipelineIdForInvalidData: PIPELINE.id,
  invalidPipeline: { id: PIPELINE.id, name: PIPELINE.name },
  dataTableId: TABLE_ROW.id,
  table: 'm1_bank_statement',
  historyTable: 'm1_bank_statement_history',
  invalidTable: 'm1_bank_statement_invalid',
  maxDuplicateRecord: '100.0000',
  maxDuplicateRecordCountMethod: 'COUNT',
  maxInvalidRecord: '5.0000',
  maxInvalidRecordCountMethod: 'PERCENTAGE',
  sequence: 1,
  isActive: true,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  dataElements: [
    { id: 41, name: 'reference', inputType: 'TEXT', type: 'VARCHAR', active: true, sequence: 1 },
    { id: 42, name: 'amount', inputType: 'NUMBER', type: 'DOUBLE', active: true, sequence: 2 },
  ],
};

export const page = <T>(data: T[]) => ({ draw: 1, recordsTotal: data.length, recordsFiltered: data.length, data });
