/**
 * The contract's schema for the token refresh answer, loaded with the first refresh rather than with the
 * page: the HTTP client is part of the /login first load and must not bring zod along.
 */
export { refreshResponseSchema } from '@recon/contract';
