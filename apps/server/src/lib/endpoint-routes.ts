import type { Endpoint, EndpointInput, EndpointResult } from '@recon/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error.ts';
import { parseBody } from '@/lib/parse-body.ts';

/**
 * Answers one endpoint: the parsed params, query and body, and the request (principal, module, audit). The reply is
 * for the few that stream a file or read a multipart body; the others return their answer.
 */
export type Handler<E extends Endpoint> = (
  input: EndpointInput<E>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<EndpointResult<E>> | EndpointResult<E>;

export type Route = { readonly endpoint: Endpoint; readonly handler: Handler<Endpoint> };

/** An endpoint of the contract and the function that answers it. */
export function route<E extends Endpoint>(endpoint: E, handler: Handler<E>): Route {
  return { endpoint, handler: handler as unknown as Handler<Endpoint> };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A route schema without the parts an endpoint does not have (Fastify warns about a part set to undefined). */
const defined = (schema: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));

/** What the guard reads from a route's config: public or not, X-Module-Id, the privilege. */
const configOf = (e: Endpoint, privilege: Endpoint['privilege']): FastifyContextConfig =>
  e.public ? { isPublic: true } : { module: e.module, privilege };

/** The OpenAPI parts an endpoint adds beside its schemas: no security when public, its media types. */
const openApiOf = (e: Endpoint) => ({
  security: e.public ? [] : undefined,
  consumes: e.consumes ? [...e.consumes] : undefined,
  produces: e.produces ? [...e.produces] : undefined,
});

/** `Find=ByRecon` as the OpenAPI text of an endpoint alone on its method and path says it. */
const discriminatorText = (e: Endpoint) =>
  e.discriminator?.value ? `\`${e.discriminator.name}=${e.discriminator.value}\`.` : undefined;

/** An endpoint alone on its method and path: Fastify validates its query and body and serializes its answer. */
function registerOne(app: FastifyInstance, { endpoint: e, handler }: Route): void {
  const status = e.status ?? 200;
  app.route({
    method: e.method,
    url: e.path,
    config: configOf(e, e.privilege ?? e.guard),
    attachValidation: e.checksOwnBody,
    schema: defined({
      tags: [...e.tags],
      summary: e.summary,
      description: [discriminatorText(e), e.description].filter(Boolean).join(' ') || undefined,
      ...openApiOf(e),
      params: e.params,
      querystring: e.query,
      body: e.body,
      response: { [status]: e.response },
    }),
    handler: async (req, reply) => {
      const answer = await handler(
        { params: req.params, query: req.query, body: req.body } as EndpointInput<Endpoint>,
        req,
        reply,
      );
      if (reply.sent) return reply;
      return reply.code(status).send(answer);
    },
  });
}

/**
 * The endpoints of one method and path (a call discriminated by a query value): one route, validated by their shared
 * query schema (after the area's `guard` privilege when theirs differ), that picks the endpoint by the value, checks
 * its privilege when they differ, parses its body (unless they all share one, which the route validates, or the
 * handler checks its own) and calls its handler. The answer is serialized by the chosen
 * endpoint's own schema: a union would take the first member that fits and drop the keys of the others. The OpenAPI
 * operation lists every value with its summary.
 */
function registerGroup(app: FastifyInstance, group: Route[]): void {
  const first = group[0]?.endpoint as Endpoint;
  const name = group.find((r) => r.endpoint.discriminator)?.endpoint.discriminator?.name;
  if (!name) throw new Error(`${first.method} ${first.path}: several endpoints and no discriminator`);
  for (const { endpoint: e } of group) {
    if (
      e.discriminator?.name !== name ||
      e.query !== first.query ||
      e.params !== first.params ||
      e.module !== first.module ||
      Boolean(e.public) !== Boolean(first.public) ||
      (e.status ?? 200) !== (first.status ?? 200) ||
      !same(e.guard, first.guard) ||
      e.consumes ||
      e.produces
    )
      throw new Error(
        `${e.name}: endpoints of ${e.method} ${e.path} must share discriminator, query, params, module, access, guard and status, and answer JSON`,
      );
  }
  const byValue = new Map(group.map((r) => [r.endpoint.discriminator?.value ?? null, r]));
  const sharedPrivilege = group.every((r) => same(r.endpoint.privilege, first.privilege)) ? first.privilege : undefined;
  const responses = [...new Set(group.map((r) => r.endpoint.response))];
  const hasBody = group.some((r) => r.endpoint.body);
  const sharedBody = group.every((r) => r.endpoint.body === first.body) ? first.body : undefined;
  const status = first.status ?? 200;
  const serializers = new Map(
    group.map(({ endpoint: e }) => [
      e,
      serializerCompiler({ schema: e.response, method: e.method, url: e.path, httpStatus: String(status) }),
    ]),
  );
  const line = ({ endpoint: e }: Route) =>
    `${e.discriminator?.value ? `\`${name}=${e.discriminator.value}\`` : `Without ${name}`}: ${e.summary}.${e.description ? ` ${e.description}` : ''}`;
  app.route({
    method: first.method,
    url: first.path,
    config: configOf(first, sharedPrivilege ?? first.guard),
    attachValidation: group.every((r) => r.endpoint.checksOwnBody) || undefined,
    schema: defined({
      tags: [...first.tags],
      ...openApiOf(first),
      summary: group.map((r) => r.endpoint.discriminator?.value ?? r.endpoint.summary).join(' | '),
      description: group.map(line).join('\n\n'),
      params: first.params,
      querystring: first.query,
      body: sharedBody ?? (hasBody ? z.unknown() : undefined),
      response: {
        [status]: responses.length === 1 ? responses[0] : z.union(responses as [z.ZodType, z.ZodType]),
      },
    }),
    handler: async (req, reply) => {
      const raw = (req.query as Record<string, unknown> | undefined)?.[name];
      const chosen = byValue.get(raw === undefined || raw === null ? null : String(raw));
      if (!chosen) {
        const values = [...byValue.keys()].filter(Boolean).join(', ');
        throw new AppError('VALIDATION', `${name} must be one of ${values}`, [
          { field: name, defaultMessage: `${name} must be one of ${values}` },
        ]);
      }
      const e = chosen.endpoint;
      if (!sharedPrivilege && e.privilege) await req.requirePrivilege(e.privilege);
      // A call sent without a body is checked as an empty one: the answer names each missing field.
      const body = sharedBody || e.checksOwnBody ? req.body : e.body ? parseBody(e.body, req.body ?? {}) : undefined;
      const answer = await chosen.handler(
        { params: req.params, query: req.query, body } as EndpointInput<Endpoint>,
        req,
        reply,
      );
      if (reply.sent) return reply;
      // A reply's own serializer leaves the content type unset: say it is JSON (browsers sniff nothing: nosniff).
      return reply
        .code(status)
        .type('application/json; charset=utf-8')
        .serializer(serializers.get(e) as (payload: unknown) => string)
        .send(answer);
    },
  });
}

/**
 * Registers the routes of endpoints; those sharing a method and path become one discriminated route. An endpoint
 * alone on its path keeps a plain route even with a discriminator (the caller still sends it; the query schema says
 * which values it takes).
 */
export function registerRoutes(app: FastifyInstance, routes: readonly Route[]): void {
  const groups = new Map<string, Route[]>();
  for (const r of routes) {
    const key = `${r.endpoint.method} ${r.endpoint.path}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const group of groups.values()) {
    if (group.length === 1) registerOne(app, group[0] as Route);
    else registerGroup(app, group);
  }
}
