import type { Db } from '@recon/db';
import type { EngineRule, EngineSide, ReconInput, StateTable, ValueKind } from '@recon/recon-engine';
import { sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';

/** Why a recon cannot run: shown as the activity's or the action's failure. */
export class ReconNotRunnable extends Error {}

export type ReconSide = EngineSide & StateTable & { dataSourceName: string; tableName: string };

type SideRecord = {
  id: number;
  name: string;
  sequence: number;
  data_table_id: number;
  table_name: string;
  state_table_name: string | null;
};

/** The value kind of a typed column: money and numbers compare as numbers, DATETIME as a timestamp. */
export function valueKindOf(dataType: string, isMoney: boolean): ValueKind {
  if (isMoney) return 'number';
  switch (dataType) {
    case 'DATE':
      return 'date';
    case 'DATETIME':
      return 'timestamp';
    case 'VARCHAR':
      return 'text';
    default:
      return 'number';
  }
}

/** A recon's side A (sequence 1) and side B (sequence 2) with their physical tables and column kinds. */
export async function reconSides(db: Db, moduleId: number, reconId: number): Promise<{ A: ReconSide; B: ReconSide }> {
  const rows = await sql<SideRecord>`
    SELECT ds.id, ds.name, ds.sequence, ds.data_table_id, t.table_name, ds.state_table_name
    FROM data_source ds JOIN recon r ON r.id = ds.recon_id JOIN data_table t ON t.id = ds.data_table_id
    WHERE ds.recon_id = ${reconId} AND r.module_id = ${moduleId} AND ds.sequence IN (1, 2) AND ds.is_active
    ORDER BY ds.sequence`.execute(db);
  const [a, b] = [1, 2].map((s) => rows.rows.find((r) => r.sequence === s));
  if (!a || !b) throw new ReconNotRunnable('The recon needs its side A and side B data sources before it can run');
  const columns = await db
    .selectFrom('data_table_column')
    .select(['data_table_id', 'name', 'data_type', 'is_money'])
    .where('data_table_id', 'in', [a.data_table_id, b.data_table_id])
    .execute();
  const side = (r: SideRecord): ReconSide => {
    if (!r.state_table_name) throw new ReconNotRunnable(`The table of data source "${r.name}" is not a data table`);
    return {
      dataSourceId: r.id,
      dataSourceName: r.name,
      dataTableId: r.data_table_id,
      tableName: r.table_name,
      table: qualified(r.table_name),
      stateTable: qualified(r.state_table_name),
      columns: new Map(
        columns
          .filter((c) => c.data_table_id === r.data_table_id)
          .map((c) => [c.name, valueKindOf(c.data_type, c.is_money)] as const),
      ),
    };
  };
  return { A: side(a), B: side(b) };
}

/** The recon's enabled rules in their order, as the engine takes them. */
export async function enabledRules(db: Db, reconId: number): Promise<EngineRule[]> {
  const rules = await db
    .selectFrom('recon_rule')
    .select(['id', 'name', 'rule_type', 'conditions'])
    .where('recon_id', '=', reconId)
    .where('enabled', '=', true)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
  return rules.map((r) => ({
    id: r.id,
    name: r.name,
    ruleType: r.rule_type,
    conditions: r.conditions as EngineRule['conditions'],
  }));
}

export async function reconInput(
  db: Db,
  moduleId: number,
  reconId: number,
): Promise<ReconInput & { sideA: ReconSide; sideB: ReconSide }> {
  const sides = await reconSides(db, moduleId, reconId);
  const rules = await enabledRules(db, reconId);
  if (rules.length === 0) throw new ReconNotRunnable('The recon has no enabled rules');
  return { reconId, sideA: sides.A, sideB: sides.B, rules };
}
