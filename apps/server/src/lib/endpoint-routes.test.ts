import { Readable } from 'node:stream';
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

  it('answers with the status an endpoint names, streams a file it produces, and marks a public one for the guard', async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const seen: Record<string, unknown> = {};
    app.addHook('onRequest', async (req) => {
      seen[req.routeOptions.url ?? ''] = req.routeOptions.config.isPublic ?? false;
    });
    const start = endpoint({
      name: 'things.start',
      method: 'POST',
      path: '/v2/things/start',
      module: 'required',
      status: 202,
      tags: ['Things'],
      summary: 'Start',
      response: z.object({ id: z.number() }),
    });
    const file = endpoint({
      name: 'things.file',
      method: 'GET',
      path: '/v2/things/file',
      module: 'ignore',
      public: true,
      produces: ['text/csv'],
      tags: ['Things'],
      summary: 'A file',
      response: z.unknown(),
    });
    registerRoutes(app, [
      route(start, () => ({ id: 7 })),
      route(file, (_input, _req, reply) =>
        reply.header('content-type', 'text/csv').send(Readable.from(['a,b\n1,2\n'])),
      ),
    ]);
    await app.ready();
    const started = await app.inject({ method: 'POST', url: '/v2/things/start' });
    expect([started.statusCode, started.json()]).toEqual([202, { id: 7 }]);
    const csv = await app.inject({ method: 'GET', url: '/v2/things/file' });
    expect([csv.statusCode, csv.headers['content-type'], csv.body]).toEqual([200, 'text/csv', 'a,b\n1,2\n']);
    expect(seen).toEqual({ '/v2/things/start': false, '/v2/things/file': true });
  });

  it("serializes each discriminated answer by its own endpoint's schema, not the first of a union that fits", async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const common = { method: 'GET', path: '/v2/lists', module: 'ignore', tags: ['Lists'], query } as const;
    const all = endpoint({
      ...common,
      name: 'lists.all',
      summary: 'All',
      discriminator: { name: 'Find', value: null },
      response: z.object({ data: z.array(z.number()) }),
    });
    const paged = endpoint({
      ...common,
      name: 'lists.paged',
      summary: 'A page',
      discriminator: { name: 'Find', value: 'ByName' },
      response: z.object({ data: z.array(z.number()), recordsTotal: z.number() }),
    });
    registerRoutes(app, [route(all, () => ({ data: [] })), route(paged, () => ({ data: [], recordsTotal: 0 }))]);
    await app.ready();
    const page = await app.inject({ method: 'GET', url: '/v2/lists?Find=ByName' });
    expect(page.json()).toEqual({ data: [], recordsTotal: 0 });
    expect((await app.inject({ method: 'GET', url: '/v2/lists' })).json()).toEqual({ data: [] });
  });
});
