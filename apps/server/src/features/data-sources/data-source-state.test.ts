import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDb, createPool, MIGRATIONS_DIR } from '@recon/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { invalidBody } from '@/testing/error-bodies.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';
import { createDataSource, createRecon, type Fixture, makeFixture, validBody } from './data-sources.fixtures.ts';

/** Decision 0011: each data source (recon × table) has its own recon state table. */

let t: TestApp;
let admin: Session;
let moduleId: number;
let f: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'State per source');
  await addUser(t, { userName: 'sps-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'sps-admin');
  f = await makeFixture(t, admin, moduleId);
});
afterAll(() => t.close());

const stateTableOf = async (dataSourceId: number) =>
  (
    await t.database.db
      .selectFrom('data_source')
      .select('state_table_name')
      .where('id', '=', dataSourceId)
      .executeTakeFirstOrThrow()
  ).state_table_name;
const exists = async (name: string) =>
  (await sql<{ r: string | null }>`SELECT to_regclass(${`recon_data."${name}"`})::text AS r`.execute(t.database.db))
    .rows[0]?.r !== null;

describe('the state of a data source', () => {
  it('is a table of its own, so two data sources on one table never share verdicts', async () => {
    const one = await createDataSource(t, admin, f);
    const two = await createDataSource(t, admin, f, { recon: { id: (await createRecon(t, admin, moduleId)).id } });
    expect(await stateTableOf(one.id)).toBe(`ds${one.id}_state`);
    expect(await stateTableOf(two.id)).toBe(`ds${two.id}_state`);
    expect(await exists(`ds${one.id}_state`)).toBe(true);
    expect(await exists(`ds${two.id}_state`)).toBe(true);
    // The data table itself has none any more.
    expect(await exists(`${f.tableName}_state`)).toBe(false);
  });

  it('refuses another table or recon while its recon has closed rows, and allows it once they are re-opened', async () => {
    const ds = await createDataSource(t, admin, f);
    const other = await createRecon(t, admin, moduleId);
    await sql
      .raw(`INSERT INTO recon_data."ds${ds.id}_state" (_id, status, run_id) VALUES (1, 'KNOCK_OFF', 0)`)
      .execute(t.database.db);
    const move = () =>
      call(t, admin, {
        method: 'PUT',
        url: '/web/v2/datasources',
        payload: { ...validBody(f, { name: ds.name, recon: { id: other.id } }), id: ds.id },
        moduleId,
      });
    const refused = await move();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(
      invalidBody(
        'recon',
        'This data source has reconciled rows: roll back its recon runs before giving it another table or recon',
      ),
    );
    const unchanged = await t.database.db
      .selectFrom('data_source')
      .select('recon_id')
      .where('id', '=', ds.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.recon_id).toBe(f.reconId);

    await sql.raw(`DELETE FROM recon_data."ds${ds.id}_state"`).execute(t.database.db);
    expect((await move()).statusCode).toBe(200);
  });
});

describe('migration 202611241000_state_per_data_source', () => {
  it('moves each recon’s verdicts on a shared table to its own data source, journal included', async () => {
    // The schema is rewound and migrated again as the owner, as migrations run (decision 0014).
    const ownerPool = createPool(t.database.ownerUrl, { max: 2 });
    const db = createDb(ownerPool);
    onTestFinished(() => db.destroy());
    const recon2 = await createRecon(t, admin, moduleId);
    const ds1 = await createDataSource(t, admin, f);
    const ds2 = await createDataSource(t, admin, f, { recon: { id: recon2.id } });
    const run = async (reconId: number) =>
      (
        await db
          .insertInto('recon_run')
          .values({ module_id: moduleId, recon_id: reconId, kind: 'ENGINE', status: 'COMPLETED', summary: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const run1 = await run(f.reconId);
    const run2 = await run(recon2.id);
    // The install as it was before the migration: one state table per data table, the journal by data table.
    const old = `${f.tableName}_state`;
    await sql
      .raw(`
      DROP INDEX recon_journal_source_row_idx;
      ALTER TABLE recon_journal ADD COLUMN data_table_id bigint;
      ALTER TABLE data_table ADD COLUMN state_table_name text UNIQUE;
      DO $$ DECLARE s record; BEGIN
        FOR s IN SELECT state_table_name FROM data_source WHERE state_table_name IS NOT NULL LOOP
          EXECUTE format('DROP TABLE recon_data.%I', s.state_table_name);
        END LOOP;
      END $$;
      ALTER TABLE data_source DROP COLUMN state_table_name;
      UPDATE data_table SET state_table_name = table_name || '_state' WHERE kind = 'DATA';
      DO $$ DECLARE s record; BEGIN
        FOR s IN SELECT state_table_name FROM data_table WHERE kind = 'DATA' LOOP
          EXECUTE format('CREATE TABLE recon_data.%I (_id bigint PRIMARY KEY, status text NOT NULL, match_id bigint, '
            'rule_id bigint, run_id bigint NOT NULL, reconciled_at timestamptz NOT NULL DEFAULT now(), reason text)',
            s.state_table_name);
        END LOOP;
      END $$;
      INSERT INTO recon_data."${old}" (_id, status, match_id, run_id) VALUES
        (1, 'RECONCILED', 10, ${run1}), (2, 'RECONCILED', 10, ${run1}), (3, 'KNOCK_OFF', NULL, ${run2});
      ALTER TABLE recon_journal ALTER COLUMN data_source_id DROP NOT NULL;
      INSERT INTO recon_journal (run_id, data_table_id, row_id, old_state, new_state)
        VALUES (${run2}, ${f.tableId}, 3, NULL, '{"status":"KNOCK_OFF"}');
      ALTER TABLE recon_journal DROP COLUMN data_source_id;
    `)
      .execute(db);

    await ownerPool.query(readFileSync(join(MIGRATIONS_DIR, '202611241000_state_per_data_source.sql'), 'utf8'));

    const rows = async (ds: number) =>
      (
        await sql
          .raw<{ _id: number; status: string }>(`SELECT _id, status FROM recon_data."ds${ds}_state" ORDER BY _id`)
          .execute(db)
      ).rows;
    expect(await rows(ds1.id)).toEqual([
      { _id: 1, status: 'RECONCILED' },
      { _id: 2, status: 'RECONCILED' },
    ]);
    expect(await rows(ds2.id)).toEqual([{ _id: 3, status: 'KNOCK_OFF' }]);
    expect(await exists(old)).toBe(false);
    const journal = await db
      .selectFrom('recon_journal')
      .select(['run_id', 'data_source_id'])
      .where('run_id', '=', run2)
      .execute();
    expect(journal).toEqual([{ run_id: run2, data_source_id: ds2.id }]);
  });
});
