/**
 * Zod compiles object schemas with `new Function` when it may, and finds out by trying once: under our
 * Content-Security-Policy (no 'unsafe-eval') that try is a reported violation. Zod reads its settings from this
 * global object, so setting it here, before any schema exists, keeps zod off eval without loading zod
 * with the login page (zod-jitless.test.ts checks that zod still reads it).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
