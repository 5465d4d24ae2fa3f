import { vi } from 'vitest';

/**
 * Answers GET /web/v2/login-methods, which /login reads with the browser's fetch (not the HTTP client, so the
 * axios mock adapter does not see it). Other fetches go through. Restore with the returned spy's mockRestore().
 */
export function answerLoginMethods(data: unknown[], status = 200) {
  const original = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.endsWith('/web/v2/login-methods')) return original(input, init);
    return new Response(JSON.stringify(status === 200 ? { data } : { message: 'unavailable' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
}
