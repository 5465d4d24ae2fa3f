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
