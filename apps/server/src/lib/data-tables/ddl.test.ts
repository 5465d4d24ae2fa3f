import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogColumns, createPhysicalTables, dateIndexName, physicalNames } from './ddl.ts';

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

describe('dateIndexName', () => {
  it('names the table and column, and past 63 bytes keeps a prefix plus a hash of the whole', () => {
    expect(dateIndexName('m7_bank_statement', 'value_date')).toBe('date$m7_bank_statement$value_date');
    const table = `m7_${'t'.repeat(40)}`;
    const one = dateIndexName(table, `booked_${'x'.repeat(40)}`);
    const two = dateIndexName(table, `booked_${'x'.repeat(39)}y`);
    expect(one).toMatch(/^date\$m7_t{40}\$boo\$[0-9a-f]{10}$/);
    expect(one).toHaveLength(63);
    expect(two).not.toBe(one);
    expect(dateIndexName(table, `booked_${'x'.repeat(40)}`)).toBe(one);
  });

  it('refuses names that are not identifiers', () => {
    expect(() => dateIndexName('m7_bank', 'x"; DROP TABLE y; --')).toThrow('is not a valid name');
  });
});
