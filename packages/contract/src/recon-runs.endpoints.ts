import { endpoint, idParamsSchema } from './endpoint.ts';
import { pagedAnswerSchema } from './paging.ts';
import type { PrivilegeRule } from './privileges.ts';
import {
  reconRunSchema,
  reconRunsQuerySchema,
  startReconRunRequestSchema,
  startReconRunResponseSchema,
} from './recon-runs.ts';

const READERS: PrivilegeRule = { anyOf: ['recons', 'viewRecons', 'rules', 'createEditRule', 'jobExecutions'] };
const RUNNERS: PrivilegeRule = { anyOf: ['recons', 'createEditRule'] };
const base = { module: 'required', tags: ['Recon runs'] } as const;

/** Recon runs: the Run recon action (and its dry run), and the list of runs with their per-rule outcome. */
export const reconRunEndpoints = {
  start: endpoint({
    ...base,
    name: 'reconRuns.start',
    method: 'POST',
    path: '/v2/reconruns',
    privilege: RUNNERS,
    body: startReconRunRequestSchema,
    response: startReconRunResponseSchema,
    status: 202,
    summary: 'Run a recon now (dryRun: report what would match, change nothing)',
    description:
      "Starts the engine on the recon's open rows with its enabled rules in order and answers 202 with the run id; poll GET /v2/reconruns/{id}. 409 while the recon is running.",
  }),
  list: endpoint({
    ...base,
    name: 'reconRuns.list',
    method: 'GET',
    path: '/v2/reconruns',
    privilege: READERS,
    query: reconRunsQuerySchema,
    response: pagedAnswerSchema(reconRunSchema),
    summary: "The module's recon runs, newest first (DataTables; reconId narrows to one recon)",
  }),
  detail: endpoint({
    ...base,
    name: 'reconRuns.detail',
    method: 'GET',
    path: '/v2/reconruns/:id',
    privilege: READERS,
    params: idParamsSchema,
    response: reconRunSchema,
    summary: 'One recon run: status, and per rule the candidates, groups and rows it closed',
  }),
} as const;
