import fastifyMultipart from '@fastify/multipart';
import {
  CSV_DELIMITERS,
  pipelineEndpoints as E,
  type EndpointInput,
  FILE_TEXTS,
  MAX_HEADER_ROW,
  PIPELINE_TEXTS,
  type PreviewSettings,
  previewSettingsSchema,
} from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf, moduleOf } from '@/lib/actor.ts';
import { validation } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { previewFile } from './file-preview.service.ts';
import * as configs from './file-upload-configs.service.ts';
import * as service from './pipelines.service.ts';

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

/** POST …/file_upload_configs/preview: the settings fields, then the sample file read as they say. */
async function previewSample(
  ctx: FeatureContext,
  { params }: EndpointInput<typeof E.previewSample>,
  req: FastifyRequest,
) {
  if (!req.isMultipart()) throw validation(FILE_TEXTS.notMultipart, 'files');
  let options: PreviewSettings = {};
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      options = previewOptionOf(options, part.fieldname, part.value);
      continue;
    }
    return previewFile(ctx, moduleOf(req), params.id, part, options);
  }
  throw validation(FILE_TEXTS.fileRequired, 'files');
}

/** Pipelines and their file-upload configs (spec 2): the endpoints of `pipelineEndpoints`. */
export function pipelineRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only for this plugin's routes (the preview), with the upload size limit per file.
    await app.register(fastifyMultipart, {
      limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 10, parts: 12 },
      throwFileSizeLimit: false,
    });
    registerRoutes(app, [
      route(E.list, async (_input, req) => ({ data: await service.listPipelines(ctx, moduleOf(req)) })),
      route(E.detail, ({ params }, req) => service.getPipeline(ctx, moduleOf(req), params.id)),
      route(E.create, ({ body }, req) => service.createPipeline(ctx, moduleOf(req), body, actorOf(req))),
      route(E.update, ({ params, body }, req) =>
        service.updatePipeline(ctx, moduleOf(req), params.id, body, actorOf(req)),
      ),
      route(E.uploadConfigStatus, ({ query }, req) => configs.configStatus(ctx, moduleOf(req), query.pipelineId)),
      route(E.uploadConfig, ({ params }, req) => configs.getConfig(ctx, moduleOf(req), params.id)),
      route(E.createUploadConfig, ({ params, body }, req) =>
        configs.saveConfig(ctx, moduleOf(req), params.id, body, 'create', actorOf(req)),
      ),
      route(E.updateUploadConfig, ({ params, body }, req) =>
        configs.saveConfig(ctx, moduleOf(req), params.id, body, 'update', actorOf(req)),
      ),
      route(E.previewSample, (input, req) => previewSample(ctx, input, req)),
    ]);
  };
}
