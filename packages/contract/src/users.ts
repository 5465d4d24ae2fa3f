import { z } from 'zod';

export const appUserRowSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  module: z.array(z.string()),
  rolesName: z.array(z.string()),
});
export type AppUserRow = z.infer<typeof appUserRowSchema>;

export const userActivationQuerySchema = z.object({ Update: z.literal('UserActivationManagement') });
/**
 * Activation management of one user (the spec shows no payload): `isActive` false disables the user and ends their
 * sessions; true enables them and lifts every sign-in lock of their name, from every address.
 */
export const userActivationRequestSchema = z.object({
  id: z.number({ error: 'User is required' }).int().positive('User is required'),
  isActive: z.boolean({ error: 'Active is required' }),
});
export const userActivationResponseSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  isActive: z.boolean(),
  /** Sign-in locks and counts lifted by this call (0 when the name had none). */
  locksLifted: z.number().int(),
});
