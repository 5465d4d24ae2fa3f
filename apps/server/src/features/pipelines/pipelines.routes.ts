import fastifyMultipart from '@fastify/multipart';
import {
  CSV_DELIMITERS,
  FILE_TEXTS,
  filePreviewSchema,
  fileUploadConfigRequestSchema,
  fileUploadConfigSchema,
  fileUploadConfigStatusSchema,
  MAX_HEADER_ROW,
  PIPELINE_TEXTS,
  type PreviewSettings,
  pipelineRequestSchema,
  pipelineSchema,
  pipelinesResponseSchema,
  previewSettingsSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf, moduleOf } from '@/lib/actor.ts';
import { validation } from '@/lib/app-error.ts';
import { previewFile } from './file-preview.service.ts';
import * as configs from './file-upload-configs.service.ts';
import * as service from './pipelines.service.ts';

const TAG = ['Pipelines'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const PIPELINES = { module: 'required', privilege: { code: 'pipelines' } } as const;

/**
 * Reads the optional preview settings sent as form fields before the file: `settings` (JSON, every read
 * setting of the config being edited), or the older single fields delimiter, headerRow, sheetName.
 */
function previewOptionOf(options: PreviewSettings, name: string, value: unknown): PreviewSettings {
  const v = String(value ?? '').trim();
  if (!v) return options;
  if (name === 'settings') {
    let json: unknown;
    try {
      json = JSON.parse(v);
    } catch {
      throw validation('settings must be JSON', name);
    }
    const parsed = previewSettingsSchema.safeParse(json);
    if (!parsed.success) throw validation(parsed.error.issues[0]?.message ?? 'Invalid settings', name);
    return { ...options, ...parsed.data };
  }
  if (name === 'delimiter') {
    const d = v === 'tab' || v === '\\t' ? '\t' : v;
    if (!(CSV_DELIMITERS as readonly string[]).includes(d)) throw validation(PIPELINE_TEXTS.delimiterInvalid, name);
    return { ...options, delimiter: d as PreviewSettings['delimiter'] };
  }
  if (name === 'headerRow') {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > MAX_HEADER_ROW) throw validation(PIPELINE_TEXTS.headerRowInvalid, name);
    return { ...options, headerRow: n };
  }
  if (name === 'sheetName') return { ...options, sheetName: v };
  return options;
}

/** Pipelines and their file-upload configs (spec 2). */
export function pipelineRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only for this plugin's routes (the preview), with the upload size limit per file.
    await app.register(fastifyMultipart, {
      limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 10, parts: 12 },
      throwFileSizeLimit: false,
    });

    app.get(
      '/v2/pipeline/all',
      {
        config: PIPELINES,
        schema: {
          tags: TAG,
          summary: "The module's pipelines with their data table and file-upload-config status",
          description:
            'fileUploadConfigStatus: Pending (FILE source, no config: offers Configure), Configured (offers Edit), Not Required (connector sources).',
          response: { 200: pipelinesResponseSchema },
        },
      },
      async (req) => ({ data: await service.listPipelines(ctx, moduleOf(req)) }),
    );

    app.get(
      '/v2/pipeline/:id',
      {
        config: PIPELINES,
        schema: { tags: TAG, summary: 'One pipeline', params: idParams, response: { 200: pipelineSchema } },
      },
      (req) => service.getPipeline(ctx, moduleOf(req), req.params.id),
    );

    app.post(
      '/v2/pipeline',
      {
        config: PIPELINES,
        schema: {
          tags: TAG,
          summary: 'Create a pipeline (name unique in the module, a source of the spec, a data table of the module)',
          body: pipelineRequestSchema,
          response: { 200: pipelineSchema },
        },
      },
      (req) => service.createPipeline(ctx, moduleOf(req), req.body, actorOf(req)),
    );

    app.put(
      '/v2/pipeline/:id',
      {
        config: PIPELINES,
        schema: {
          tags: TAG,
          summary: 'Edit a pipeline',
          description: 'Its data table cannot change once it has a file upload config or files.',
          params: idParams,
          body: pipelineRequestSchema,
          response: { 200: pipelineSchema },
        },
      },
      (req) => service.updatePipeline(ctx, moduleOf(req), req.params.id, req.body, actorOf(req)),
    );

    app.get(
      '/v2/admin/pipelines/file_upload_config_status',
      {
        config: PIPELINES,
        schema: {
          tags: TAG,
          summary: 'File-upload-config status of a pipeline: Pending, Configured or Not Required',
          querystring: z.object({
            pipelineId: z.coerce
              .number({ error: PIPELINE_TEXTS.pipelineIdRequired })
              .int()
              .positive(PIPELINE_TEXTS.pipelineIdRequired),
          }),
          response: { 200: fileUploadConfigStatusSchema },
        },
      },
      (req) => configs.configStatus(ctx, moduleOf(req), req.query.pipelineId),
    );

    app.get(
      '/v2/admin/pipelines/:id/file_upload_configs',
      {
        config: PIPELINES,
        schema: {
          tags: TAG,
          summary: "The pipeline's file-upload config",
          params: idParams,
          response: { 200: fileUploadConfigSchema },
        },
      },
      (req) => configs.getConfig(ctx, moduleOf(req), req.params.id),
    );

    app.post(
      '/v2/admin/pipelines/:id/file_upload_configs',
      {
        config: PIPELINES,
        schema: {
          tags: TAG,
          summary: 'Create the file-upload config of a FILE pipeline',
          description:
            'mappings: the file columns in file order; each loaded one names a user column of the pipeline table with its data type (date columns with a date format). tableColumn null: a column the file has that nothing loads.',
          params: idParams,
          body: fileUploadConfigRequestSchema,
          response: { 200: fileUploadConfigSchema },
        },
      },
      (req) => configs.saveConfig(ctx, moduleOf(req), req.params.id, req.body, 'create', actorOf(req)),
    );

    app.put(
      '/v2/admin/pipelines/:id/file_upload_configs',
      {
        config: PIPELINES,
        schema: {
          tags: TAG,
          summary: 'Replace the file-upload config of a FILE pipeline',
          params: idParams,
          body: fileUploadConfigRequestSchema,
          response: { 200: fileUploadConfigSchema },
        },
      },
      (req) => configs.saveConfig(ctx, moduleOf(req), req.params.id, req.body, 'update', actorOf(req)),
    );

    app.post(
      '/v2/admin/pipelines/:id/file_upload_configs/preview',
      {
        config: PIPELINES,
        schema: {
          tags: TAG,
          summary: 'Header and first 20 rows of a sample file (multipart field `files`)',
          description:
            'Optional form fields before the file: settings (JSON: fileKind, delimiter, headerRow, hasHeader, sheetName, skipRules, columns with columnNumber or fixed-width start / length), or the single fields delimiter (, ; | tab), headerRow, sheetName. Unset: the saved config, else a sniffed delimiter, header row 1, a header, the first sheet. A .xlsx is read as a workbook, any text file (.csv .txt .tsv .psv .dat) as delimited or fixed-width as the settings say. The answer has the rows split as configured, why a skip rule would skip each, the first raw lines, and date patterns proposed per column (with ambiguities). The sample is not kept.',
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: filePreviewSchema },
        },
      },
      async (req) => {
        if (!req.isMultipart()) throw validation(FILE_TEXTS.notMultipart, 'files');
        let options: PreviewSettings = {};
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            options = previewOptionOf(options, part.fieldname, part.value);
            continue;
          }
          return previewFile(ctx, moduleOf(req), req.params.id, part, options);
        }
        throw validation(FILE_TEXTS.fileRequired, 'files');
      },
    );
  };
}
