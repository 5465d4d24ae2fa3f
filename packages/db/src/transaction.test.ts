import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { LOCKS, withTransaction } from './transaction.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.pool.query('CREATE TABLE tx_probe (id int PRIMARY KEY, note text)');
});
afterAll(() => t.drop());

const notes = async () => (await t.pool.query('SELECT note FROM tx_probe ORDER BY id')).rows.map((r) => r.note);

describe('withTransaction', () => {
  it('commits what its three ways wrote together, and rolls all of it back when the work throws', async () => {
    await withTransaction(t.db, {}, async ({ db, sql, client }) => {
      await db
        .insertInto('tx_probe' as never)
        .values({ id: 1, note: 'kysely' } as never)
        .execute();
      await sql.query('INSERT INTO tx_probe VALUES ($1, $2)', [2, 'sql']);
      await client.query('INSERT INTO tx_probe VALUES ($1, $2)', [3, 'client']);
    });
    const failed = withTransaction(t.db, {}, async ({ db, sql }) => {
      await db
        .insertInto('tx_probe' as never)
        .values({ id: 4, note: 'lost' } as never)
        .execute();
      await sql.query('INSERT INTO tx_probe VALUES (1, $1)', ['duplicate key']);
    });
    await expect(failed).rejects.toThrow(/duplicate key/);
    expect(await notes()).toEqual(['kysely', 'sql', 'client']);
  });

  it('rolls back a dry run that succeeded and answers its value', async () => {
    const value = await withTransaction(t.db, { commit: false }, async ({ sql }) => {
      await sql.query("INSERT INTO tx_probe VALUES (9, 'dry')");
      return (await sql.query('SELECT count(*)::int AS n FROM tx_probe')).rows[0]?.n;
    });
    expect(value).toBe(4);
    expect(await notes()).toEqual(['kysely', 'sql', 'client']);
  });

  it("answers the row count of a CREATE TABLE AS through sql (Kysely's own answer drops it)", async () => {
    const n = await withTransaction(t.db, {}, async ({ sql }) => {
      const r = await sql.query('CREATE TEMP TABLE tx_copy ON COMMIT DROP AS SELECT * FROM tx_probe');
      return r.rowCount;
    });
    expect(n).toBe(3);
  });

  it('lets one holder of a recon lock at a time in, and shared holders in together', async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const first = withTransaction(t.db, { lock: LOCKS.recon(42) }, async () => {
      events.push('first in');
      await held;
      events.push('first out');
    });
    while (!events.includes('first in')) await new Promise((r) => setImmediate(r));
    const second = withTransaction(t.db, { lock: LOCKS.recon(42) }, async () => {
      events.push('second in');
    });
    const other = withTransaction(t.db, { lock: LOCKS.recon(43) }, async () => {
      events.push('other recon in');
    });
    await other;
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first in', 'other recon in', 'first out', 'second in']);

    const both: string[] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      open = r;
    });
    const a = withTransaction(t.db, { lock: LOCKS.recon(42, 'shared') }, async () => {
      both.push('a in');
      await gate;
    });
    const b = withTransaction(t.db, { lock: LOCKS.recon(42, 'shared') }, async () => {
      both.push('b in');
    });
    await b;
    open();
    await a;
    expect(both.sort()).toEqual(['a in', 'b in']);
  });
});
