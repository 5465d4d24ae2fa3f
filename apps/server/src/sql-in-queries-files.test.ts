import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * STYLE rule 4: in a feature, `*.routes.ts` validates and calls, `*.service.ts` holds the rules and opens
 * transactions, and only `*.queries.ts` writes SQL (Kysely builders or `sql` templates), taking the db or the
 * transaction's `tx.db` first. This test names each line of a feature's other files that builds a query.
 */

const SERVER_SRC = import.meta.dirname;
const FEATURES = join(SERVER_SRC, 'features');

/**
 * Files that still build queries, to be moved (issue 10): the list only shrinks. A file that no longer builds any
 * fails the second test until it leaves the list.
 */
const NOT_MOVED_YET: readonly string[] = ['approvals/approvals.service.ts', 'files/files.routes.ts'];

const QUERY_BUILDING: readonly { what: string; pattern: RegExp }[] = [
  {
    what: 'a Kysely query builder',
    pattern: /\.(?:selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|mergeInto|replaceInto)\(/,
  },
  { what: 'an sql template', pattern: /\bsql(?:<[^`]*>)?`|\bsql\.(?:raw|join|lit|ref|id|table|val)\(/ },
];

/** Lines of a file that build SQL, as `path:line: what`. Comments may name them. */
function queryBuildingIn(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    if (/^\s*(?:\/\/|\/\*|\*)/.test(line)) return [];
    return QUERY_BUILDING.filter((q) => q.pattern.test(line)).map((q) => `${path}:${i + 1}: ${q.what}`);
  });
}

/** A feature's files that are neither queries nor tests (fixtures are test data: they seed with SQL). */
const featureFiles = () =>
  readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !/\.(?:queries|test|fixtures)\.ts$/.test(f))
    .map((f) => f.split('\\').join('/'));

describe('SQL only in *.queries.ts', () => {
  it("finds no query built in a feature's routes, services or helpers", () => {
    const found = featureFiles()
      .filter((f) => !NOT_MOVED_YET.includes(f))
      .flatMap((f) =>
        queryBuildingIn(relative(SERVER_SRC, join(FEATURES, f)), readFileSync(join(FEATURES, f), 'utf8')),
      );
    expect(found).toEqual([]);
  });

  it('lists as not moved yet only files that exist and still build queries', () => {
    const moved = NOT_MOVED_YET.filter(
      (f) => !existsSync(join(FEATURES, f)) || queryBuildingIn(f, readFileSync(join(FEATURES, f), 'utf8')).length === 0,
    );
    expect(moved).toEqual([]);
  });

  it('names the file and line of each query built, and passes over comments', () => {
    const text = [
      "// not db.selectFrom('x') here",
      "const rows = await db.selectFrom('module').selectAll().execute();",
      "await tx.updateTable('job').set({ status: 'DONE' }).execute();",
      'const where = sql<SqlBool>`id = 1`;',
      'const order = sql.raw(dir);',
      'const rows = await q.listModules(ctx.db);',
      'const summary = sqlText(x);',
    ].join('\n');
    expect(queryBuildingIn('x.ts', text)).toEqual([
      'x.ts:2: a Kysely query builder',
      'x.ts:3: a Kysely query builder',
      'x.ts:4: an sql template',
      'x.ts:5: an sql template',
    ]);
  });
});
