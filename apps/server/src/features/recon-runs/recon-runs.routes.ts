import {
  dataTablesResponseSchema,
  type PrivilegeRule,
  reconRunSchema,
  reconRunsQuerySchema,
  startReconRunRequestSchema,
  startReconRunResponseSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as service from './recon-runs.service.ts';

const TAG = ['Recon runs'];
const READERS: PrivilegeRule = { anyOf: ['recons', 'viewRecons', 'rules', 'createEditRule', 'jobExecutions'] };
const RUNNERS: PrivilegeRule = { anyOf: ['recons', 'createEditRule'] };

/** Recon runs: the Run recon action (and its dry run), and the list of runs with their per-rule outcome. */
export function reconRunRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v2/reconruns',
      {
        config: { module: 'required', privilege: RUNNERS },
        schema: {
          tags: TAG,
          summary: 'Run a recon now (dryRun: report what would match, change nothing)',
          description:
            "Starts the engine on the recon's open rows with its enabled rules in order and answers 202 with the run id; poll GET /v2/reconruns/{id}. 409 while the recon is running.",
          body: startReconRunRequestSchema,
          response: { 202: startReconRunResponseSchema },
        },
      },
      async (req, reply) => {
        const started = await service.startRun(ctx, moduleActorOf(req), req.body);
        return reply.code(202).send(started);
      },
    );

    app.get(
      '/v2/reconruns',
      {
        config: { module: 'required', privilege: READERS },
        schema: {
          tags: TAG,
          summary: "The module's recon runs, newest first (DataTables; reconId narrows to one recon)",
          querystring: reconRunsQuerySchema,
          response: { 200: dataTablesResponseSchema(reconRunSchema) },
        },
      },
      async (req) => {
        const { rows, total, filtered } = await service.listRuns(ctx, moduleId(req), req.query);
        return { draw: req.query.draw, recordsTotal: total, recordsFiltered: filtered, data: rows };
      },
    );

    app.get(
      '/v2/reconruns/:id',
      {
        config: { module: 'required', privilege: READERS },
        schema: {
          tags: TAG,
          summary: 'One recon run: status, and per rule the candidates, groups and rows it closed',
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: reconRunSchema },
        },
      },
      (req) => service.getRun(ctx, moduleId(req), req.params.id),
    );
  };
}
