import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@recon/db';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataVersionOf, ensureVersionTriggers, foldDataVersions } from '@/lib/data-tables/data-version.ts';
import { addReconFixture, insertRows, type ReconFixture } from '@/testing/recon-fixtures.ts';
import { addModule, createTestApp, type TestApp } from '@/testing/test-app.ts';
import { dashletModelOf } from './dashlet-model.ts';
import { cachedDashletFigures } from './figures-cache.ts';

/**
 * The figures cache (decision 0040): a repeat read with nothing written reads only the data version; any write to a
 * dashlet's data table or state table — committed — shows in the next read; a write not yet committed does not.
 */

let t: TestApp;
let moduleId: number;
let f: ReconFixture;
const TODAY = new Date().toISOString().slice(0, 10);
const bare = (qualifiedName: string) => qualifiedName.split('.')[1]?.replaceAll('"', '') ?? '';

beforeAll(async () => {
  t = await createTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'recon-figcache-')) });
  moduleId = await addModule(t, 'Figures cache module');
  const columns = [
    { name: 'reference', dataType: 'VARCHAR' as const },
    { name: 'value_date', dataType: 'DATE' as const },
    { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
  ];
  f = await addReconFixture(
    t,
    moduleId,
    {
      A: { columns, rows: [{ reference: 'A1', value_date: TODAY, amount: '10.50' }] },
      B: { columns, rows: [{ reference: 'B1', value_date: TODAY, amount: '4.25' }] },
    },
    'figcache',
  );
});
afterAll(() => t.close());

/** The db, counting each statement sent through it. */
function counting(db: Db) {
  const seen = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin) as Db, seen };
}

const matchRate = async (db: Db) => {
  const model = await dashletModelOf(t.database.db, moduleId, {
    name: 'Cache match rate',
    kind: 'MATCH_RATE',
    chartType: 'NUMBER',
    reconId: f.reconId,
    parameters: {},
  });
  return cachedDashletFigures(db, model, new Date());
};
const total = (fig: Awaited<ReturnType<typeof matchRate>>) => fig.rows.at(-1) as Record<string, unknown>;

describe('the figures cache', () => {
  it('answers a repeat read with nothing written from the version alone, and a write moves it', async () => {
    const first = counting(t.database.db);
    const before = await matchRate(first.db);
    expect(total(before)).toMatchObject({ total: 2, matched: 0, openAmount: '14.75' });
    // The version, then one aggregate per data source.
    expect(first.seen.statements).toBe(3);

    const again = counting(t.database.db);
    expect(await matchRate(again.db)).toEqual(before);
    expect(again.seen.statements).toBe(1);

    await insertRows(t, f.sides.A.table, [{ reference: 'A2', value_date: TODAY, amount: '100.00' }]);
    const after = counting(t.database.db);
    expect(total(await matchRate(after.db))).toMatchObject({ total: 3, matched: 0, openAmount: '114.75' });
    expect(after.seen.statements).toBe(3);
  });

  it('shows a state row written by a knock-off, and its removal by a rollback', async () => {
    const a1 = await t.database.pool.query(`SELECT _id FROM ${f.sides.A.table} WHERE reference = 'A1'`);
    const id = a1.rows[0]._id as number;
    await t.database.pool.query(
      `INSERT INTO ${f.sides.A.stateTable} (_id, status, run_id) VALUES ($1, 'KNOCKED_OFF', 0)`,
      [id],
    );
    expect(total(await matchRate(t.database.db))).toMatchObject({ total: 3, matched: 1, openAmount: '104.25' });
    await t.database.pool.query(`DELETE FROM ${f.sides.A.stateTable} WHERE _id = $1`, [id]);
    expect(total(await matchRate(t.database.db))).toMatchObject({ total: 3, matched: 0, openAmount: '114.75' });
  });

  it('does not see a write until it commits, and sees it once it has', async () => {
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO ${f.sides.B.table} (reference, value_date, amount) VALUES ('B2', $1, '1.00')`, [
        TODAY,
      ]);
      expect(total(await matchRate(t.database.db))).toMatchObject({ total: 3 });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(total(await matchRate(t.database.db))).toMatchObject({ total: 4, openAmount: '115.75' });
  });
});

describe('data versions', () => {
  it('count statements of INSERT, UPDATE, DELETE and TRUNCATE on a data table', async () => {
    const table = bare(f.sides.B.table);
    const versions = [await dataVersionOf(t.database.db, [table])];
    await t.database.pool.query(`UPDATE ${f.sides.B.table} SET amount = amount WHERE false`);
    versions.push(await dataVersionOf(t.database.db, [table]));
    await t.database.pool.query(`DELETE FROM ${f.sides.B.table} WHERE reference = 'B2'`);
    versions.push(await dataVersionOf(t.database.db, [table]));
    await t.database.pool.query(`TRUNCATE ${f.sides.B.stateTable}`);
    versions.push(await dataVersionOf(t.database.db, [bare(f.sides.B.stateTable)]));
    expect(new Set(versions.slice(0, 3)).size).toBe(3);
    expect(versions[3]).toMatch(/:1$/);
  });

  it('are attached at start to a table that lacks the trigger', async () => {
    const table = bare(f.sides.A.table);
    await sql.raw(`DROP TRIGGER data_version_bump ON ${f.sides.A.table}`).execute(t.database.db);
    const before = await dataVersionOf(t.database.db, [table]);
    await insertRows(t, f.sides.A.table, [{ reference: 'A3', value_date: TODAY, amount: '1.00' }]);
    expect(await dataVersionOf(t.database.db, [table])).toBe(before);
    expect(await ensureVersionTriggers(t.database.db)).toBe(1);
    expect(await ensureVersionTriggers(t.database.db)).toBe(0);
    await insertRows(t, f.sides.A.table, [{ reference: 'A4', value_date: TODAY, amount: '1.00' }]);
    expect(await dataVersionOf(t.database.db, [table])).not.toBe(before);
  });

  it("fold the counts of ended backends without changing a table's version", async () => {
    const table = bare(f.sides.A.table);
    // A backend that has ended (no live backend has this pid).
    await t.database.db
      .insertInto('data_version')
      .values({ table_name: table, backend_pid: 2_000_000_001, changes: 5 })
      .execute();
    const before = await dataVersionOf(t.database.db, [table]);
    expect(await foldDataVersions(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await dataVersionOf(t.database.db, [table])).toBe(before);
    const left = await t.database.db
      .selectFrom('data_version')
      .select('backend_pid')
      .where('table_name', '=', table)
      .where('backend_pid', '=', 2_000_000_001)
      .execute();
    expect(left).toEqual([]);
  });
});
