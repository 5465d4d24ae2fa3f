import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstRuleProblem, type RuleCondition, type RuleType, valueKindOf } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestEnv, type IngestEnv, runFiles } from '@/ingest/ingest.test-helpers.ts';
import { runReconNow } from '@/lib/recon/recon-runner.ts';
import { seedDemoWorkspace } from './demo.ts';
import { seedSystem } from './seed.ts';

const SAMPLES = join(import.meta.dirname, '..', '..', '..', '..', 'demo', 'samples');
let env: IngestEnv;
let demo: { moduleId: number; reconId: number };

beforeAll(async () => {
  env = await createIngestEnv();
  await seedSystem(env.database.db);
  await seedDemoWorkspace(env.database.db);
  const recon = await env.database.db
    .selectFrom('recon')
    .select(['id', 'module_id'])
    .where('name', '=', 'Bank vs Gateway Settlement')
    .executeTakeFirstOrThrow();
  demo = { moduleId: recon.module_id, reconId: recon.id };
});
afterAll(async () => {
  await env?.close();
});

describe('the demo recon rules', () => {
  it('are valid rules as the rule editor would save them', async () => {
    const db = env.database.db;
    const rules = await db
      .selectFrom('recon_rule')
      .selectAll()
      .where('recon_id', '=', demo.reconId)
      .orderBy('sequence')
      .execute();
    expect(rules.map((r) => r.rule_type)).toEqual([
      'KNOCK_OFF',
      'SAME_SIDE_REVERSAL',
      'RECONCILED',
      'RELAX_MATCH',
      'PROPOSE_MATCH',
      'PARTIAL_RECONCILED',
      'DUPLICATE_MATCH',
      'LATE_REVERSAL',
    ]);
    const sources = await db
      .selectFrom('data_source as ds')
      .innerJoin('data_table_column as c', 'c.data_table_id', 'ds.data_table_id')
      .select(['ds.id', 'ds.sequence', 'c.name', 'c.data_type'])
      .where('ds.recon_id', '=', demo.reconId)
      .execute();
    const side = (sequence: number) => {
      const cols = sources.filter((s) => s.sequence === sequence);
      return {
        dataSourceId: cols[0]?.id as number,
        columns: new Map(cols.map((c) => [c.name, valueKindOf(c.data_type)])),
      };
    };
    for (const r of rules) {
      const rule = { ruleType: r.rule_type as RuleType, conditions: r.conditions as RuleCondition[] };
      expect(firstRuleProblem(rule, { sideA: side(1), sideB: side(2) }), r.name).toBeNull();
    }
  });

  it('close the sample files with every kind of rule', async () => {
    const pipelines = await env.database.db
      .selectFrom('pipeline')
      .select(['id', 'name'])
      .where('module_id', '=', demo.moduleId)
      .execute();
    const demoEnv = { ...env, moduleId: demo.moduleId };
    for (const [pipeline, file] of [
      ['Bank Statement Upload', 'bank_statement.csv'],
      ['PG Settlement Upload', 'pg_settlement.csv'],
    ] as const) {
      const id = pipelines.find((p) => p.name === pipeline)?.id as number;
      const out = await runFiles(demoEnv, id, [{ name: file, content: readFileSync(join(SAMPLES, file)) }]);
      expect(out.error).toBeNull();
    }
    const run = await runReconNow(env.database.db, { ...demo, startedBy: null, dryRun: false });
    expect(run.error).toBeNull();
    const byType = Object.fromEntries((run.summary?.rules ?? []).map((r) => [r.ruleType, r.rowsA + r.rowsB]));
    expect(byType.KNOCK_OFF).toBeGreaterThan(0);
    expect(byType.SAME_SIDE_REVERSAL).toBeGreaterThan(0);
    expect(byType.RECONCILED).toBeGreaterThan(4000);
    expect(byType.RELAX_MATCH).toBeGreaterThan(0);
    expect(byType.PROPOSE_MATCH).toBeGreaterThan(0);
    expect(byType.PARTIAL_RECONCILED).toBeGreaterThan(0);
    expect(byType.DUPLICATE_MATCH).toBeGreaterThan(0);
    expect(byType.LATE_REVERSAL).toBeGreaterThan(0);
  });
});
