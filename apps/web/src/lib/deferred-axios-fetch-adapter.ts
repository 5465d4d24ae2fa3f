/**
 * Stands in for axios' fetch adapter module (axios/lib/adapters/fetch.js) in the build: vite.config.ts
 * swaps it in where axios lists its adapters. The HTTP client keeps axios' default adapter order, so in a
 * browser every call goes through XMLHttpRequest and the fetch adapter (with its stream and multipart
 * helpers) would only weigh on the /login first load. A call that asks for `adapter: 'fetch'` still gets
 * the real one: it loads on that first call and handles it as before.
 */
type Adapter = (config: unknown) => Promise<unknown>;

export function getFetch(config?: unknown): Adapter | false {
  // Like the real one: unavailable without a fetch, global or given in the call's `env`.
  const envFetch = (config as { env?: { fetch?: unknown } } | undefined)?.env?.fetch;
  if (typeof fetch !== 'function' && typeof envFetch !== 'function') return false;
  return async (request) => {
    const real = await import('axios/unsafe/adapters/fetch.js');
    const adapter = real.getFetch(config);
    if (!adapter) throw new Error('The fetch adapter is not supported in this environment');
    return adapter(request);
  };
}
