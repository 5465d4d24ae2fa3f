import { pipelineRowEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { moduleOf } from '@/lib/actor.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import * as service from './pipeline-rows.service.ts';

/** Invalid and duplicate rows of loaded files (spec 2, Transactions › pipeline): the endpoints of `pipelineRowEndpoints`. */
export function pipelineRowRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.invalid, ({ query }, req) => service.invalidRows(ctx, moduleOf(req), query)),
      route(E.duplicates, ({ query }, req) => service.duplicateRows(ctx, moduleOf(req), query)),
    ]);
}
