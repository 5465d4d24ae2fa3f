import { endpoint } from './endpoint.ts';
import { pagedAnswerSchema, pagedQuerySchema } from './paging.ts';
import { appUserRowSchema } from './users.ts';

/** App users (the module form's user picker; full user administration comes with spec 3). */
export const userEndpoints = {
  list: endpoint({
    name: 'users.list',
    method: 'GET',
    path: '/v2/appusers',
    module: 'ignore',
    privilege: { anyOf: ['users', 'modules', 'createModule'] },
    query: pagedQuerySchema,
    response: pagedAnswerSchema(appUserRowSchema),
    tags: ['App users'],
    summary: 'App users (DataTables)',
    description:
      'Column filters `columns[i][data]` ∈ userName, name, email, module, isActive with `columns[i][search][value]` (contains, case-insensitive; isActive: true/false); `order[i]`.',
  }),
} as const;
