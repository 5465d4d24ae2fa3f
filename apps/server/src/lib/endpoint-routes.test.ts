import { endpoint } from '@recon/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { registerErrorHandler } from '@/plugins/error-handler.ts';

const query = z.object({ Find: z.enum(['ByName']).optional(), name: z.string().optional() });
const base = { method: 'PUT', path: '/v2/things', module: 'ignore', tags: ['Things'], query } as const;
const list = endpoint({
  ...base,
  name: 'things.save',
  summary: 'Save a thing',
  discriminator: { name: 'Find', value: null },
  privilege: { code: 'dataSources' },
  body: z.object({ name: z.string({ error: 'name is Required' }) }),
  response: z.object({ saved: z.string() }),
});
const byName = endpoint({
  ...base,
  name: 'things.byName',
  summary: 'Rename things',
  discriminator: { name: 'Find', value: 'ByName' },
  privilege: { code: 'createEditDataSource' },
  body: z.array(z.number(), { error: 'a list of ids' }),
  response: z.object({ ids: z.array(z.number()) }),
});

let app: FastifyInstance;
afterEach(() => app.close());

/** A bare server with the endpoints; the caller holds the privilege codes in `held`. */
async function serve(held: string[]) {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('requirePrivilege', async (rule: { code?: string }) => {
    if (rule.code && !held.includes(rule.code)) throw new AppError('FORBIDDEN', 'no');
  });
  registerRoutes(app, [
    route(list, ({ body }) => ({ saved: body.name })),
    route(byName, ({ body, query: q }) => ({ ids: body.map((id) => id + (q.name ? 1 : 0)) })),
  ]);
  await app.ready();
}

describe('registerRoutes', () => {
  it('answers each discriminator value with its own handler and body schema', async () => {
    await serve(['dataSources', 'createEditDataSource']);
    const plain = await app.inject({ method: 'PUT', url: '/v2/things', payload: { name: 'a' } });
    expect(plain.json()).toEqual({ saved: 'a' });
    const named = await app.inject({ method: 'PUT', url: '/v2/things?Find=ByName&name=x', payload: [1, 2] });
    expect(named.json()).toEqual({ ids: [2, 3] });
  });

  it("refuses a body that is not the chosen endpoint's with a 400 naming the problem", async () => {
    await serve(['dataSources', 'createEditDataSource']);
    const res = await app.inject({ method: 'PUT', url: '/v2/things?Find=ByName', payload: { name: 'a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('a list of ids');
    const plain = await app.inject({ method: 'PUT', url: '/v2/things', payload: {} });
    expect(plain.json().errors[0]).toEqual({ field: 'name', defaultMessage: 'name is Required' });
  });

  it('checks the privilege of the endpoint chosen when the values need different ones', async () => {
    await serve(['dataSources']);
    expect((await app.inject({ method: 'PUT', url: '/v2/things', payload: { name: 'a' } })).statusCode).toBe(200);
    const res = await app.inject({ method: 'PUT', url: '/v2/things?Find=ByName', payload: [1] });
    expect(res.statusCode).toBe(403);
  });

  it('refuses an unknown discriminator value through the shared query schema', async () => {
    await serve(['dataSources', 'createEditDataSource']);
    const res = await app.inject({ method: 'PUT', url: '/v2/things?Find=Other', payload: [1] });
    expect(res.statusCode).toBe(400);
  });
});
