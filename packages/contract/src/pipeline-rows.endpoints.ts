import { endpoint } from './endpoint.ts';
import { duplicateRowSchema, invalidRowSchema, pipelineRowsQuerySchema } from './files.ts';
import { pagedAnswerSchema } from './paging.ts';

const base = { module: 'required', tags: ['Transactions'], query: pipelineRowsQuerySchema } as const;
const RANGE =
  'fromDate / toDate: loading days (YYYY-MM-DD, inclusive; default the last 15 days). Column search (contains) and order on columns[i][data] ∈ the data table columns';

/** Invalid and duplicate rows of loaded files (spec 2, Transactions › pipeline). */
export const pipelineRowEndpoints = {
  invalid: endpoint({
    ...base,
    name: 'pipelineRows.invalid',
    method: 'GET',
    path: '/v2/pipelinerows/invalid',
    privilege: { code: 'invalidData' },
    response: pagedAnswerSchema(invalidRowSchema),
    summary: "Rows of a data source's files that failed validation, with their reasons (DataTables)",
    description: `${RANGE}, fileName, rowNo, reasons, createdAt.`,
  }),
  duplicates: endpoint({
    ...base,
    name: 'pipelineRows.duplicates',
    method: 'GET',
    path: '/v2/pipelinerows/duplicates',
    privilege: { code: 'pipelineDuplicate' },
    response: pagedAnswerSchema(duplicateRowSchema),
    summary: 'Rows of a data source loaded as DUPLICATE (DataTables)',
    description: `${RANGE}, fileName, rowNo, loadedAt.`,
  }),
} as const;
