import { dataSourceEndpoints } from '@recon/contract';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '@/lib/call';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';

const mock = new MockAdapter(http);
afterEach(() => mock.reset());

describe('call', () => {
  it('sends the endpoint’s method, path and discriminator, and answers the parsed response', async () => {
    signIn();
    mock.onPut('/v2/datasources').reply((config) => {
      expect(config.params).toEqual({ Operation: 'UpdateSequence' });
      expect(JSON.parse(String(config.data))).toEqual([{ id: 4, sequence: 1 }]);
      return [200, { data: [] }];
    });
    await expect(call(dataSourceEndpoints.updateSequence, { body: [{ id: 4, sequence: 1 }] })).resolves.toEqual({
      data: [],
    });
  });

  it('fills the path parameters and keeps the caller’s query beside the discriminator', async () => {
    signIn();
    mock.onGet('/v2/datasources/7').reply((config) => [200, { data: [], seen: config.params }]);
    const answer = await call(dataSourceEndpoints.elements, { params: { id: 7 } });
    expect(answer).toEqual({ data: [] });
    expect(mock.history.get?.[0]?.params).toEqual({ find: 'DataElements' });
  });

  it('refuses an answer that is not the endpoint’s response', async () => {
    signIn();
    mock.onGet('/v2/datasources').reply(200, { data: 'not a list' });
    await expect(call(dataSourceEndpoints.byRecon, { query: { recon: 1 } })).rejects.toThrow();
  });
});
