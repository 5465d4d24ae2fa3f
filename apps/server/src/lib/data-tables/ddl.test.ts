import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogColumns, createPhysicalTables, physicalNames } from './ddl.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('createPhysicalTables', () => {
  it('creates the table with system columns, money as numeric, plus history and invalid tables', async () => {
    const names = physicalNames(7, 'bank_statement');
    await t.db.transaction().execute((tx) =>
      createPhysicalTables(tx, names, [
        { name: 'reference', dataType: 'VARCHAR', isMoney: false },
        { name: 'amount', dataType: 'DOUBLE', isMoney: true },
        { name: 'value_date', dataType: 'DATE', isMoney: false },
      ]),
    );
    const main = await catalogColumns(t.db, 'm7_bank_statement');
    expect(main.map((c) => c.name)).toContain('_recon_status');
    expect(main.find((c) => c.name === 'amount')?.type).toBe('numeric');
    expect(main.find((c) => c.name === 'value_date')?.type).toBe('date');
    const invalid = await catalogColumns(t.db, 'm7_bank_statement_invalid');
    expect(invalid.find((c) => c.name === 'amount')?.type).toBe('text');
    expect((await catalogColumns(t.db, 'm7_bank_statement_history')).map((c) => c.name)).toContain('_history_reason');
  });

  it('creates nothing when a column name is unsafe', async () => {
    const names = physicalNames(7, 'unsafe');
    await expect(
      t.db
        .transaction()
        .execute((tx) =>
          createPhysicalTables(tx, names, [{ name: 'x"; DROP TABLE y; --', dataType: 'INT', isMoney: false }]),
        ),
    ).rejects.toThrow('is not a valid name');
    expect(await catalogColumns(t.db, 'm7_unsafe')).toEqual([]);
  });
});
