import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@/app.ts';
import { addReconFixture, type ReconFixture } from '@/testing/recon-fixtures.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

/**
 * Bad input answers 400 with the spec's validation body, never 500 (issue 11.5). The table is the generated
 * OpenAPI document itself: every query, path and JSON body parameter typed (or named) as a date or a number, on
 * every operation and every value of its query discriminator, gets malformed values while everything else in
 * the request is well formed (a valid token and module).
 */

type Schema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
};
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema; description?: string };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

type Kind = 'date' | 'integer' | 'number';
type Case = {
  name: string;
  method: string;
  url: string;
  /** The same request without the malformed value: a parameter the call does not read cannot be malformed. */
  without: string;
  payload?: Record<string, unknown>;
  payloadWithout?: Record<string, unknown>;
};

const DISCRIMINATORS = new Set(['Find', 'find', 'Operation', 'opertionType', 'Update', 'approvalStatus']);
/** An id or date no row has: the request is well formed, and whatever the handler does with it is its business. */
const ABSENT_ID = '999999';
const GOOD_DATE = '2026-01-15';

/** Every sub-schema of a schema (anyOf / oneOf / allOf looked through). */
function flatten(s: Schema | undefined): Schema[] {
  if (!s) return [];
  return [s, ...[...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap(flatten)];
}
const typesOf = (s: Schema | undefined) =>
  flatten(s).flatMap((x) => (Array.isArray(x.type) ? x.type : x.type ? [x.type] : []));

/**
 * A date or a number by its schema, or — on routes shared by several endpoints, whose documented query is the
 * union of theirs, written as text — by its name: `…Date` (never `dateColumn`), `…Id`, the paging numbers.
 */
const TEXT_IDS = new Set(['registrationId']);

function kindOf(name: string, schema: Schema | undefined, description = ''): Kind | null {
  const all = flatten(schema);
  if (all.some((x) => x.format === 'date' || x.format === 'date-time' || x.pattern?.includes('\\d{4}'))) return 'date';
  if (/(^d|D)ate$/.test(name) || /YYYY-MM-DD/.test(description)) return 'date';
  const types = typesOf(schema);
  if (all.some((x) => x.enum || x.const !== undefined) && !types.includes('integer')) return null;
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  // A name like an id is a number, except the ids that are names (a SAML registration id such as "corp-okta").
  if (!TEXT_IDS.has(name) && /(^id|Id|^start|^length|^draw)$/.test(name)) return 'integer';
  return null;
}

/** What each kind must refuse: impossible and malformed dates; text, fractions, overflow and negatives for numbers. */
function malformedValues(kind: Kind, schema: Schema | undefined, where: 'query' | 'path' | 'body'): unknown[] {
  if (kind === 'date') return ['2026-02-30', '2026-13-01', 'abc', '2026-1-5'];
  const minimum = flatten(schema).find((x) => typeof x.minimum === 'number')?.minimum;
  const negative = minimum !== undefined && minimum >= 0 ? [minimum - 1] : [];
  const values: unknown[] = where === 'body' ? ['abc', 1e20] : ['abc', '99999999999999999999', ...negative];
  if (kind === 'integer') values.push(where === 'body' ? 1.5 : '1.5');
  return where === 'body' ? values : values.map(String);
}

/** Ids of real rows, by parameter name, so a request gets past its lookups to the value under test. */
let realIds: Record<string, number> = {};
/** A path's `{id}` by the resource it names. */
const PATH_ID: readonly [RegExp, string][] = [
  [/\/datasources\/\{id\}/, 'dataSourceId'],
  [/\/recons\/\{id\}/, 'reconId'],
  [/\/pipelines?\/\{id\}/, 'pipelineId'],
];

/** A well-formed value for a parameter the case does not test. */
function wellFormed(p: Parameter, path: string): string {
  const s = flatten(p.schema);
  const literal = s.find((x) => x.enum?.length)?.enum?.[0] ?? s.find((x) => x.const !== undefined)?.const;
  if (literal !== undefined) return String(literal);
  const kind = kindOf(p.name, p.schema, p.description);
  if (kind === 'date') return GOOD_DATE;
  const named = p.in === 'path' ? PATH_ID.find(([re]) => re.test(path))?.[1] : p.name;
  const real = named ? realIds[named] : undefined;
  if (real !== undefined) return String(real);
  if (kind) return ABSENT_ID;
  return 'x';
}
/** Sent even when optional: the context a list needs to reach its query (which recon, which data source). */
const isContext = (p: Parameter) => p.name in realIds || flatten(p.schema).some((x) => x.enum?.length);

function buildCases(doc: OpenApiDoc): Case[] {
  const cases: Case[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const discriminator = params.find((p) => p.in === 'query' && DISCRIMINATORS.has(p.name));
      const discriminatorValues: (string | undefined)[] = discriminator
        ? [
            ...flatten(discriminator.schema).flatMap(
              (x) => (x.enum ?? (x.const !== undefined ? [x.const] : [])) as string[],
            ),
            ...(discriminator.required ? [] : [undefined]),
          ]
        : [undefined];
      const body = op.requestBody?.content?.['application/json']?.schema;
      const bodyProps = Object.entries(body?.properties ?? {});
      for (const value of discriminatorValues) {
        const base = (tested?: string, testedValue?: string) => {
          const query = new URLSearchParams();
          if (discriminator && value !== undefined) query.set(discriminator.name, value);
          for (const p of params) {
            if (p.in !== 'query' || p === discriminator) continue;
            if (p.name === tested) {
              if (testedValue !== undefined) query.set(p.name, testedValue);
            } else if (p.required || isContext(p)) query.set(p.name, wellFormed(p, path));
          }
          let url = `${path}`;
          for (const p of params.filter((x) => x.in === 'path')) {
            const v = p.name === tested && testedValue !== undefined ? testedValue : wellFormed(p, path);
            url = url.replace(`{${p.name}}`, encodeURIComponent(v));
          }
          const qs = query.toString();
          return qs ? `${url}?${qs}` : url;
        };
        const label = `${method.toUpperCase()} ${path}${value ? ` ${discriminator?.name}=${value}` : ''}`;
        // A DELETE is sent only with a malformed path id: a well-formed request would delete something.
        const isDelete = method === 'delete';
        for (const p of params) {
          if (p.in !== 'query' && p.in !== 'path') continue;
          if (isDelete && p.in !== 'path') continue;
          const kind = kindOf(p.name, p.schema, p.description);
          if (!kind || p === discriminator) continue;
          for (const bad of malformedValues(kind, p.schema, p.in as 'query' | 'path')) {
            cases.push({
              name: `${label} ${p.in} ${p.name}=${String(bad)}`,
              method: method.toUpperCase(),
              url: base(p.name, String(bad)),
              without: p.in === 'path' ? '' : base(p.name),
              ...(['post', 'put', 'patch'].includes(method) ? { payload: {}, payloadWithout: {} } : {}),
            });
          }
        }
        if (isDelete) continue;
        for (const [name, schema] of bodyProps) {
          const kind = kindOf(name, schema);
          if (!kind) continue;
          for (const bad of malformedValues(kind, schema, 'body')) {
            cases.push({
              name: `${label} body ${name}=${String(bad)}`,
              method: method.toUpperCase(),
              url: base(),
              without: base(),
              payload: { [name]: bad },
              payloadWithout: {},
            });
          }
        }
      }
    }
  }
  return cases;
}

const isValidationBody = (body: unknown) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as { message?: unknown; errors?: unknown };
  return (
    typeof b.message === 'string' &&
    Array.isArray(b.errors) &&
    b.errors.length > 0 &&
    b.errors.every(
      (e: { field?: unknown; defaultMessage?: unknown }) =>
        typeof e.field === 'string' && typeof e.defaultMessage === 'string',
    )
  );
};

let t: TestApp;
let admin: Session;
let moduleId: number;
let doc: OpenApiDoc;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Bad input');
  await addUser(t, { userName: 'bad-input-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'bad-input-admin');
  const side = {
    columns: [
      { name: 'reference', dataType: 'VARCHAR' as const },
      { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
      { name: 'value_date', dataType: 'DATE' as const },
    ],
    rows: [{ reference: 'R1', amount: '10.00', value_date: '2026-01-15' }],
  };
  const f: ReconFixture = await addReconFixture(t, moduleId, { A: side, B: side }, 'bad');
  realIds = {
    reconId: f.reconId,
    recon: f.reconId,
    dataSourceId: f.sides.A.dataSourceId,
    pipelineId: f.sides.A.pipelineId,
    moduleId,
    module: moduleId,
  };
  doc = (await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` })).json();
});
afterAll(() => t.close());

describe('malformed dates and numbers across the OpenAPI document', () => {
  it('answers 400 with the validation body, never 5xx, for every malformed date and number parameter', async () => {
    const cases = buildCases(doc);
    // The document must keep being walked: a table that silently shrank would prove nothing.
    expect(cases.length).toBeGreaterThan(400);
    const failures: string[] = [];
    let serverErrors = 0;
    let notRead = 0;
    for (const c of cases) {
      const send = (url: string, payload: Record<string, unknown> | undefined) =>
        call(t, admin, { method: c.method as 'GET', url, moduleId, ...(payload ? { payload } : {}) });
      const res = await send(c.url, c.payload);
      if (res.statusCode >= 500) serverErrors += 1;
      const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body;
      if (res.statusCode === 400 && isValidationBody(body)) continue;
      if (res.statusCode < 300 && c.without) {
        const plain = await send(c.without, c.payloadWithout);
        if (plain.statusCode === res.statusCode && plain.body === res.body) {
          notRead += 1;
          continue;
        }
      }
      failures.push(`${c.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures, `${cases.length} cases (${notRead} not read by the call), ${serverErrors} answered 5xx`).toEqual(
      [],
    );
  }, 300_000);
});
