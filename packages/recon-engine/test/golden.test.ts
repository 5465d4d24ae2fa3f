import { join } from 'node:path';
import { createTestDatabase } from '@recon/db/testing';
import { describe, expect, it } from 'vitest';
import { loadGoldenCases } from '../src/index.ts';
import {
  type CompactRule,
  diffState,
  type Expected,
  expandRules,
  GoldenWorld,
  parseCsv,
  type Step,
} from './golden-harness.ts';
import { committedStatements } from './statement-recorder.ts';

const cases = loadGoldenCases(join(import.meta.dirname, 'golden'));

describe('golden cases', () => {
  it('has the cases the engine promises', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
  });

  // Each case twice: state rows inserted one by one, and by the bulk path that rebuilds the state table's indexes.
  it.each(
    cases.flatMap(
      (c) =>
        [
          [c.name, c, undefined],
          [`${c.name} (bulk insert)`, c, 1],
        ] as const,
    ),
  )(
    '%s',
    async (_name, c, bulkRows) => {
      const t = await createTestDatabase();
      const client = await t.pool.connect();
      try {
        const world = await GoldenWorld.create(client, parseCsv(c.a), parseCsv(c.b));
        const rules = expandRules(c.rules as CompactRule[]);
        const expected = c.expected as Expected;
        const steps = expected.steps ?? [{ do: 'run' as const, rows: expected.rows ?? {} }];
        const snapshots: string[] = [];
        const runs: number[] = [];
        for (const [i, step] of steps.entries()) {
          world.recorder.section(`step ${i + 1}`, describeStep(step));
          if (step.do === 'run') runs.push(await world.run(rules, { bulkRows }));
          else if (step.do === 'load') await world.loadFile(c.dir, step.side, step.file);
          else if (step.do === 'rollback') {
            const rollback = world.rollback(runs[step.run - 1] as number);
            if (step.refusedWith) await expect(rollback).rejects.toThrow(step.refusedWith);
            else await rollback;
          } else if (step.do === 'knockoff') {
            const side = step.row[0] as 'A' | 'B';
            runs.push(await world.knockOff(side, Number(step.row.slice(1)), step.reason));
          } else {
            const state = await world.state();
            const labelOf = (l: string) => state.find((r) => r.label === l);
            const anchor = labelOf(step.label);
            if (!anchor?.matchId) throw new Error(`step ${i + 1}: ${step.label} is in no group`);
            runs.push(
              await world.action(
                step.do,
                state.filter((r) => r.matchId === anchor.matchId),
              ),
            );
          }
          snapshots.push(await world.snapshot());
          if ('rows' in step && step.rows) {
            expect(diffState(await world.state(), step.rows), `after step ${i + 1} (${step.do})`).toEqual([]);
          }
          if (step.do === 'rollback' && step.sameAsAfterStep !== undefined) {
            const before = step.sameAsAfterStep === 0 ? '[]\n[]' : snapshots[step.sameAsAfterStep - 1];
            expect(snapshots[i], `state after step ${i + 1} equals the state after step ${step.sameAsAfterStep}`).toBe(
              before,
            );
          }
        }
        // The bulk path dropped and rebuilt the state tables' primary keys: they are back.
        const keys = await client.query(
          "SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = 'recon_data' AND indexname IN ('g_a_state_pkey', 'g_b_state_pkey')",
        );
        expect(keys.rows[0].n).toBe(2);
        // The SQL is reviewed: a change to it fails until the committed file is regenerated and read.
        const file = join(c.dir, bulkRows ? 'statements.bulk.sql' : 'statements.sql');
        const recorded = world.recorder.text();
        const committed = committedStatements(file, recorded);
        expect(committed, `${file} is missing: run with UPDATE_GOLDEN=1 and commit it`).not.toBeNull();
        expect(recorded, `the engine's statements changed: review, then run with UPDATE_GOLDEN=1`).toBe(committed);
      } finally {
        client.release();
        await t.drop();
      }
    },
    30_000,
  );
});

/** How a step is headed in statements.sql. */
function describeStep(step: Step): string {
  switch (step.do) {
    case 'run':
      return 'run the rules';
    case 'load':
      return `load ${step.file} into side ${step.side}`;
    case 'rollback':
      return `roll back run ${step.run}`;
    case 'knockoff':
      return `knock off ${step.row}`;
    default:
      return `${step.do} group ${step.label}`;
  }
}
