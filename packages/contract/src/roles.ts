import { z } from 'zod';
import { PRIVILEGE_VERSIONS } from './privileges.ts';

export const privilegeEntrySchema = z.object({
  privilegeCode: z.string(),
  version: z.enum(PRIVILEGE_VERSIONS),
});
export type PrivilegeEntry = z.infer<typeof privilegeEntrySchema>;

export const privilegesByRoleQuerySchema = z.object({ Find: z.literal('ByRole') });
export const privilegesResponseSchema = z.object({ data: z.array(privilegeEntrySchema) });
export type PrivilegesResponse = z.infer<typeof privilegesResponseSchema>;

/** `/v2/roles/byRole/{role}`: the role's name. */
export const roleParamsSchema = z.object({ role: z.string().min(1) });

export const roleDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  isMaker: z.boolean(),
  isChecker: z.boolean(),
  privileges: z.array(privilegeEntrySchema.extend({ description: z.string(), isGranted: z.boolean() })),
});
export type RoleDetail = z.infer<typeof roleDetailSchema>;

/** POST v2/roles: `Operation=UpdatePrivilege`, or none to create a role. */
export const rolesPostQuerySchema = z.object({
  Operation: z
    .enum(['UpdatePrivilege'])
    .optional()
    .describe("UpdatePrivilege: set a role's grants; without it: create a role"),
});

/** Sets the role's v2 grants to exactly the listed codes. */
export const updatePrivilegeRequestSchema = z.object({
  roleName: z.string({ error: 'Role is required' }).min(1, 'Role is required'),
  privilegeCodes: z.array(z.string().min(1)),
});
export type UpdatePrivilegeRequest = z.infer<typeof updatePrivilegeRequestSchema>;

export const ROLE_TEXTS = {
  nameRequired: 'Role name is required',
  nameFormat: 'Role name must start with ROLE_ and hold capital letters, digits and _ only',
  nameTaken: 'A role with this name already exists',
  makerAndChecker: 'A role is a maker or a checker, not both',
  created: 'Role successfully created',
  updated: 'Role saved',
  deleted: 'Role deleted',
  builtIn: 'Built-in roles cannot be renamed or deleted',
} as const;

/** The refusal to delete a role some users still hold, naming how many. */
export function roleHeldText(userCount: number): string {
  return userCount === 1
    ? '1 user holds this role: give them another role before deleting it'
    : `${userCount} users hold this role: give them another role before deleting it`;
}

/** GET v2/roles: every role, with its kind and how many users and privileges it has. */
export const roleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  isMaker: z.boolean(),
  isChecker: z.boolean(),
  userCount: z.number().int(),
  privilegeCount: z.number().int(),
  /** A seeded role (BUILT_IN_ROLES): never renamed nor deleted. */
  isBuiltIn: z.boolean(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;
export const rolesResponseSchema = z.object({ data: z.array(roleRowSchema) });

/** POST v2/roles (no Operation): a new role, with its first grants. */
export const createRoleRequestSchema = z
  .object({
    name: z
      .string({ error: ROLE_TEXTS.nameRequired })
      .trim()
      .min(1, ROLE_TEXTS.nameRequired)
      .max(100)
      .regex(/^ROLE_[A-Z0-9_]+$/, ROLE_TEXTS.nameFormat),
    isMaker: z.boolean().default(false),
    isChecker: z.boolean().default(false),
    privilegeCodes: z.array(z.string().min(1)).default([]),
  })
  .refine((b) => !(b.isMaker && b.isChecker), { path: ['isChecker'], message: ROLE_TEXTS.makerAndChecker });
export type CreateRoleRequest = z.infer<typeof createRoleRequestSchema>;

/** PUT v2/roles/{id}: a new name (not for built-in roles) and the maker / checker flags. */
export const updateRoleRequestSchema = z
  .object({
    name: z
      .string({ error: ROLE_TEXTS.nameRequired })
      .trim()
      .min(1, ROLE_TEXTS.nameRequired)
      .max(100)
      .regex(/^ROLE_[A-Z0-9_]+$/, ROLE_TEXTS.nameFormat),
    isMaker: z.boolean(),
    isChecker: z.boolean(),
  })
  .refine((b) => !(b.isMaker && b.isChecker), { path: ['isChecker'], message: ROLE_TEXTS.makerAndChecker });
export type UpdateRoleRequest = z.infer<typeof updateRoleRequestSchema>;
