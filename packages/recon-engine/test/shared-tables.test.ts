import { createTestDatabase } from '@recon/db/testing';
import fc from 'fast-check';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rollbackRun, type StateTable } from '../src/journal.ts';
import type { EngineSide, ValueKind } from '../src/model.ts';
import { runRecon } from '../src/run.ts';
import { type CompactRule, expandRules } from './golden-harness.ts';

/**
 * Decision 0011: a verdict belongs to a recon (its data source), not to a table. Two recons share the table S
 * (a marketplace file reconciled twice): recon 1 pairs bank rows X with S one to one, recon 2 pairs order rows Y
 * with sums of S. Whatever the interleaving of the two recons' runs and rollbacks, each recon ends exactly as if it
 * had run alone: the other recon's verdicts never close or re-open its rows.
 */

type Row = { ref: string; cents: number };
const rowArb = fc.record({
  ref: fc.constantFrom('R1', 'R2', 'R3'),
  cents: fc.integer({ min: 1, max: 4 }).map((n) => n * 100),
});
const rowsArb = fc.array(rowArb, { maxLength: 8 });
/** A recon's own operations in order: run its rules, or roll back its newest standing run. */
const opsArb = fc.array(fc.constantFrom('run', 'run', 'rollback'), { minLength: 1, maxLength: 4 });

const COLUMNS = new Map<string, ValueKind>([
  ['ref', 'text'],
  ['amount', 'number'],
]);

type Recon = { id: 1 | 2; sideA: EngineSide & StateTable; sideB: EngineSide & StateTable; rules: CompactRule[] };

const side = (dataSourceId: number, table: string): EngineSide & StateTable => ({
  dataSourceId,
  dataTableId: dataSourceId,
  table: `golden.${table}`,
  stateTable: `golden.ds${dataSourceId}_state`,
  columns: COLUMNS,
});

// Data source ids follow the engine's rule elements: side A of a compact rule is data source 1, side B 2. Recon 2
// is given its own ids by mapping them when its rules are expanded.
const RECON_1: Recon = {
  id: 1,
  sideA: side(1, 'x'),
  sideB: side(2, 's'),
  rules: [
    {
      name: 'Bank = one component',
      ruleType: 'RECONCILED',
      conditions: [
        { type: 'MATCHING', one: 'A.ref', two: 'B.ref' },
        { type: 'MATCHING', one: 'A.amount', two: 'B.amount' },
      ],
    },
  ],
};
const RECON_2: Recon = {
  id: 2,
  sideA: side(3, 'y'),
  sideB: side(4, 's'),
  rules: [
    {
      name: 'Order = sum of components',
      ruleType: 'RECONCILED',
      conditions: [
        { type: 'MATCHING', one: 'A.ref', two: 'B.ref' },
        { type: 'MATCHING', one: 'A.amount', two: 'B.amount|SUM' },
      ],
    },
  ],
};

function rulesOf(r: Recon) {
  return expandRules(r.rules).map((rule) => ({
    ...rule,
    conditions: rule.conditions.map((c) => ({
      ...c,
      elementOne: {
        ...c.elementOne,
        dataSourceId: c.elementOne.dataSourceId === 1 ? r.sideA.dataSourceId : r.sideB.dataSourceId,
      },
      elementSecond: {
        ...c.elementSecond,
        dataSourceId: c.elementSecond.dataSourceId === 1 ? r.sideA.dataSourceId : r.sideB.dataSourceId,
      },
    })),
  }));
}

async function setUp(client: pg.PoolClient, data: Record<'x' | 'y' | 's', Row[]>): Promise<void> {
  await client.query('CREATE SCHEMA golden');
  await client.query(
    'CREATE TABLE golden.recon_journal (LIKE public.recon_journal INCLUDING DEFAULTS INCLUDING IDENTITY)',
  );
  await client.query("CREATE TABLE golden.recon_run (id bigint PRIMARY KEY, status text NOT NULL DEFAULT 'COMPLETED')");
  await client.query('SET search_path = golden, public');
  for (const [table, rows] of Object.entries(data)) {
    await client.query(
      `CREATE TABLE golden.${table} (_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
         _recon_status text NOT NULL DEFAULT 'UNRECONCILED', ref text, amount numeric(20,4))`,
    );
    for (const r of rows) {
      await client.query(`INSERT INTO golden.${table} (ref, amount) VALUES ($1, $2)`, [
        r.ref,
        (r.cents / 100).toFixed(2),
      ]);
    }
  }
  for (const id of [1, 2, 3, 4]) {
    await client.query(
      `CREATE TABLE golden.ds${id}_state (_id bigint PRIMARY KEY, status text NOT NULL, match_id bigint, rule_id bigint,
         run_id bigint NOT NULL, reconciled_at timestamptz NOT NULL DEFAULT now(), reason text)`,
    );
  }
}

/**
 * A recon's verdicts, independent of ids handed out by sequences: per side, each closed row with its status and
 * the rows (both sides) of its group, and the recon's run numbering (the n-th run of this recon).
 */
async function verdicts(client: pg.PoolClient, r: Recon, runOrdinal: Map<number, number>): Promise<string> {
  const closed = await client.query<{
    side: string;
    id: string;
    status: string;
    match_id: string | null;
    run_id: string;
  }>(
    `SELECT 'A' AS side, _id AS id, status, match_id, run_id FROM ${r.sideA.stateTable}
     UNION ALL SELECT 'B', _id, status, match_id, run_id FROM ${r.sideB.stateTable} ORDER BY 1, 2`,
  );
  const members = new Map<string, string[]>();
  for (const row of closed.rows) {
    if (row.match_id === null) continue;
    members.set(row.match_id, [...(members.get(row.match_id) ?? []), `${row.side}${row.id}`]);
  }
  return JSON.stringify(
    closed.rows.map((row) => [
      `${row.side}${row.id}`,
      row.status,
      row.match_id === null ? null : (members.get(row.match_id) ?? []).join('+'),
      runOrdinal.get(Number(row.run_id)),
    ]),
  );
}

/** Runs the interleaving of the two recons' operations; answers each recon's verdicts at the end. */
async function play(
  data: Record<'x' | 'y' | 's', Row[]>,
  ops: Record<1 | 2, string[]>,
  order: (1 | 2)[],
): Promise<Record<1 | 2, string>> {
  const t = await createTestDatabase();
  const client = await t.pool.connect();
  try {
    await setUp(client, data);
    const recons = { 1: RECON_1, 2: RECON_2 };
    const standing: Record<1 | 2, number[]> = { 1: [], 2: [] };
    const ordinal: Record<1 | 2, Map<number, number>> = { 1: new Map(), 2: new Map() };
    const next: Record<1 | 2, number> = { 1: 0, 2: 0 };
    let runId = 0;
    for (const who of order) {
      const op = ops[who][next[who]++];
      const r = recons[who];
      if (op === 'run') {
        runId += 1;
        await client.query('INSERT INTO golden.recon_run (id) VALUES ($1)', [runId]);
        ordinal[who].set(runId, ordinal[who].size + 1);
        await client.query('BEGIN');
        await runRecon({
          db: client,
          input: { reconId: r.id, sideA: r.sideA, sideB: r.sideB, rules: rulesOf(r) },
          runId,
        });
        await client.query('COMMIT');
        standing[who].push(runId);
      } else {
        const last = standing[who].pop();
        if (last === undefined) continue;
        await client.query('BEGIN');
        await rollbackRun(client, last, [r.sideA, r.sideB]);
        await client.query("UPDATE golden.recon_run SET status = 'ROLLED_BACK' WHERE id = $1", [last]);
        await client.query('COMMIT');
      }
    }
    return { 1: await verdicts(client, RECON_1, ordinal[1]), 2: await verdicts(client, RECON_2, ordinal[2]) };
  } finally {
    client.release();
    await t.drop();
  }
}

const interleave = (ops: Record<1 | 2, string[]>, picks: boolean[]): (1 | 2)[] => {
  const out: (1 | 2)[] = [];
  let a = ops[1].length;
  let b = ops[2].length;
  let i = 0;
  while (a > 0 || b > 0) {
    const takeOne = b === 0 || (a > 0 && (picks[i++ % picks.length] ?? true));
    out.push(takeOne ? 1 : 2);
    if (takeOne) a--;
    else b--;
  }
  return out;
};

describe('two recons over one shared table', () => {
  it('each ends as if it had run alone, whatever the order of runs and rollbacks', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        rowsArb,
        rowsArb,
        opsArb,
        opsArb,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        async (x, y, s, ops1, ops2, picks) => {
          const data = { x, y, s };
          const ops = { 1: ops1, 2: ops2 };
          const mixed = await play(data, ops, interleave(ops, picks));
          const alone1 = await play(
            data,
            { 1: ops1, 2: [] },
            ops1.map(() => 1 as const),
          );
          const alone2 = await play(
            data,
            { 1: [], 2: ops2 },
            ops2.map(() => 2 as const),
          );
          expect(mixed[1]).toBe(alone1[1]);
          expect(mixed[2]).toBe(alone2[2]);
        },
      ),
      { numRuns: 8 },
    );
  }, 240_000);

  it('a row of the shared table closed by one recon is still open for the other', async () => {
    const data = {
      x: [{ ref: 'R1', cents: 100 }],
      y: [{ ref: 'R1', cents: 300 }],
      s: [
        { ref: 'R1', cents: 100 },
        { ref: 'R1', cents: 200 },
      ],
    };
    const both = await play(data, { 1: ['run'], 2: ['run'] }, [1, 2]);
    // Recon 1 pairs X1 with S1; recon 2 still sees S1 open and sums S1 + S2 = 3.00 = Y1.
    expect(JSON.parse(both[1])).toEqual([
      ['A1', 'RECONCILED', 'A1+B1', 1],
      ['B1', 'RECONCILED', 'A1+B1', 1],
    ]);
    expect(JSON.parse(both[2])).toEqual([
      ['A1', 'RECONCILED', 'A1+B1+B2', 1],
      ['B1', 'RECONCILED', 'A1+B1+B2', 1],
      ['B2', 'RECONCILED', 'A1+B1+B2', 1],
    ]);
  }, 60_000);
});
