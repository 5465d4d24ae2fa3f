import { z } from 'zod';
import { MODULE_STATUSES } from './constants.ts';

export const moduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(MODULE_STATUSES),
});
export type Module = z.infer<typeof moduleSchema>;

/** Module Settings: the module with its approval policy (decision 0010; both off by default). */
export const moduleSettingsSchema = moduleSchema.extend({
  /** Rollbacks of the module's job executions wait for another user's approval. */
  rollbacksNeedApproval: z.boolean(),
  /** Knock-offs of more than one row wait for another user's approval (one row stays direct). */
  bulkKnockOffNeedsApproval: z.boolean(),
});
export type ModuleSettings = z.infer<typeof moduleSettingsSchema>;

export const moduleDetailSchema = moduleSettingsSchema.extend({
  userIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ModuleDetail = z.infer<typeof moduleDetailSchema>;

export const MODULE_TEXTS = {
  nameRequired: 'Name is Required',
  usersRequired: 'Users are required',
  minOneUser: 'Minimum 1 User is required',
  created: 'Module successfully created',
  nameTaken: 'A module with this name already exists',
} as const;

export const MODULE_NAME_MAX = 100;

export const createModuleRequestSchema = z.object({
  name: z
    .string({ error: MODULE_TEXTS.nameRequired })
    .trim()
    .min(1, MODULE_TEXTS.nameRequired)
    .max(MODULE_NAME_MAX, `Name must be at most ${MODULE_NAME_MAX} characters`),
  userIds: z
    .array(z.number({ error: 'User ids must be numbers' }).int().positive(), { error: MODULE_TEXTS.usersRequired })
    .min(1, MODULE_TEXTS.minOneUser),
});
export type CreateModuleRequest = z.infer<typeof createModuleRequestSchema>;

export const updateModuleRequestSchema = z.object({
  name: z.string({ error: MODULE_TEXTS.nameRequired }).trim().min(1, MODULE_TEXTS.nameRequired).max(MODULE_NAME_MAX),
  status: z.enum(MODULE_STATUSES).optional(),
  rollbacksNeedApproval: z.boolean().optional(),
  bulkKnockOffNeedsApproval: z.boolean().optional(),
});
export type UpdateModuleRequest = z.infer<typeof updateModuleRequestSchema>;

/** addUsers / removeUsers take the user ids, as a bare list or `{ userIds }`. */
export const moduleUsersRequestSchema = z.union([
  z.array(z.number().int().positive()).min(1, MODULE_TEXTS.minOneUser),
  z.object({ userIds: z.array(z.number().int().positive()).min(1, MODULE_TEXTS.minOneUser) }),
]);
export type ModuleUsersRequest = z.infer<typeof moduleUsersRequestSchema>;

export const modulesResponseSchema = z.object({ data: z.array(moduleSettingsSchema) });

/** GET v2/modules: `Find=AllAssigned` pages the caller's modules; without it, every module. */
export const modulesQuerySchema = z.object({
  Find: z
    .enum(['AllAssigned', 'Landing'])
    .optional()
    .describe("AllAssigned: the caller's active modules, DataTables-paged. Landing: the module to open after sign-in"),
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(1000).default(100),
  draw: z.coerce.number().int().min(0).default(0),
});
/**
 * Find=Landing: the module a user opens after sign-in when none is stored (issue 12): of the caller's active
 * modules, the one they last worked in (their latest audited action) among those with data loaded from files;
 * without data anywhere, the one they last worked in; null when they worked in none (the first assigned then).
 */
export const moduleLandingSchema = z.object({ moduleId: z.number().int().nullable() });
export type ModuleLanding = z.infer<typeof moduleLandingSchema>;

/** Module id header sent on every call once a module is selected. */
export const MODULE_HEADER = 'x-module-id';
export const USER_HEADER = 'x-user-id';
