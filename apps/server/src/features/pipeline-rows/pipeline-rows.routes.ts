import {
  dataTablesQuerySchema,
  dataTablesResponseSchema,
  duplicateRowSchema,
  FILE_TEXTS,
  invalidRowSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { moduleOf } from '@/lib/actor.ts';
import * as service from './pipeline-rows.service.ts';

const TAG = ['Transactions'];
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, FILE_TEXTS.dateInvalid)
  .refine((d) => !Number.isNaN(Date.parse(d)), FILE_TEXTS.dateInvalid);
const rowsQuery = dataTablesQuerySchema.extend({
  dataSourceId: z.coerce
    .number({ error: FILE_TEXTS.dataSourceIdRequired })
    .int()
    .positive(FILE_TEXTS.dataSourceIdRequired),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
});
const RANGE =
  'fromDate / toDate: loading days (YYYY-MM-DD, inclusive; default the last 15 days). Column search (contains) and order on columns[i][data] ∈ the data table columns';

/** Invalid and duplicate rows of loaded files (spec 2, Transactions › pipeline). */
export function pipelineRowRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/pipelinerows/invalid',
      {
        config: { module: 'required', privilege: { code: 'invalidData' } },
        schema: {
          tags: TAG,
          summary: "Rows of a data source's files that failed validation, with their reasons (DataTables)",
          description: `${RANGE}, fileName, rowNo, reasons, createdAt.`,
          querystring: rowsQuery,
          response: { 200: dataTablesResponseSchema(invalidRowSchema) },
        },
      },
      (req) => service.invalidRows(ctx, moduleOf(req), req.query),
    );

    app.get(
      '/v2/pipelinerows/duplicates',
      {
        config: { module: 'required', privilege: { code: 'pipelineDuplicate' } },
        schema: {
          tags: TAG,
          summary: 'Rows of a data source loaded as DUPLICATE (DataTables)',
          description: `${RANGE}, fileName, rowNo, loadedAt.`,
          querystring: rowsQuery,
          response: { 200: dataTablesResponseSchema(duplicateRowSchema) },
        },
      },
      (req) => service.duplicateRows(ctx, moduleOf(req), req.query),
    );
  };
}
