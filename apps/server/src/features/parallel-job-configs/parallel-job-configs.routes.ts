import {
  messageBodySchema,
  parallelJobConfigSaveSchema,
  parallelJobConfigSchema,
  parallelJobConfigsResponseSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import * as service from './parallel-job-configs.service.ts';

const TAG = ['Parallel job configs'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Parallel job configs (spec 2): which jobs or modules may run together. Scoped to the caller's module. */
export function parallelJobConfigRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/parallel_job_config',
      {
        config: { module: 'required', privilege: { code: 'job' } },
        schema: {
          tags: TAG,
          summary: "The module's parallel job configs, with the names of their jobs or modules",
          response: { 200: parallelJobConfigsResponseSchema },
        },
      },
      async (req) => ({ data: await service.listConfigs(ctx.db, req.moduleId as number) }),
    );

    app.post(
      '/v2/parallel_job_config',
      {
        config: { module: 'required', privilege: { code: 'createJob' } },
        schema: {
          tags: TAG,
          summary: 'Create a parallel job config (JOB: ≥ 2 jobs of this module; MODULE: ≥ 2 of your modules)',
          body: parallelJobConfigSaveSchema,
          response: { 200: parallelJobConfigSchema },
        },
      },
      (req) => service.saveConfig(ctx, req.moduleId as number, req.body, service.actorOf(req), 'create'),
    );

    app.put(
      '/v2/parallel_job_config',
      {
        config: { module: 'required', privilege: { code: 'createJob' } },
        schema: {
          tags: TAG,
          summary: 'Update a parallel job config (the body carries its id)',
          body: parallelJobConfigSaveSchema,
          response: { 200: parallelJobConfigSchema },
        },
      },
      (req) => service.saveConfig(ctx, req.moduleId as number, req.body, service.actorOf(req), 'update'),
    );

    app.delete(
      '/v2/parallel_job_config/:id',
      {
        config: { module: 'required', privilege: { code: 'createJob' } },
        schema: {
          tags: TAG,
          summary: 'Delete a parallel job config',
          params: idParams,
          response: { 200: messageBodySchema },
        },
      },
      (req) => service.deleteConfig(ctx, req.moduleId as number, req.params.id, service.actorOf(req)),
    );
  };
}
