/** The one axios module the app loads by path (lib/deferred-axios-fetch-adapter.ts); axios ships no types for it. */
declare module 'axios/unsafe/adapters/fetch.js' {
  export function getFetch(config?: unknown): ((config: unknown) => Promise<unknown>) | false;
}
