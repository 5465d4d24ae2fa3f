import { vi } from 'vitest';

/**
 * Answers GET /web/v2/login-methods and GET /web/v2/captcha, which /login reads with the browser's fetch (not the
 * HTTP client, so the axios mock adapter does not see them); CAPTCHA is off unless `captcha` answers otherwise (a
 * function: a new answer per call). Other fetches go through. Restore with the returned spy's mockRestore().
 */
export function answerLoginMethods(
  data: unknown[],
  status = 200,
  captcha: unknown | (() => unknown) = { enabled: false },
) {
  const original = globalThis.fetch;
  const json = (body: unknown, code = 200) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/web/v2/captcha')) return json(typeof captcha === 'function' ? captcha() : captcha);
    if (!url.endsWith('/web/v2/login-methods')) return original(input, init);
    return json(status === 200 ? { data } : { message: 'unavailable' }, status);
  });
}
