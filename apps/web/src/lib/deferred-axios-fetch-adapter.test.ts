import axios, { type AxiosAdapter } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { getFetch } from '@/lib/deferred-axios-fetch-adapter';

describe("stand-in for axios' fetch adapter", () => {
  it('loads the real adapter on the first call and answers through it', async () => {
    const fetchStub = vi.fn(
      async () => new Response(JSON.stringify({ ok: true }), { headers: { 'Content-Type': 'application/json' } }),
    );
    const viaStandIn: AxiosAdapter = (config) => {
      const adapter = getFetch(config);
      if (!adapter) throw new Error('no fetch');
      return adapter(config) as ReturnType<AxiosAdapter>;
    };
    const client = axios.create({ adapter: viaStandIn, env: { fetch: fetchStub } });

    const response = await client.get('http://localhost/web/v2/things');

    expect(response.data).toEqual({ ok: true });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('is unavailable where there is no fetch, like the real one', () => {
    vi.stubGlobal('fetch', undefined);
    try {
      expect(getFetch()).toBe(false);
      expect(getFetch({ env: { fetch: () => undefined } })).toBeTypeOf('function');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
