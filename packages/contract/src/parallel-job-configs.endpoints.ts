import { endpoint, idParamsSchema } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import {
  parallelJobConfigSaveSchema,
  parallelJobConfigSchema,
  parallelJobConfigsResponseSchema,
} from './jobs-parallel.ts';

const base = { module: 'required', tags: ['Parallel job configs'] } as const;
const WRITERS = { code: 'createJob' } as const;
const PATH = '/v2/parallel_job_config';

/** Parallel job configs (spec 2): which jobs or modules may run together. Scoped to the caller's module. */
export const parallelJobConfigEndpoints = {
  list: endpoint({
    ...base,
    name: 'parallelJobConfigs.list',
    method: 'GET',
    path: PATH,
    privilege: { code: 'job' },
    response: parallelJobConfigsResponseSchema,
    summary: "The module's parallel job configs, with the names of their jobs or modules",
  }),
  create: endpoint({
    ...base,
    name: 'parallelJobConfigs.create',
    method: 'POST',
    path: PATH,
    privilege: WRITERS,
    body: parallelJobConfigSaveSchema,
    response: parallelJobConfigSchema,
    summary: 'Create a parallel job config (JOB: ≥ 2 jobs of this module; MODULE: ≥ 2 of your modules)',
  }),
  update: endpoint({
    ...base,
    name: 'parallelJobConfigs.update',
    method: 'PUT',
    path: PATH,
    privilege: WRITERS,
    body: parallelJobConfigSaveSchema,
    response: parallelJobConfigSchema,
    summary: 'Update a parallel job config (the body carries its id)',
  }),
  delete: endpoint({
    ...base,
    name: 'parallelJobConfigs.delete',
    method: 'DELETE',
    path: `${PATH}/:id`,
    privilege: WRITERS,
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a parallel job config',
  }),
} as const;
