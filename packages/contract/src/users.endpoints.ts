import { endpoint } from './endpoint.ts';
import { pagedAnswerSchema, pagedQuerySchema } from './paging.ts';
import {
  appUserDetailSchema,
  appUserIdParamsSchema,
  appUserRowSchema,
  createUserRequestSchema,
  internalUsersResponseSchema,
  ssoRequestedResponseSchema,
  updateSsoUserRequestSchema,
  updateSsoUserResponseSchema,
  updateUserRequestSchema,
  userActivationRequestSchema,
  userActivationResponseSchema,
  usersPutQuerySchema,
} from './users.ts';

const base = { module: 'ignore', tags: ['App users'] } as const;
const USERS = { code: 'users' } as const;

/** App users: the list (also the module form's user picker), one user, create, edit, activation, SSO requests. */
export const userEndpoints = {
  list: endpoint({
    ...base,
    name: 'users.list',
    method: 'GET',
    path: '/v2/appusers',
    privilege: { anyOf: ['users', 'modules', 'createModule'] },
    query: pagedQuerySchema,
    response: pagedAnswerSchema(appUserRowSchema),
    summary: 'App users (DataTables)',
    description:
      'Column filters `columns[i][data]` ∈ userName, name, email, module, isActive with `columns[i][search][value]` (contains, case-insensitive; isActive: true/false); `order[i]`.',
  }),
  internals: endpoint({
    ...base,
    name: 'users.internals',
    method: 'GET',
    path: '/v2/appusers/internals',
    privilege: USERS,
    response: internalUsersResponseSchema,
    summary: 'The active, approved users (pickers)',
    description: 'Every user who is active and whose registration is APPROVED, by user name.',
  }),
  ssoRequested: endpoint({
    ...base,
    name: 'users.ssoRequested',
    method: 'GET',
    path: '/v2/appusers/ssoRequested',
    privilege: USERS,
    response: ssoRequestedResponseSchema,
    summary: 'Users who signed in by SSO or LDAP and wait for approval',
    description:
      'Registration REQUESTED, REQUESTED_VIA_SAML, REQUESTED_VIA_LDAP or RAISED_FOR_APPROVAL, oldest request first.',
  }),
  detail: endpoint({
    ...base,
    name: 'users.detail',
    method: 'GET',
    path: '/v2/appusers/:id',
    privilege: USERS,
    params: appUserIdParamsSchema,
    response: appUserDetailSchema,
    summary: 'One user, with roles, modules, department and whether the name is locked',
  }),
  create: endpoint({
    ...base,
    name: 'users.create',
    method: 'POST',
    path: '/v2/appusers',
    privilege: USERS,
    body: createUserRequestSchema,
    response: appUserDetailSchema,
    status: 201,
    summary: 'Create a user; they receive an invitation to choose their password',
    description:
      'Phone required when IS_PHONE_NO_REQUIRED_IN_NEW_USER_CREATION is on; the email domain must be one of ALLOWED_USER_EMAIL_DOMAINS (comma-separated; empty allows any). Roles must exist (ROLE_ADMIN only by an admin), modules must be live. The invitation (a set-password link valid 72 hours) goes through the notifier. Audited USER_CREATED.',
  }),
  update: endpoint({
    ...base,
    name: 'users.update',
    method: 'PUT',
    path: '/v2/appusers',
    discriminator: { name: 'Update', value: null },
    privilege: USERS,
    query: usersPutQuerySchema,
    body: updateUserRequestSchema,
    response: appUserDetailSchema,
    summary: 'Edit a user (body with id)',
    description:
      'The same checks as create. Roles and modules become exactly the lists; a change of roles or modules ends the user’s sessions. Audited USER_UPDATED with before / after.',
  }),
  activation: endpoint({
    ...base,
    name: 'users.activation',
    method: 'PUT',
    path: '/v2/appusers',
    discriminator: { name: 'Update', value: 'UserActivationManagement' },
    privilege: USERS,
    query: usersPutQuerySchema,
    body: userActivationRequestSchema,
    response: userActivationResponseSchema,
    summary: 'Enable or disable a user (Update=UserActivationManagement)',
    description:
      '`isActive: false` disables the user and revokes their sessions; `isActive: true` enables them and lifts every sign-in lock of their name (the unlock of a locked account). Audited.',
  }),
  updateSsoUser: endpoint({
    ...base,
    name: 'users.updateSsoUser',
    method: 'PUT',
    path: '/v2/appusers/updateSsoUserDetails',
    privilege: USERS,
    body: updateSsoUserRequestSchema,
    response: updateSsoUserResponseSchema,
    summary: 'Approve (with roles and modules) or reject (with a remark) a user who arrived by SSO',
    description:
      'Maker ≠ checker: the requested user can never decide their own request (400). A user not waiting answers 409. Audited SSO_USER_APPROVED / SSO_USER_REJECTED.',
  }),
} as const;
