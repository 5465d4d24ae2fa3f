import { endpoint } from './endpoint.ts';
import { pagedAnswerSchema, pagedQuerySchema } from './paging.ts';
import {
  appUserRowSchema,
  userActivationQuerySchema,
  userActivationRequestSchema,
  userActivationResponseSchema,
} from './users.ts';

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
  activation: endpoint({
    name: 'users.activation',
    method: 'PUT',
    path: '/v2/appusers',
    discriminator: { name: 'Update', value: 'UserActivationManagement' },
    module: 'ignore',
    privilege: { code: 'users' },
    query: userActivationQuerySchema,
    body: userActivationRequestSchema,
    response: userActivationResponseSchema,
    tags: ['App users'],
    summary: 'Enable or disable a user (Update=UserActivationManagement)',
    description:
      '`isActive: false` disables the user and revokes their sessions; `isActive: true` enables them and lifts every sign-in lock of their name (the unlock of a locked account). Audited.',
  }),
} as const;
