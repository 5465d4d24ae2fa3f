import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import * as contract from './index.ts';

/** The specification's call catalogue (spec document, method, path, query discriminator): `spec/calls.json`. */
type SpecCall = { spec: number; method: string; path: string; query: string | null };
const SPEC_CALLS: SpecCall[] = JSON.parse(readFileSync(new URL('../spec/calls.json', import.meta.url), 'utf8'));

/**
 * Calls of the specification not built yet: whole areas by path, or single calls as `METHOD /path?Query=Value`.
 * They have no endpoint until they land, and the second test fails once one does, so this list only shrinks.
 */
const NOT_BUILT: readonly string[] = [
  // Issue 15: migration rules, commission.
  '/v2/migrationRuleConfig',
  '/v2/commission',
  // Lien marking.
  '/v2/lien-marking',
];

/** Every endpoint of the contract: the values of its `…Endpoints` exports. */
const ENDPOINTS: Endpoint[] = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>));

/** `/v2/datasources/{id}` and `/v2/datasources/:id` both read `/v2/datasources/{}`. */
const shape = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z_]\w*/g, '{}');
const keyOfCall = (c: SpecCall) => `${c.method} ${shape(c.path)}${c.query ? `?${c.query}` : ''}`;
const keyOfEndpoint = (e: Endpoint) =>
  `${e.method} ${shape(e.path)}${e.discriminator?.value ? `?${e.discriminator.name}=${e.discriminator.value}` : ''}`;
const isBuilt = (c: SpecCall) =>
  !NOT_BUILT.some((p) => p === keyOfCall(c) || c.path === p || c.path.startsWith(`${p}/`));

describe('the endpoints of the contract', () => {
  const keys = new Set(ENDPOINTS.map(keyOfEndpoint));

  it('answer every call of the specification whose area is built, at its method, path and discriminator', () => {
    const built = SPEC_CALLS.filter(isBuilt);
    expect(built.length).toBeGreaterThan(0);
    expect(built.filter((c) => !keys.has(keyOfCall(c))).map(keyOfCall)).toEqual([]);
  });

  it('leave no call of an area listed as not built answered (the list is kept true)', () => {
    expect(SPEC_CALLS.filter((c) => !isBuilt(c) && keys.has(keyOfCall(c))).map(keyOfCall)).toEqual([]);
  });

  it('have one name and one method, path and discriminator each', () => {
    const dup = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
    expect(dup(ENDPOINTS.map((e) => e.name))).toEqual([]);
    expect(dup(ENDPOINTS.map(keyOfEndpoint))).toEqual([]);
  });

  it('declare a schema for each parameter of their path, and no other', () => {
    const wrong = ENDPOINTS.filter((e) => {
      const inPath = [...e.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]).sort();
      const declared = Object.keys((e.params as z.ZodObject | undefined)?.shape ?? {}).sort();
      return JSON.stringify(inPath) !== JSON.stringify(declared);
    });
    expect(wrong.map((e) => e.name)).toEqual([]);
  });
});

/** Source files of the apps outside tests: where a call's path must come from an endpoint, never a string. */
function appSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'testing' || d.name === 'fixtures' ? [] : appSources(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$|test-helpers\.ts$|\.fixtures\.ts$/.test(d.name) ? [path] : [];
  });
}

describe('the paths of the API', () => {
  it('are written only in the contract: the apps take them from endpoints', () => {
    const root = new URL('../../../', import.meta.url).pathname;
    const literal = /['"`]\/(web\/)?v\d+\//;
    const files = ['apps/web/src', 'apps/server/src'].flatMap((d) => appSources(join(root, d)));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((f) => literal.test(readFileSync(f, 'utf8'))).map((f) => f.slice(root.length));
    expect(offenders).toEqual([]);
  });
});
