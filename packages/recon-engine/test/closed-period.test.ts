import { createTestDatabase } from '@recon/db/testing';
import { describe, expect, it } from 'vitest';
import type { EngineSide, ValueKind } from '../src/model.ts';
import { runRecon } from '../src/run.ts';
import { expandRules } from './golden-harness.ts';

/**
 * Closed books (server decision 0035): a side's rows dated on or before its closed period's day are open to no rule
 * — neither paired nor knocked off, on side A (dated by a DATE column) or side B (dated by when it was loaded) — a row
 * without a day is outside the period, and the run counts what it left out.
 */

const COLUMNS = new Map<string, ValueKind>([
  ['ref', 'text'],
  ['day', 'date'],
  ['amount', 'number'],
]);
const side = (dataSourceId: number, table: string, closedPeriod: EngineSide['closedPeriod']): EngineSide => ({
  dataSourceId,
  dataTableId: dataSourceId,
  table: `closed.${table}`,
  stateTable: `closed.ds${dataSourceId}_state`,
  columns: COLUMNS,
  closedPeriod,
});

describe('a run over closed books', () => {
  it('leaves the rows dated inside the period out of every rule and counts them', async () => {
    const t = await createTestDatabase();
    const client = await t.pool.connect();
    try {
      await client.query('CREATE SCHEMA closed');
      for (const table of ['a', 'b']) {
        await client.query(`CREATE TABLE closed.${table} (_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          _recon_status text NOT NULL DEFAULT 'UNRECONCILED', _loaded_at timestamptz NOT NULL DEFAULT now(),
          ref text, day date, amount numeric(20,4))`);
      }
      for (const id of [1, 2]) {
        await client.query(`CREATE TABLE closed.ds${id}_state (_id bigint PRIMARY KEY, status text NOT NULL,
          match_id bigint, rule_id bigint, run_id bigint NOT NULL, reconciled_at timestamptz NOT NULL DEFAULT now(),
          reason text)`);
      }
      // Side A by its day: OLD inside (on the closing day itself), NEW after, NODAY without a day, CHG a charge inside.
      await client.query(`INSERT INTO closed.a (ref, day, amount) VALUES
        ('OLD', '2026-10-10', 10), ('NEW', '2026-10-11', 20), ('NODAY', NULL, 30), ('CHG', '2026-10-01', 5),
        ('CHG2', '2026-10-20', 5)`);
      // Side B by when it was loaded: LATE loaded before the closing day's end, the others now.
      await client.query(`INSERT INTO closed.b (ref, day, amount, _loaded_at) VALUES
        ('OLD', '2026-10-10', 10, now()), ('NEW', '2026-10-11', 20, '2026-10-05T10:00:00Z'),
        ('NODAY', NULL, 30, now())`);
      await client.query('SET search_path = closed, public');
      const rules = expandRules([
        {
          name: 'Charges',
          ruleType: 'KNOCK_OFF',
          conditions: [{ type: 'FILTER', primary: true, one: 'A.ref', op: 'STARTS_WITH', value: 'CHG' }],
        },
        {
          name: 'Reference and amount',
          ruleType: 'RECONCILED',
          conditions: [
            { type: 'MATCHING', one: 'A.ref', two: 'B.ref' },
            { type: 'MATCHING', one: 'A.amount', two: 'B.amount' },
          ],
        },
      ]);
      await client.query('BEGIN');
      const summary = await runRecon({
        db: client,
        input: {
          reconId: 1,
          sideA: side(1, 'a', { dayColumn: 'day', until: '2026-10-10' }),
          sideB: side(2, 'b', { dayColumn: null, until: '2026-10-10' }),
          rules,
        },
        runId: 1,
      });
      await client.query('COMMIT');
      const closed = async (table: string, id: number) =>
        (
          await client.query(
            `SELECT r.ref || ':' || s.status AS v FROM closed.${table} r JOIN closed.ds${id}_state s ON s._id = r._id ORDER BY r.ref`,
          )
        ).rows.map((r) => r.v);
      // OLD is inside on A; NEW is inside on B (loaded on 2026-10-05): neither pairs. NODAY pairs; CHG stays open.
      expect(await closed('a', 1)).toEqual(['CHG2:KNOCK_OFF', 'NODAY:RECONCILED']);
      expect(await closed('b', 2)).toEqual(['NODAY:RECONCILED']);
      expect(summary.leftOut).toEqual([
        { side: 'A', dataSourceId: 1, until: '2026-10-10', rows: 2 },
        { side: 'B', dataSourceId: 2, until: '2026-10-10', rows: 1 },
      ]);
    } finally {
      client.release();
      await t.drop();
    }
  });
});
