import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0013: a transaction is opened only by `withTransaction` of @recon/db, which names its locks and hands
 * the work one connection. A Kysely `db.transaction()`, a connection taken from the pool or a `BEGIN` written in the
 * server would be a second way, whose queries may or may not commit with the rest: this test names each one.
 */

const SERVER_SRC = import.meta.dirname;
const REPO_ROOT = join(SERVER_SRC, '..', '..', '..');

const OTHER_WAYS: readonly { way: string; pattern: RegExp }[] = [
  { way: "Kysely's .transaction()", pattern: /\.transaction\(\)/ },
  { way: 'a connection taken from the pool', pattern: /\b(?:\w*pool|poolOf\([^)]*\))\.connect\(/i },
  { way: 'a transaction begun by hand', pattern: /['"`]\s*(?:BEGIN|START\s+TRANSACTION)\b/i },
];

/** Lines of a file that open a transaction another way, as `path:line: way`. Comments may name the ways. */
function otherWaysIn(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    if (/^\s*(?:\/\/|\/\*|\*)/.test(line)) return [];
    return OTHER_WAYS.filter((w) => w.pattern.test(line)).map((w) => `${path}:${i + 1}: ${w.way}`);
  });
}

const serverFiles = () =>
  readdirSync(SERVER_SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(SERVER_SRC, f));

describe('one way to the database', () => {
  it('finds no transaction in apps/server/src opened other than by withTransaction', () => {
    const found = serverFiles().flatMap((f) => otherWaysIn(relative(REPO_ROOT, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('names the file and line of each other way, and passes over comments', () => {
    const text = [
      '// not db.transaction() but withTransaction',
      'await db.transaction().execute(async (trx) => trx);',
      'const client = await pool.connect();',
      'const other = await poolOf(db).connect();',
      "await client.query('BEGIN');",
      'await sql`start transaction`.execute(db);',
      "await withTransaction(db, {}, async ({ db: tx }) => tx.selectFrom('module').execute());",
    ].join('\n');
    expect(otherWaysIn('x.ts', text)).toEqual([
      "x.ts:2: Kysely's .transaction()",
      'x.ts:3: a connection taken from the pool',
      'x.ts:4: a connection taken from the pool',
      'x.ts:5: a transaction begun by hand',
      'x.ts:6: a transaction begun by hand',
    ]);
  });
});
