/** Shared by playwright.config.ts (the server's env) and the journeys (to mint an expired access token). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';
export const DEMO_PASSWORD = 'Recon@Demo2026';
