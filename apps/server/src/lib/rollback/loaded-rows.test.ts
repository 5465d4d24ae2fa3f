import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReconFixture, type ReconFixture } from '@/testing/recon-fixtures.ts';
import { addModule, createTestApp, type TestApp } from '@/testing/test-app.ts';
import { deleteFileRows, fileRowRange, LoadedRowsInUseError, runsHoldingFileRows } from './loaded-rows.ts';

let t: TestApp;
let f: ReconFixture;
let runId: number;

const COLUMNS = [{ name: 'ref', dataType: 'VARCHAR' as const }];
const side = () => ({
  table: f.sides.A.table,
  invalidTable: f.sides.A.table.replace(/"$/, '_invalid"'),
  stateTables: [f.sides.A.stateTable],
});
const count = async (table: string, where = 'true') =>
  (await t.database.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)).rows[0].n as number;

beforeAll(async () => {
  t = await createTestApp();
  const moduleId = await addModule(t, 'Loaded rows');
  // Files 1 and 3 were loaded together (their rows interleave); file 2 in between.
  f = await addReconFixture(t, moduleId, {
    A: {
      columns: COLUMNS,
      rows: [
        { _file_id: 1, ref: 'a' },
        { _file_id: 2, ref: 'b' },
        { _file_id: 1, ref: 'c' },
        { _file_id: 3, ref: 'd' },
        { _file_id: 2, ref: 'e' },
      ],
    },
    B: { columns: COLUMNS, rows: [] },
  });
  await t.database.pool.query(
    `INSERT INTO ${side().invalidTable} (_file_id, _row_no, _reasons) VALUES (1, 9, '{bad}'), (2, 9, '{bad}')`,
  );
  const run = await t.database.db
    .insertInto('recon_run')
    .values({ module_id: moduleId, recon_id: f.reconId, kind: 'KNOCK_OFF', status: 'COMPLETED', summary: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  runId = run.id;
  // The run closed row 'c' (file 1) and row 'b' (file 2).
  await t.database.pool.query(
    `INSERT INTO ${f.sides.A.stateTable} (_id, status, run_id) SELECT _id, 'KNOCK_OFF', $1 FROM ${f.sides.A.table} WHERE ref IN ('b', 'c')`,
    [runId],
  );
});
afterAll(() => t.close());

describe('loaded rows of files', () => {
  it('spans the files’ rows with one id range, read through their file ids', async () => {
    expect(await fileRowRange(t.database.db, f.sides.A.table, [1, 3])).toEqual({ lo: 1, hi: 4 });
    expect(await fileRowRange(t.database.db, f.sides.A.table, [9])).toBeNull();
  });

  it('finds the runs holding state on the files’ rows, never on rows of other files in their range', async () => {
    expect(await runsHoldingFileRows(t.database.db, side(), [1])).toEqual([runId]);
    expect(await runsHoldingFileRows(t.database.db, side(), [1], [runId])).toEqual([]);
    expect(await runsHoldingFileRows(t.database.db, side(), [3])).toEqual([]);
  });

  it('refuses to delete rows a run still holds, deleting nothing', async () => {
    const attempt = t.database.db.transaction().execute((tx) => deleteFileRows(tx, side(), [1]));
    await expect(attempt).rejects.toThrow(LoadedRowsInUseError);
    await expect(attempt).rejects.toThrow(
      `Rows these files loaded are closed by recon run #${runId}, which is not rolled back`,
    );
    expect(await count(f.sides.A.table)).toBe(5);
  });

  it('deletes exactly the files’ data and invalid rows', async () => {
    const removed = await t.database.db.transaction().execute((tx) => deleteFileRows(tx, side(), [3]));
    expect(removed).toEqual({ rows: 1, invalidRows: 0 });
    await t.database.pool.query(`DELETE FROM ${f.sides.A.stateTable} WHERE run_id = $1`, [runId]);
    expect(await t.database.db.transaction().execute((tx) => deleteFileRows(tx, side(), [1]))).toEqual({
      rows: 2,
      invalidRows: 1,
    });
    const left = await t.database.pool.query(`SELECT ref FROM ${f.sides.A.table} ORDER BY _id`);
    expect(left.rows.map((r) => r.ref)).toEqual(['b', 'e']);
    expect(await count(side().invalidTable, '_file_id = 2')).toBe(1);
    expect(await count(side().invalidTable)).toBe(1);
  });
});
