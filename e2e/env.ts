/** Shared by playwright.config.ts (the server's env) and the journeys (to mint an expired access token). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';
export const DEMO_PASSWORD = 'Recon@Demo2026';
/**
 * The local OAuth2 provider fake the OAuth journey starts (apps/server/src/testing/oauth-provider.ts): the server's
 * gmail addresses point at it. Nothing else uses gmail, so other journeys are unaffected.
 */
export const E2E_OAUTH_PORT = E2E_PORT + 20_000;
export const E2E_OAUTH_CLIENT = { clientId: 'e2e-oauth-client', clientSecret: 'e2e-oauth-client-secret' };
