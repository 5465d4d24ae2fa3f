import { jobSettingsEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { moduleOf } from '@/lib/actor.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { actorOf } from './jobs.service.ts';
import * as settings from './jobs-settings.service.ts';

/** A job's additional settings (file approval, mandatory file validation, pipeline privileges): `jobSettingsEndpoints`. */
export function jobSettingsRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.get, ({ params }, req) => settings.getAdditionalSettings(ctx.db, moduleOf(req), params.jobId)),
      route(E.save, ({ body }, req) => settings.saveAdditionalSettings(ctx, moduleOf(req), body, actorOf(req))),
      route(E.myJobPipelinePrivileges, async ({ params }, req) => ({
        data: await settings.myJobPipelinePrivileges(
          ctx.db,
          moduleOf(req),
          params.jobId,
          req.requirePrincipal().userId,
        ),
      })),
      route(E.myPipelinePrivileges, async ({ body }, req) => ({
        data: await settings.myPipelinePrivileges(
          ctx.db,
          moduleOf(req),
          // The body is a list of ids, or the same list as `{ pipelineIds }`.
          Array.isArray(body) ? body : body.pipelineIds,
          req.requirePrincipal().userId,
        ),
      })),
    ]);
}
