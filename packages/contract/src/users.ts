import { z } from 'zod';

export const appUserRowSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  /** A sign-in lock of the name holds now (ten failed sign-ins): the admin's unlock lifts it. */
  isLocked: z.boolean(),
  /** The user set up an authenticator app as their second factor (decision 0028): an admin may reset it. */
  hasAuthenticator: z.boolean().optional(),
  module: z.array(z.string()),
  rolesName: z.array(z.string()),
});
export type AppUserRow = z.infer<typeof appUserRowSchema>;

/**
 * Activation management of one user (the spec shows no payload): `isActive` false disables the user and ends their
 * sessions; true enables them and lifts every sign-in lock of their name, from every address.
 */
export const userActivationRequestSchema = z.object({
  id: z.number({ error: 'User is required' }).int().positive('User is required'),
  isActive: z.boolean({ error: 'Active is required' }),
});
export type UserActivationRequest = z.infer<typeof userActivationRequestSchema>;
export const userActivationResponseSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  isActive: z.boolean(),
  /** Sign-in locks and counts lifted by this call (0 when the name had none). */
  locksLifted: z.number().int(),
});

/** The texts of user administration (the spec shows none; these are the server's, word for word in the UI). */
export const USER_TEXTS = {
  userNameRequired: 'User name is required',
  firstNameRequired: 'First name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a valid phone number (7 to 15 digits, an optional leading +)',
  rolesRequired: 'Select at least one role',
  modulesRequired: 'Select at least one module',
  userNameTaken: 'A user with this user name already exists',
  created: 'User created: an invitation to choose a password was sent',
  updated: 'User updated',
  approved: 'User approved',
  rejected: 'User rejected',
  notRequested: 'This user is not waiting for approval',
  ownRequest: 'You requested this: another user must approve or reject it',
  remarkRequired: 'A remark is required to reject',
} as const;

/** "Email domain not allowed: use an address at bank.com or bank.in" — the ALLOWED_USER_EMAIL_DOMAINS rule. */
export const emailDomainRefusal = (domains: readonly string[]) =>
  `Email domain not allowed: use an address at ${domains.join(' or ')}`;

export const USER_NAME_MAX = 100;
const userNameSchema = z
  .string({ error: USER_TEXTS.userNameRequired })
  .trim()
  .min(1, USER_TEXTS.userNameRequired)
  .max(USER_NAME_MAX, `User name must be at most ${USER_NAME_MAX} characters`)
  .regex(/^[A-Za-z0-9._@-]+$/, 'User name may hold letters, digits and . _ @ - only');

/** The fields of a user an admin sets (create and edit); `contactNumber` is required when the setting says so. */
const userFields = {
  firstName: z.string({ error: USER_TEXTS.firstNameRequired }).trim().min(1, USER_TEXTS.firstNameRequired).max(100),
  lastName: z.string().trim().max(100).default(''),
  email: z
    .string({ error: USER_TEXTS.emailRequired })
    .trim()
    .min(1, USER_TEXTS.emailRequired)
    .pipe(z.email({ error: USER_TEXTS.emailInvalid })),
  contactNumber: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\+?\d{7,15}$/.test(v), USER_TEXTS.phoneInvalid),
  rolesName: z.array(z.string().min(1), { error: USER_TEXTS.rolesRequired }).min(1, USER_TEXTS.rolesRequired),
  moduleIds: z
    .array(z.number().int().positive(), { error: USER_TEXTS.modulesRequired })
    .min(1, USER_TEXTS.modulesRequired),
  departmentId: z.number().int().positive().nullish(),
};

/** POST v2/appusers: a new user; they receive an invitation to choose their password. */
export const createUserRequestSchema = z.object({ userName: userNameSchema, ...userFields });
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** PUT v2/appusers (no `Update`): the user's fields by id; the user name does not change. */
export const updateUserRequestSchema = z.object({
  id: z.number({ error: 'User is required' }).int().positive('User is required'),
  ...userFields,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** PUT v2/appusers: `Update=UserActivationManagement`, or none for the edit. */
export const usersPutQuerySchema = z.object({
  Update: z
    .enum(['UserActivationManagement'])
    .optional()
    .describe('UserActivationManagement: enable or disable (and unlock); without it: edit the user (body with id)'),
});

export const appUserIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const appUserDetailSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  contactNumber: z.string().nullable(),
  isActive: z.boolean(),
  /** Ten failed sign-ins lock the name: the admin's unlock lifts it (activation with isActive true). */
  isLocked: z.boolean(),
  registrationStatus: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  rolesName: z.array(z.string()),
  moduleIds: z.array(z.number().int()),
  module: z.array(z.string()),
  createdAt: z.string(),
});
export type AppUserDetail = z.infer<typeof appUserDetailSchema>;

/** GET v2/appusers/internals: the active, approved users (pickers: assignees, module members). */
export const internalUserSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});
export const internalUsersResponseSchema = z.object({ data: z.array(internalUserSchema) });

/** GET v2/appusers/ssoRequested: users who arrived by single sign-on (or LDAP) and wait for an admin. */
export const ssoRequestedUserSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  registrationStatus: z.string(),
  departmentName: z.string().nullable(),
  requestedAt: z.string(),
});
export type SsoRequestedUser = z.infer<typeof ssoRequestedUserSchema>;
export const ssoRequestedResponseSchema = z.object({ data: z.array(ssoRequestedUserSchema) });

/**
 * PUT v2/appusers/updateSsoUserDetails (the spec shows no payload): approve with the roles and modules the user
 * gets, or reject with a remark.
 */
export const updateSsoUserRequestSchema = z
  .object({
    id: z.number({ error: 'User is required' }).int().positive('User is required'),
    decision: z.enum(['APPROVE', 'REJECT'], { error: 'Decision must be APPROVE or REJECT' }),
    rolesName: z.array(z.string().min(1)).default([]),
    moduleIds: z.array(z.number().int().positive()).default([]),
    remark: z.string().trim().max(1000).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'APPROVE' && b.rolesName.length === 0)
      ctx.addIssue({ code: 'custom', path: ['rolesName'], message: USER_TEXTS.rolesRequired });
    if (b.decision === 'APPROVE' && b.moduleIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['moduleIds'], message: USER_TEXTS.modulesRequired });
    if (b.decision === 'REJECT' && !b.remark)
      ctx.addIssue({ code: 'custom', path: ['remark'], message: USER_TEXTS.remarkRequired });
  });
export type UpdateSsoUserRequest = z.infer<typeof updateSsoUserRequestSchema>;
export const updateSsoUserResponseSchema = z.object({
  id: z.number().int(),
  registrationStatus: z.string(),
  message: z.string(),
});
