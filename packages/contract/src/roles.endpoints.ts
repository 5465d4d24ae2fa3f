import { endpoint } from './endpoint.ts';
import {
  privilegesByRoleQuerySchema,
  privilegesResponseSchema,
  roleDetailSchema,
  roleParamsSchema,
  updatePrivilegeQuerySchema,
  updatePrivilegeRequestSchema,
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
    query: updatePrivilegeQuerySchema,
    body: updatePrivilegeRequestSchema,
    response: roleDetailSchema,
    summary: "Set a role's v2 privileges (Operation=UpdatePrivilege)",
    description:
      "`Operation=UpdatePrivilege`: the role's v2 grants become exactly `privilegeCodes`. ROLE_ADMIN always keeps every privilege.",
  }),
} as const;
