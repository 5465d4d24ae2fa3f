import { createTestDatabase } from '@recon/db/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompactRule, expandRules, GoldenWorld, parseCsv } from './golden-harness.ts';

/**
 * Properties of the engine on random small inputs (references from a tiny alphabet so that duplicates, ties and
 * groups are common): no row in two groups and every group well-formed; one-to-one groups within the tolerance;
 * many-to-one groups summing to their counterpart within the tolerance; nothing matchable left open (the
 * one-to-one selection runs until no candidate is left); and run → rollback restores the state tables byte for byte.
 */

type Row = { ref: string; cents: number };
const rowArb = fc.record({
  ref: fc.constantFrom('R1', 'R2', 'R3'),
  cents: fc.integer({ min: 1, max: 6 }).map((n) => n * 100),
});
const sideArb = fc.array(rowArb, { maxLength: 10 });
const jitter = fc.constantFrom(-1, 0, 0, 0, 1, 5);

const csv = (rows: Row[]) =>
  ['ref:text,amount:number', ...rows.map((r) => `${r.ref},${(r.cents / 100).toFixed(2)}`)].join('\n');

const ONE_TO_ONE: CompactRule = {
  name: 'Reference, amount ±0.01',
  ruleType: 'RECONCILED',
  conditions: [
    { type: 'MATCHING', one: 'A.ref', two: 'B.ref' },
    { type: 'MATCHING', one: 'A.amount', two: 'B.amount', tolerance: 0.01 },
  ],
};
const MANY_TO_ONE: CompactRule = {
  name: 'Reference, amount = sum of B ±0.01',
  ruleType: 'PARTIAL_RECONCILED',
  conditions: [
    { type: 'MATCHING', one: 'A.ref', two: 'B.ref' },
    { type: 'MATCHING', one: 'A.amount', two: 'B.amount|SUM', tolerance: 0.01 },
  ],
};

async function withWorld<T>(a: Row[], b: Row[], fn: (w: GoldenWorld) => Promise<T>): Promise<T> {
  const t = await createTestDatabase();
  const client = await t.pool.connect();
  try {
    const world = await GoldenWorld.create(client, parseCsv(csv(a)), parseCsv(csv(b)));
    return await fn(world);
  } finally {
    client.release();
    await t.drop();
  }
}

describe('engine properties', () => {
  it('groups are disjoint and well-formed, within tolerance, maximal, and roll back byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(
        sideArb,
        sideArb,
        fc.array(jitter, { minLength: 10, maxLength: 10 }),
        fc.boolean(),
        async (a, bBase, jit, withSum) => {
          const b = bBase.map((r, i) => ({ ...r, cents: r.cents + (jit[i] ?? 0) }));
          await withWorld(a, b, async (world) => {
            const rules = expandRules(withSum ? [ONE_TO_ONE, MANY_TO_ONE] : [ONE_TO_ONE]);
            const before = await world.snapshot();
            const runId = await world.run(rules);
            const state = await world.state();
            const amount = (side: 'A' | 'B', id: number) => (side === 'A' ? a : b)[id - 1] as Row;
            const groups = new Map<number, typeof state>();
            for (const r of state) {
              if (r.matchId === null) continue;
              groups.set(r.matchId, [...(groups.get(r.matchId) ?? []), r]);
            }
            for (const rows of groups.values()) {
              const as = rows.filter((r) => r.side === 'A');
              const bs = rows.filter((r) => r.side === 'B');
              expect(as.length).toBe(1);
              expect(bs.length).toBeGreaterThanOrEqual(1);
              const status = rows[0]?.status;
              expect(rows.every((r) => r.status === status)).toBe(true);
              const aRow = amount('A', as[0]?.id as number);
              const bRows = bs.map((r) => amount('B', r.id));
              expect(bRows.every((x) => x.ref === aRow.ref)).toBe(true);
              if (status === 'RECONCILED') {
                expect(bRows.length).toBe(1);
                expect(Math.abs((bRows[0]?.cents ?? 0) - aRow.cents)).toBeLessThanOrEqual(1);
              } else {
                expect(status).toBe('PARTIAL_RECONCILED');
                expect(Math.abs(bRows.reduce((s, x) => s + x.cents, 0) - aRow.cents)).toBeLessThanOrEqual(1);
              }
            }
            // Maximal: no open A row and open B row are still a one-to-one candidate pair.
            const open = (side: 'A' | 'B') => state.filter((r) => r.side === side && r.status === 'UNRECONCILED');
            for (const x of open('A')) {
              for (const y of open('B')) {
                const ax = amount('A', x.id);
                const by = amount('B', y.id);
                expect(ax.ref === by.ref && Math.abs(ax.cents - by.cents) <= 1, `A${x.id} and B${y.id} left open`).toBe(
                  false,
                );
              }
            }
            await world.rollback(runId);
            expect(await world.snapshot()).toBe(before);
          });
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('a re-run after more rows rolls back to exactly the state after the first run', async () => {
    await fc.assert(
      fc.asyncProperty(sideArb, sideArb, sideArb, async (a, b, more) => {
        await withWorld(a, b, async (world) => {
          const rules = expandRules([ONE_TO_ONE]);
          await world.run(rules);
          const afterFirst = await world.snapshot();
          await world.load('B', parseCsv(csv(more)));
          const second = await world.run(rules);
          await world.rollback(second);
          expect(await world.snapshot()).toBe(afterFirst);
        });
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
