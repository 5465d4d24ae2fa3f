import { endpoint, idParamsSchema } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import {
  createModuleRequestSchema,
  moduleDetailSchema,
  moduleLandingSchema,
  moduleSchema,
  modulesQuerySchema,
  modulesResponseSchema,
  moduleUsersRequestSchema,
  updateModuleRequestSchema,
} from './modules.ts';
import { pagedAnswerSchema } from './paging.ts';

// Module administration is not module-scoped: X-Module-Id is ignored.
const base = { module: 'ignore', tags: ['Modules'] } as const;
const MODULES = '/v2/modules';
const ONE = '/v2/modules/:id';

/** Modules (tenants) and their members. */
export const moduleEndpoints = {
  list: endpoint({
    ...base,
    name: 'modules.list',
    method: 'GET',
    path: MODULES,
    discriminator: { name: 'Find', value: null },
    privilege: { code: 'modules' },
    query: modulesQuerySchema,
    response: modulesResponseSchema,
    summary: 'All modules',
    description:
      'Every live module (privilege modules) with its approval policy (rollbacksNeedApproval, bulkKnockOffNeedsApproval), `{ data }`.',
  }),
  allAssigned: endpoint({
    ...base,
    name: 'modules.allAssigned',
    method: 'GET',
    path: MODULES,
    discriminator: { name: 'Find', value: 'AllAssigned' },
    query: modulesQuerySchema,
    response: pagedAnswerSchema(moduleSchema),
    summary: "The caller's modules",
    description: "Paged `start`, `length`, `draw`: the caller's ACTIVE modules, any signed-in user, DataTables answer.",
  }),
  landing: endpoint({
    ...base,
    name: 'modules.landing',
    method: 'GET',
    path: MODULES,
    discriminator: { name: 'Find', value: 'Landing' },
    query: modulesQuerySchema,
    response: moduleLandingSchema,
    summary: 'The module to open after sign-in',
    description:
      "Any signed-in user, `{ moduleId }`: of the caller's ACTIVE modules, the one they last worked in (their latest audited action there) among those with rows loaded from files (a file with valid rows, not rolled back); when none has data, the one they last worked in; null when they worked in none.",
  }),
  detail: endpoint({
    ...base,
    name: 'modules.detail',
    method: 'GET',
    path: ONE,
    privilege: { code: 'modules' },
    params: idParamsSchema,
    response: moduleDetailSchema,
    summary: 'One module with its members',
  }),
  create: endpoint({
    ...base,
    name: 'modules.create',
    method: 'POST',
    path: MODULES,
    privilege: { code: 'createModule' },
    body: createModuleRequestSchema,
    response: moduleDetailSchema,
    summary: 'Create a module with its users',
  }),
  update: endpoint({
    ...base,
    name: 'modules.update',
    method: 'PUT',
    path: ONE,
    privilege: { code: 'modules' },
    params: idParamsSchema,
    body: updateModuleRequestSchema,
    response: moduleDetailSchema,
    summary: 'Rename a module, change its status or its approval policy',
    description:
      'rollbacksNeedApproval: rollbacks of its job executions wait in My Jobs › Approvals for another user (APPROVAL_PENDING). bulkKnockOffNeedsApproval: a knock-off of more than one row waits there too. Either left out stays as it is. Audited (MODULE_UPDATED, before and after).',
  }),
  delete: endpoint({
    ...base,
    name: 'modules.delete',
    method: 'DELETE',
    path: ONE,
    privilege: { code: 'modules' },
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a module (soft: its records stay, its name is freed)',
  }),
  addUsers: endpoint({
    ...base,
    name: 'modules.addUsers',
    method: 'PUT',
    path: '/v2/modules/:id/addUsers',
    privilege: { code: 'modules' },
    params: idParamsSchema,
    body: moduleUsersRequestSchema,
    response: moduleDetailSchema,
    summary: 'Add users to a module',
  }),
  removeUsers: endpoint({
    ...base,
    name: 'modules.removeUsers',
    method: 'PUT',
    path: '/v2/modules/:id/removeUsers',
    privilege: { code: 'modules' },
    params: idParamsSchema,
    body: moduleUsersRequestSchema,
    response: moduleDetailSchema,
    summary: 'Remove users from a module',
  }),
} as const;
