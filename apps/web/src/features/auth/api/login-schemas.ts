/**
 * The contract's schemas of the sign-in calls (password and LDAP), loaded on the first sign-in attempt
 * rather than with the /login page, so zod is not part of the first load.
 */
export { loginRequestSchema, loginResponseSchema } from '@recon/contract';
