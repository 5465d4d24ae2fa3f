import type { DataType } from '@recon/contract';
import { expect } from 'vitest';
import { call, type Session, type TestApp, uniqueName } from '@/testing/test-app.ts';

/** Side A: a bank statement whose data elements are all of its columns. */
export const BANK_COLUMNS: readonly { name: string; dataType: DataType }[] = [
  { name: 'ref', dataType: 'VARCHAR' },
  { name: 'amount', dataType: 'DOUBLE' },
  { name: 'value_date', dataType: 'DATE' },
  { name: 'narration', dataType: 'VARCHAR' },
  { name: 'channel', dataType: 'VARCHAR' },
  { name: 'kind', dataType: 'VARCHAR' },
  { name: 'qty', dataType: 'INT' },
  { name: 'posted_at', dataType: 'DATETIME' },
];
/** Side B: a gateway settlement whose data elements leave out `fee` (a column of the table only). */
export const GATEWAY_COLUMNS: readonly { name: string; dataType: DataType }[] = [
  { name: 'ref', dataType: 'VARCHAR' },
  { name: 'amount', dataType: 'DOUBLE' },
  { name: 'txn_date', dataType: 'DATE' },
  { name: 'utr', dataType: 'VARCHAR' },
  { name: 'fee', dataType: 'DOUBLE' },
];

export type RuleFixture = {
  moduleId: number;
  reconId: number;
  reconName: string;
  /** Side A (sequence 1), side B (sequence 2), and a third data source of the recon that is neither. */
  bank: number;
  gateway: number;
  third: number;
};

async function createTable(t: TestApp, admin: Session, moduleId: number, columns: typeof BANK_COLUMNS) {
  const res = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/datatables',
    payload: { name: uniqueName('rl_tbl').replace('-', '_'), columns },
    moduleId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

export async function createRecon(t: TestApp, admin: Session, moduleId: number, name = uniqueName('Recon')) {
  const res = await call(t, admin, { method: 'POST', url: '/web/v2/recons', payload: { name }, moduleId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string };
}

/** Data sources are the data-sources feature's: rows straight into the database are enough here. */
async function insertDataSource(
  t: TestApp,
  s: { moduleId: number; reconId: number; tableId: number; sequence: number; elements: readonly string[] },
): Promise<number> {
  const db = t.database.db;
  const { id: pipelineId } = await db
    .insertInto('pipeline')
    .values({ module_id: s.moduleId, name: uniqueName('Pipe'), data_table_id: s.tableId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('data_source')
    .values({
      module_id: s.moduleId,
      name: uniqueName('DS'),
      recon_id: s.reconId,
      pipeline_id: pipelineId,
      invalid_pipeline_id: pipelineId,
      data_table_id: s.tableId,
      sequence: s.sequence,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const columns = await db
    .selectFrom('data_table_column')
    .select(['name', 'data_type'])
    .where('data_table_id', '=', s.tableId)
    .execute();
  const chosen = columns.filter((c) => s.elements.includes(c.name));
  if (chosen.length > 0) {
    await db
      .insertInto('data_element')
      .values(chosen.map((c, i) => ({ data_source_id: id, name: c.name, type: c.data_type, sequence: i + 1 })))
      .execute();
  }
  return id;
}

/** A recon with side A (bank), side B (gateway) and a third data source, in one module. */
export async function makeRuleFixture(t: TestApp, admin: Session, moduleId: number): Promise<RuleFixture> {
  const bankTable = await createTable(t, admin, moduleId, BANK_COLUMNS);
  const gatewayTable = await createTable(t, admin, moduleId, GATEWAY_COLUMNS);
  const recon = await createRecon(t, admin, moduleId);
  const base = { moduleId, reconId: recon.id };
  const bank = await insertDataSource(t, {
    ...base,
    tableId: bankTable,
    sequence: 1,
    elements: BANK_COLUMNS.map((c) => c.name),
  });
  const gateway = await insertDataSource(t, {
    ...base,
    tableId: gatewayTable,
    sequence: 2,
    elements: ['ref', 'amount', 'txn_date', 'utr'],
  });
  const third = await insertDataSource(t, { ...base, tableId: bankTable, sequence: 3, elements: ['ref'] });
  return { moduleId, reconId: recon.id, reconName: recon.name, bank, gateway, third };
}

/** A recon with one data source only (no side B). */
export async function makeOneSidedRecon(t: TestApp, admin: Session, moduleId: number): Promise<number> {
  const table = await createTable(t, admin, moduleId, GATEWAY_COLUMNS);
  const recon = await createRecon(t, admin, moduleId);
  await insertDataSource(t, { moduleId, reconId: recon.id, tableId: table, sequence: 1, elements: [] });
  return recon.id;
}

type ElementSpec = string | { value: string };

/**
 * A condition in compact form, like the engine's golden cases: element "A.ref|TRIM|UPPERCASE" (A = bank, B =
 * gateway, C = the third data source; "|ADD:5" passes an argument, "|SUM" / "|AVERAGE" / "|MIN" / "|MAX"
 * aggregate), or `{ value }` for a constant; `percent` makes the tolerance a percentage of element one.
 */
export function cond(
  f: RuleFixture,
  spec: {
    type?: 'MATCHING' | 'FILTER' | 'GROUP_BY';
    one: ElementSpec;
    two?: ElementSpec;
    op?: string;
    tolerance?: number | null;
    percent?: boolean;
    primary?: boolean;
    enabled?: boolean;
    sequence?: number;
  },
) {
  const element = (e: ElementSpec | undefined) => {
    if (e === undefined) return { valueType: 'CONSTANT', value: null };
    if (typeof e !== 'string') return { valueType: 'CONSTANT', value: e.value };
    const [ref = '', ...steps] = e.split('|');
    const [side, columnName] = ref.split('.');
    const dataSourceId = side === 'A' ? f.bank : side === 'B' ? f.gateway : side === 'C' ? f.third : Number(side);
    const isAggregation = (s: string) => ['SUM', 'AVERAGE', 'MIN', 'MAX'].includes(s);
    const aggregation = steps.find(isAggregation) ?? null;
    const transforms = steps
      .filter((s) => !isAggregation(s))
      .map((s) => {
        const [type, arg] = s.split(':');
        return { type, argument: arg === undefined ? null : Number(arg) };
      });
    return { valueType: 'COLUMN', dataSourceId, columnName, transforms, aggregation };
  };
  return {
    sequence: spec.sequence ?? 1,
    ruleConditionType: spec.type ?? 'MATCHING',
    conditionJointType: 'AND',
    primaryCondition: spec.primary ?? false,
    conditionEnable: spec.enabled ?? true,
    elementOne: element(spec.one),
    operator: spec.op ?? 'EQUAL',
    elementSecond: element(spec.two),
    tolerance: spec.tolerance ?? null,
    ...(spec.percent ? { toleranceType: 'PERCENT' } : {}),
  };
}

/** A valid rule body: reference key, amount within a paisa. */
export function ruleBody(f: RuleFixture, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    reconId: f.reconId,
    name: uniqueName('Rule'),
    description: 'Reference and amount',
    ruleType: 'RECONCILED',
    enabled: true,
    conditions: [
      cond(f, { one: 'A.ref|TRIM|UPPERCASE', two: 'B.ref|TRIM|UPPERCASE' }),
      cond(f, { one: 'A.amount', two: 'B.amount', tolerance: 0.01, sequence: 2 }),
    ],
    ...overrides,
  };
}

export async function createRule(
  t: TestApp,
  session: Session,
  f: RuleFixture,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; name: string; sequence: number; ruleGroupId: number }> {
  const res = await call(t, session, {
    method: 'POST',
    url: '/web/v2/rules',
    payload: ruleBody(f, overrides),
    moduleId: f.moduleId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
