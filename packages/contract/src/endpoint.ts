import { z } from 'zod';
import type { PrivilegeRule } from './privileges.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a call treats X-Module-Id (the server's auth guard): needed, checked when sent, or not looked at. */
export type EndpointModule = 'required' | 'optional' | 'ignore';

/**
 * One call of the API, defined once (issue 10): the server registers its route from it, the web calls it through
 * `call(endpoint, …)`, the OpenAPI document is generated from it. A call the specification discriminates by a query
 * value (`Find=ByRecon`, `Operation=UpdateSequence`) is one endpoint per value, each with its own handler; the
 * endpoint without a value answers when the query has none.
 */
export type Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> = {
  /** Findable name: `<area>.<call>`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Under /web, with `:param` segments (`/v2/datasources/:id`). */
  readonly path: string;
  /** The query parameter and value that select this endpoint among those of one method and path. */
  readonly discriminator?: { readonly name: string; readonly value: string | null };
  readonly module: EndpointModule;
  /** No access token asked (sign-in, refresh, a download's one-time token): the guard lets the call through. */
  readonly public?: boolean;
  readonly privilege?: PrivilegeRule;
  /**
   * The area's privilege, checked by the guard before the query is read, when the endpoints of one method and path
   * need different ones (`privilege`, checked after): a caller without the area's gets 403, not a 400 on the query.
   */
  readonly guard?: PrivilegeRule;
  readonly params?: P;
  /** The query as validated; endpoints of one method and path share one query schema. */
  readonly query?: Q;
  readonly body?: B;
  /**
   * The handler checks the body itself (the editor's first problem in the spec's order, its own messages): the body
   * schema documents the call but does not refuse the request first.
   */
  readonly checksOwnBody?: boolean;
  /** The answer: JSON by this schema, or (with `produces`) a file streamed by the handler. */
  readonly response: R;
  /** The success status when it is not 200 (202: accepted, runs in the background). */
  readonly status?: 200 | 201 | 202;
  /** Media types of a body not in JSON (`multipart/form-data`): the handler reads it, `body` stays unset. */
  readonly consumes?: readonly string[];
  /** Media types of a file answer (`text/csv`, `application/octet-stream`): the handler streams it on the reply. */
  readonly produces?: readonly string[];
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
};

// An optional schema property reads `Schema | undefined`: the schema, when there is one, decides.
type Out<S> = [Exclude<S, undefined>] extends [never]
  ? undefined
  : Exclude<S, undefined> extends z.ZodType
    ? z.output<Exclude<S, undefined>>
    : undefined;
type In<S> = [Exclude<S, undefined>] extends [never]
  ? undefined
  : Exclude<S, undefined> extends z.ZodType
    ? z.input<Exclude<S, undefined>>
    : undefined;

/** What a handler receives: the parsed parameters, query and body. */
export type EndpointInput<E extends Endpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
};
/** A query as sent: its values go on the URL as text, the server's schema parses them. */
export type QueryValues = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;
/** What a caller sends: path parameters, the query (its discriminator is added by the call), the body. */
export type EndpointArgs<E extends Endpoint> = {
  params?: In<E['params']>;
  query?: QueryValues;
  body?: In<E['body']>;
  /** The multipart body of an endpoint that `consumes` it (file uploads). */
  form?: FormData;
};
export type EndpointResult<E extends Endpoint> = z.output<E['response']>;

/** Declares an endpoint with its exact schema types kept. */
export function endpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

/** The concrete path of an endpoint: `:id` replaced by its value. */
export function pathOf(e: Endpoint, params?: Record<string, unknown>): string {
  return e.path.replace(/:([A-Za-z_]\w*)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null) throw new Error(`${e.name}: the path parameter ${key} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** `:id` of a path: a positive whole number. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
