import {
  jobAdditionalSettingsRequestSchema,
  jobAdditionalSettingsSchema,
  pipelinePrivilegeListResponseSchema,
  pipelinePrivilegeQueryBodySchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf } from './jobs.service.ts';
import * as settings from './jobs-settings.service.ts';

const TAG = ['Jobs'];
const jobIdParams = z.object({ jobId: z.coerce.number().int().positive() });

/** A job's additional settings: file approval, mandatory file validation, pipeline privileges. */
export function jobSettingsRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/jobs/additional-settings/:jobId',
      {
        config: { module: 'required', privilege: { code: 'job' } },
        schema: {
          tags: TAG,
          summary: "A job's file approval, file validation and pipeline privileges",
          params: jobIdParams,
          response: { 200: jobAdditionalSettingsSchema },
        },
      },
      (req) => settings.getAdditionalSettings(ctx.db, req.moduleId as number, req.params.jobId),
    );

    app.put(
      '/v2/jobs/additional-settings',
      {
        config: { module: 'required', privilege: { code: 'createJob' } },
        schema: {
          tags: TAG,
          summary: "Save a job's additional settings",
          description:
            'Checks in the spec order (file validation, then pipeline permission messages); pipelines must be loaded by the job, users assigned to the product. Answers the saved settings.',
          body: jobAdditionalSettingsRequestSchema,
          response: { 200: jobAdditionalSettingsSchema },
        },
      },
      (req) => settings.saveAdditionalSettings(ctx, req.moduleId as number, req.body, actorOf(req)),
    );

    app.get(
      '/v2/jobs/additional-settings/pipeline-privileges/:jobId/user',
      {
        config: { module: 'required', privilege: { code: 'job' } },
        schema: {
          tags: TAG,
          summary: "The caller's privileges on each pipeline of a job",
          params: jobIdParams,
          response: { 200: pipelinePrivilegeListResponseSchema },
        },
      },
      async (req) => ({
        data: await settings.myJobPipelinePrivileges(
          ctx.db,
          req.moduleId as number,
          req.params.jobId,
          req.requirePrincipal().userId,
        ),
      }),
    );

    app.post(
      '/v2/jobs/additional-settings/pipeline-privileges/user',
      {
        config: { module: 'required', privilege: { code: 'job' } },
        schema: {
          tags: TAG,
          summary: "The caller's privileges on the given pipelines, across the jobs that load them",
          description: 'Body: a list of pipeline ids (or `{ pipelineIds }`). Pipelines of other products are left out.',
          body: pipelinePrivilegeQueryBodySchema,
          response: { 200: pipelinePrivilegeListResponseSchema },
        },
      },
      async (req) => ({
        data: await settings.myPipelinePrivileges(
          ctx.db,
          req.moduleId as number,
          Array.isArray(req.body) ? req.body : req.body.pipelineIds,
          req.requirePrincipal().userId,
        ),
      }),
    );
  };
}
