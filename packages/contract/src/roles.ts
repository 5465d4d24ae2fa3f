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

export const updatePrivilegeQuerySchema = z.object({ Operation: z.literal('UpdatePrivilege') });
/** Sets the role's v2 grants to exactly the listed codes. */
export const updatePrivilegeRequestSchema = z.object({
  roleName: z.string({ error: 'Role is required' }).min(1, 'Role is required'),
  privilegeCodes: z.array(z.string().min(1)),
});
export type UpdatePrivilegeRequest = z.infer<typeof updatePrivilegeRequestSchema>;
