import { byTabQuerySchema, TAB_STATUSES } from '@recon/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateIndexName, qualified, stateTableName, syncDateIndexes } from '@/lib/data-tables/ddl.ts';
import { viewOfByTabQuery } from '@/lib/recon/transaction-query.ts';
import { transactionPageSql } from '@/lib/recon/transaction-rows.ts';
import { reconSources } from '@/lib/recon/transaction-sources.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';
import { createDataSource, type Fixture, makeFixture, validBody } from './data-sources.fixtures.ts';

/** Decision 0009: each data source's table is indexed on (its default date column, _id), kept with the data source. */

let t: TestApp;
let admin: Session;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Date index');
  await addUser(t, { userName: 'dix-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'dix-admin');
});
afterAll(() => t.close());

/** The date indexes of a data table, each with its definition. */
async function dateIndexes(table: string): Promise<{ name: string; def: string }[]> {
  const r = await sql<{ name: string; def: string }>`
    SELECT c.relname AS name, pg_get_indexdef(c.oid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = to_regclass(${qualified(table)}) AND starts_with(c.relname, 'date$') ORDER BY 1`.execute(
    t.database.db,
  );
  return r.rows;
}

const indexOn = (table: string, column: string) => ({
  name: dateIndexName(table, column),
  def: `CREATE INDEX "${dateIndexName(table, column)}" ON recon_data.${table} USING btree (${column}, _id)`,
});

async function moveTo(id: number, name: string, to: Fixture) {
  const res = await call(t, admin, {
    method: 'PUT',
    url: '/web/v2/datasources',
    payload: validBody(to, { id, name }),
    moduleId,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const DATETIME_FIRST = [
  { name: 'ref', dataType: 'VARCHAR' },
  { name: 'posted_at', dataType: 'DATETIME' },
  { name: 'value_date', dataType: 'DATE' },
] as const;
const NO_DATE = [
  { name: 'ref', dataType: 'VARCHAR' },
  { name: 'amount', dataType: 'DOUBLE' },
] as const;

describe('the date index of a data source table', () => {
  it('is created with the first data source on a table, on its first date column, once per table', async () => {
    const f = await makeFixture(t, admin, moduleId);
    expect(await dateIndexes(f.tableName)).toEqual([]);
    await createDataSource(t, admin, f);
    expect(await dateIndexes(f.tableName)).toEqual([indexOn(f.tableName, 'txn_date')]);
    await createDataSource(t, admin, f);
    expect(await dateIndexes(f.tableName)).toEqual([indexOn(f.tableName, 'txn_date')]);
  });

  it('moves with a data source to another table and stays on the old one while another data source uses it', async () => {
    const f = await makeFixture(t, admin, moduleId);
    const g = await makeFixture(t, admin, moduleId, DATETIME_FIRST);
    const first = await createDataSource(t, admin, f);
    const second = await createDataSource(t, admin, f);

    await moveTo(first.id, first.name, g);
    expect(await dateIndexes(f.tableName)).toEqual([indexOn(f.tableName, 'txn_date')]);
    expect(await dateIndexes(g.tableName)).toEqual([indexOn(g.tableName, 'posted_at')]);

    await moveTo(second.id, second.name, g);
    expect(await dateIndexes(f.tableName)).toEqual([]);
    expect(await dateIndexes(g.tableName)).toEqual([indexOn(g.tableName, 'posted_at')]);

    const copy = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/datasources/${second.id}/duplicate`,
      payload: { name: `${second.name} copy`, reconId: g.reconId },
      moduleId,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(await dateIndexes(g.tableName)).toEqual([indexOn(g.tableName, 'posted_at')]);
  });

  it('is restored by a save when it went missing, and a refused save changes nothing', async () => {
    const f = await makeFixture(t, admin, moduleId);
    const ds = await createDataSource(t, admin, f);
    await sql.raw(`DROP INDEX recon_data."${dateIndexName(f.tableName, 'txn_date')}"`).execute(t.database.db);
    const refused = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/datasources',
      payload: validBody(f, { id: ds.id, name: ds.name, maxInvalidRecord: '101' }),
      moduleId,
    });
    expect(refused.statusCode).toBe(400);
    expect(await dateIndexes(f.tableName)).toEqual([]);
    await moveTo(ds.id, ds.name, f);
    expect(await dateIndexes(f.tableName)).toEqual([indexOn(f.tableName, 'txn_date')]);
  });

  it('is on _loaded_at while the table has no date column, and moves to the first one added', async () => {
    const f = await makeFixture(t, admin, moduleId, NO_DATE);
    await createDataSource(t, admin, f);
    expect(await dateIndexes(f.tableName)).toEqual([indexOn(f.tableName, '_loaded_at')]);
    const add = (name: string) =>
      call(t, admin, {
        method: 'POST',
        url: `/web/v2/datatables/${f.tableId}/columns`,
        payload: { name, dataType: 'DATE' },
        moduleId,
      });
    expect((await add('booked_on')).statusCode).toBe(200);
    expect(await dateIndexes(f.tableName)).toEqual([indexOn(f.tableName, 'booked_on')]);
    expect((await add('settled_on')).statusCode).toBe(200);
    expect(await dateIndexes(f.tableName)).toEqual([indexOn(f.tableName, 'booked_on')]);
  });

  it("is built in the caller's transaction: a change that fails leaves no index", async () => {
    const f = await makeFixture(t, admin, moduleId);
    const failed = t.database.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('data_source')
        .values({
          module_id: moduleId,
          name: 'Rolled back',
          recon_id: f.reconId,
          pipeline_id: f.pipelineId,
          invalid_pipeline_id: f.invalidPipelineId,
          data_table_id: f.tableId,
        })
        .execute();
      await syncDateIndexes(tx, [f.tableId]);
      const inside = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_class WHERE relname = ${dateIndexName(f.tableName, 'txn_date')}`.execute(tx);
      expect(inside.rows[0]?.n).toBe(1);
      throw new Error('the change fails after the index was built');
    });
    await expect(failed).rejects.toThrow('the change fails');
    expect(await dateIndexes(f.tableName)).toEqual([]);
  });

  it('is not created on a column added to a table no data source uses', async () => {
    const f = await makeFixture(t, admin, moduleId, NO_DATE);
    const res = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/datatables/${f.tableId}/columns`,
      payload: { name: 'booked_on', dataType: 'DATE' },
      moduleId,
    });
    expect(res.statusCode).toBe(200);
    expect(await dateIndexes(f.tableName)).toEqual([]);
  });
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

describe('the reconciled tab page', () => {
  it('reads a 15-day range of a 200k-row table through the date index', async () => {
    const f = await makeFixture(t, admin, moduleId);
    const ds = await createDataSource(t, admin, f);
    const table = qualified(f.tableName);
    const state = qualified(stateTableName(ds.id));
    // 200k rows over 120 days, 70% reconciled: a 15-day range is 1/8 of the table.
    await sql
      .raw(`INSERT INTO ${table} (txn_id, txn_date, amount, qty, status)
        SELECT 'T' || g, date '2026-07-01' + (g % 120)::int, g % 1000, g % 7, 'NEW' FROM generate_series(1, 200000) g`)
      .execute(t.database.db);
    await sql
      .raw(`INSERT INTO ${state} (_id, status, match_id, run_id)
        SELECT _id, 'RECONCILED', _id, 1 FROM ${table} WHERE _id % 10 < 7`)
      .execute(t.database.db);
    await sql.raw(`ANALYZE ${table}`).execute(t.database.db);
    await sql.raw(`ANALYZE ${state}`).execute(t.database.db);

    const recon = await reconSources(t.database.db, moduleId, f.reconId);
    const source = recon?.sources.find((s) => s.dataSourceId === ds.id);
    if (!source) throw new Error('the data source is not listed');
    // The query the web sends for the reconciled tab's first page (newest first).
    const query = byTabQuerySchema.parse({
      Find: 'ByTab',
      tab: 'reconciled',
      reconId: String(f.reconId),
      dataSourceId: String(ds.id),
      fromDate: '2026-09-01',
      toDate: '2026-09-15',
      start: '0',
      length: '100',
    });
    const view = viewOfByTabQuery(source, query);
    const page = transactionPageSql(view, query, TAB_STATUSES.reconciled).compile(t.database.db);
    const explain = async () => {
      const r = await t.database.pool.query(`EXPLAIN (FORMAT JSON) ${page.sql}`, [...page.parameters]);
      const nodes = nodesOf((r.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan);
      return nodes.filter((n) => n['Relation Name'] === f.tableName);
    };

    const reads = await explain();
    expect(reads.length).toBeGreaterThan(0);
    for (const n of reads) expect(n['Index Name']).toBe(dateIndexName(f.tableName, 'txn_date'));

    // Without it the same page scans the table (the index is what the plan depends on).
    await sql.raw(`DROP INDEX recon_data."${dateIndexName(f.tableName, 'txn_date')}"`).execute(t.database.db);
    expect((await explain()).map((n) => n['Index Name'])).not.toContain(dateIndexName(f.tableName, 'txn_date'));
    expect((await explain()).map((n) => n['Node Type'])).toContain('Seq Scan');
  });
});
