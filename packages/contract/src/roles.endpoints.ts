import { endpoint, idParamsSchema } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import {
  createRoleRequestSchema,
  privilegesByRoleQuerySchema,
  privilegesResponseSchema,
  roleDetailSchema,
  roleParamsSchema,
  rolesPostQuerySchema,
  rolesResponseSchema,
  updatePrivilegeRequestSchema,
  updateRoleRequestSchema,
} from './roles.ts';

const base = { module: 'ignore', tags: ['Roles and privileges'] } as const;

/** The caller's privilege codes, a role's grants, and changing them. */
export const roleEndpoints = {
  privileges: endpoint({
    ...base,
    name: 'roles.privileges',
    method: 'GET',
    path: '/v2/privileges',
    discriminator: { name: 'Find', value: 'ByRole' },
    query: privilegesByRoleQuerySchema,
    response: privilegesResponseSchema,
    summary: "The caller's privileges (Find=ByRole)",
    description:
      "`Find=ByRole`: every privilege granted to any of the caller's roles, as `{ privilegeCode, version }`.",
  }),
  list: endpoint({
    ...base,
    name: 'roles.list',
    method: 'GET',
    path: '/v2/roles',
    privilege: { anyOf: ['roles', 'users', 'approvelRight'] },
    response: rolesResponseSchema,
    summary: 'Every role, maker and checker flags, user and privilege counts',
    description:
      'Not in the spec (decision 0019): the pickers of Users and Approval Rights and the role list of User Roles.',
  }),
  create: endpoint({
    ...base,
    name: 'roles.create',
    method: 'POST',
    path: '/v2/roles',
    discriminator: { name: 'Operation', value: null },
    privilege: { code: 'roles' },
    query: rolesPostQuerySchema,
    body: createRoleRequestSchema,
    response: roleDetailSchema,
    summary: 'Create a role (maker, checker or plain) with its first v2 privileges',
    description:
      'Name `ROLE_[A-Z0-9_]+`, unique; a role is a maker or a checker, not both; unknown privilege codes refused. Audited ROLE_CREATED.',
  }),
  role: endpoint({
    ...base,
    name: 'roles.role',
    method: 'GET',
    path: '/v2/roles/byRole/:role',
    privilege: { code: 'roles' },
    params: roleParamsSchema,
    response: roleDetailSchema,
    summary: 'A role with every privilege and whether it is granted',
  }),
  updatePrivileges: endpoint({
    ...base,
    name: 'roles.updatePrivileges',
    method: 'POST',
    path: '/v2/roles',
    discriminator: { name: 'Operation', value: 'UpdatePrivilege' },
    privilege: { code: 'roles' },
    query: rolesPostQuerySchema,
    body: updatePrivilegeRequestSchema,
    response: roleDetailSchema,
    summary: "Set a role's v2 privileges (Operation=UpdatePrivilege)",
    description:
      "`Operation=UpdatePrivilege`: the role's v2 grants become exactly `privilegeCodes`. ROLE_ADMIN always keeps every privilege.",
  }),
  update: endpoint({
    ...base,
    name: 'roles.update',
    method: 'PUT',
    path: '/v2/roles/:id',
    privilege: { code: 'roles' },
    params: idParamsSchema,
    body: updateRoleRequestSchema,
    response: roleDetailSchema,
    summary: 'Rename a role and set its maker / checker flags',
    description:
      'Not in the spec (decision 0019). A built-in role keeps its name (400); the new name follows the create rules and is free. Users keep the role under its new name; their sessions reload their access. Audited ROLE_UPDATED with before / after.',
  }),
  remove: endpoint({
    ...base,
    name: 'roles.remove',
    method: 'DELETE',
    path: '/v2/roles/:id',
    privilege: { code: 'roles' },
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a role no user holds',
    description:
      'Not in the spec (decision 0019). Built-in roles are refused (400); a role users still hold answers 409 naming how many. Its grants and approval rights go with it. Audited ROLE_DELETED.',
  }),
} as const;
