import type { DataType } from '@recon/contract';
import { withTransaction } from '@recon/db';
import { ensureStateTable, qualified, stateTableName } from '@/lib/data-tables/ddl.ts';
import { createDataTable, findDataTableByName } from '@/lib/data-tables/registry.ts';
import { type TestApp, uniqueName } from './test-app.ts';

/**
 * A recon ready to run, written straight to the database (tests of runs, transactions and rollbacks are not
 * about the configuration screens): two data tables with the given columns and their rows, a pipeline each,
 * the two data sources (side A, side B) and rules. Rows are inserted as loaded rows (`_file_id` optional).
 */

export type FixtureColumn = { name: string; dataType: DataType; isMoney?: boolean };
export type FixtureSide = { columns: FixtureColumn[]; rows: Record<string, unknown>[] };
export type ReconFixture = {
  reconId: number;
  ruleGroupId: number;
  sides: Record<
    'A' | 'B',
    { dataSourceId: number; dataTableId: number; table: string; stateTable: string; pipelineId: number }
  >;
};

/** A rule in the stored form (conditions as the contract's ruleConditionSchema array). */
export type FixtureRule = { name: string; ruleType: string; conditions: unknown[]; enabled?: boolean };

/** A MATCHING condition between a column of side A and one of side B. */
export function matchOn(
  fixture: ReconFixture,
  sequence: number,
  a: string,
  b: string,
  extra: { transforms?: string[]; tolerance?: number; aggregateB?: 'SUM' | 'AVERAGE' } = {},
) {
  const el = (side: 'A' | 'B', column: string, aggregation: string | null = null) => ({
    valueType: 'COLUMN',
    dataSourceId: fixture.sides[side].dataSourceId,
    columnName: column,
    value: null,
    transforms: (extra.transforms ?? []).map((type) => ({ type, argument: null })),
    aggregation,
  });
  return {
    sequence,
    ruleConditionType: 'MATCHING',
    conditionJointType: 'AND',
    primaryCondition: false,
    conditionEnable: true,
    elementOne: el('A', a),
    operator: 'EQUAL',
    elementSecond: el('B', b, extra.aggregateB ?? null),
    tolerance: extra.tolerance ?? null,
  };
}

export async function addReconFixture(
  t: TestApp,
  moduleId: number,
  sides: Record<'A' | 'B', FixtureSide>,
  label = 'fx',
): Promise<ReconFixture> {
  const db = t.database.db;
  const { id: reconId } = await db
    .insertInto('recon')
    .values({ module_id: moduleId, name: uniqueName(`${label} recon`) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const out = {} as ReconFixture['sides'];
  for (const [i, side] of (['A', 'B'] as const).entries()) {
    const name = uniqueName(`${label}_${side}`).toLowerCase().replaceAll('-', '_');
    await withTransaction(db, {}, ({ db: tx }) =>
      createDataTable(tx, {
        moduleId,
        name,
        description: '',
        kind: 'DATA',
        columns: sides[side].columns.map((c) => ({ name: c.name, dataType: c.dataType, isMoney: c.isMoney ?? false })),
        createdBy: null,
      }),
    );
    const table = await findDataTableByName(db, moduleId, name);
    if (!table) throw new Error(`fixture table ${name} was not created`);
    const { id: pipelineId } = await db
      .insertInto('pipeline')
      .values({ module_id: moduleId, name: uniqueName(`${label} pipe ${side}`), data_table_id: table.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: dataSourceId } = await db
      .insertInto('data_source')
      .values({
        module_id: moduleId,
        name: uniqueName(`${label} ${side}`),
        recon_id: reconId,
        pipeline_id: pipelineId,
        invalid_pipeline_id: pipelineId,
        data_table_id: table.id,
        sequence: i + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ensureStateTable(db, dataSourceId);
    const physical = `m${moduleId}_${name}`;
    out[side] = {
      dataSourceId,
      dataTableId: table.id,
      table: qualified(physical),
      stateTable: qualified(stateTableName(dataSourceId)),
      pipelineId,
    };
    await insertRows(t, out[side].table, sides[side].rows);
  }
  const { id: ruleGroupId } = await db
    .insertInto('rule_group')
    .values({ module_id: moduleId, recon_id: reconId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { reconId, ruleGroupId, sides: out };
}

export async function insertRows(t: TestApp, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (const row of rows) {
    const names = Object.keys(row);
    await t.database.pool.query(
      `INSERT INTO ${table} (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  }
}

export async function addRules(t: TestApp, moduleId: number, f: ReconFixture, rules: FixtureRule[]): Promise<number[]> {
  const ids: number[] = [];
  const existing = await t.database.db
    .selectFrom('recon_rule')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recon_id', '=', f.reconId)
    .executeTakeFirstOrThrow();
  for (const [i, r] of rules.entries()) {
    const { id } = await t.database.db
      .insertInto('recon_rule')
      .values({
        module_id: moduleId,
        recon_id: f.reconId,
        rule_group_id: f.ruleGroupId,
        name: r.name,
        rule_type: r.ruleType as never,
        sequence: Number(existing.n) + i + 1,
        enabled: r.enabled ?? true,
        conditions: JSON.stringify(r.conditions),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

/** Every row of a side with its effective status and match id, in id order. */
export async function statesOf(t: TestApp, f: ReconFixture, side: 'A' | 'B') {
  const s = f.sides[side];
  const r = await t.database.pool.query<{ id: number; status: string; match_id: number | null }>(
    `SELECT x._id AS id, coalesce(st.status, x._recon_status) AS status, st.match_id
     FROM ${s.table} x LEFT JOIN ${s.stateTable} st ON st._id = x._id ORDER BY x._id`,
  );
  return r.rows.map((row) => ({
    id: Number(row.id),
    status: row.status,
    matchId: row.match_id === null ? null : Number(row.match_id),
  }));
}
