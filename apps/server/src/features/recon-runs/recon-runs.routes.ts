import { reconRunEndpoints as E, type EndpointInput } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import * as service from './recon-runs.service.ts';

/** GET v2/reconruns: a DataTables page of runs. */
async function listReconRuns(ctx: FeatureContext, { query }: EndpointInput<typeof E.list>, req: FastifyRequest) {
  return pagedList(query, await service.listRuns(ctx, moduleId(req), query));
}

/** Recon runs: the Run recon action (and its dry run), and the list of runs with their per-rule outcome. */
export function reconRunRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.start, ({ body }, req) => service.startRun(ctx, moduleActorOf(req), body)),
      route(E.list, (input, req) => listReconRuns(ctx, input, req)),
      route(E.detail, ({ params }, req) => service.getRun(ctx, moduleId(req), params.id)),
    ]);
}
