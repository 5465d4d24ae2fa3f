/**
 * The contract's sign-in endpoint and schemas, and the call() that parses answers with them, loaded on the first
 * sign-in attempt rather than with the /login page, so zod is not part of the first load.
 */
export { authEndpoints, loginRequestSchema, loginResponseSchema } from '@recon/contract';
export { call } from '@/lib/call';
