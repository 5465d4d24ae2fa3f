import type { DataType, RuleCondition, RuleType } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';

export type RuleRecord = {
  id: number;
  module_id: number;
  recon_id: number;
  recon_name: string;
  rule_group_id: number;
  name: string;
  description: string;
  rule_type: RuleType;
  sequence: number;
  enabled: boolean;
  conditions: RuleCondition[];
  created_at: Date;
  updated_at: Date;
};

const rules = (db: Db) =>
  db
    .selectFrom('recon_rule as rr')
    .innerJoin('recon as r', 'r.id', 'rr.recon_id')
    .select([
      'rr.id',
      'rr.module_id',
      'rr.recon_id',
      'r.name as recon_name',
      'rr.rule_group_id',
      'rr.name',
      'rr.description',
      'rr.rule_type',
      'rr.sequence',
      'rr.enabled',
      'rr.conditions',
      'rr.created_at',
      'rr.updated_at',
    ]);

/** A rule of the module; `forUpdate` holds it until the caller's transaction ends. */
export async function getRule(db: Db, moduleId: number, id: number, forUpdate = false) {
  let q = rules(db).where('rr.module_id', '=', moduleId).where('rr.id', '=', id);
  if (forUpdate) q = q.forUpdate('rr');
  return (await q.executeTakeFirst()) as RuleRecord | undefined;
}

/** A recon's rules in their order. */
export async function listReconRules(db: Db, reconId: number) {
  return (await rules(db)
    .where('rr.recon_id', '=', reconId)
    .orderBy('rr.sequence')
    .orderBy('rr.id')
    .execute()) as RuleRecord[];
}

export const getRecon = (db: Db, moduleId: number, id: number) =>
  db
    .selectFrom('recon')
    .select(['id', 'name'])
    .where('module_id', '=', moduleId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Side A (sequence 1) and side B (sequence 2) of a recon, with their tables. */
export const reconSides = (db: Db, reconId: number) =>
  db
    .selectFrom('data_source')
    .select(['id', 'name', 'sequence', 'data_table_id'])
    .where('recon_id', '=', reconId)
    .where('sequence', 'in', [1, 2])
    .orderBy('sequence')
    .execute();

/**
 * The columns a rule may read from a data source: its data elements, or, for a data source without elements,
 * the user columns of its table.
 */
export async function readableColumns(
  db: Db,
  dataSourceId: number,
  dataTableId: number,
): Promise<{ name: string; type: DataType }[]> {
  const elements = await db
    .selectFrom('data_element')
    .select(['name', 'type'])
    .where('data_source_id', '=', dataSourceId)
    .orderBy('sequence')
    .execute();
  if (elements.length > 0) return elements;
  return db
    .selectFrom('data_table_column')
    .select(['name', 'data_type as type'])
    .where('data_table_id', '=', dataTableId)
    .orderBy('sequence')
    .execute();
}

export async function isNameTaken(db: Db, reconId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('recon_rule')
    .select('id')
    .where('recon_id', '=', reconId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export type RuleGroupRecord = { id: number; module_id: number; recon_id: number; recon_name: string; updated_at: Date };

/** A rule group of the module; `forUpdate` serialises changes to its order. */
export async function getRuleGroup(db: Db, moduleId: number, id: number, forUpdate = false) {
  let q = db
    .selectFrom('rule_group as g')
    .innerJoin('recon as r', 'r.id', 'g.recon_id')
    .select(['g.id', 'g.module_id', 'g.recon_id', 'r.name as recon_name', 'g.updated_at'])
    .where('g.module_id', '=', moduleId)
    .where('g.id', '=', id);
  if (forUpdate) q = q.forUpdate('g');
  return (await q.executeTakeFirst()) as RuleGroupRecord | undefined;
}

export const groupIdOfRecon = async (db: Db, reconId: number): Promise<number | null> =>
  (await db.selectFrom('rule_group').select('id').where('recon_id', '=', reconId).executeTakeFirst())?.id ?? null;

/** The recon's group, created with its first rule; locked until the caller's transaction ends. */
export async function lockGroupOfRecon(db: Db, moduleId: number, reconId: number, userId: number): Promise<number> {
  await db
    .insertInto('rule_group')
    .values({ module_id: moduleId, recon_id: reconId, updated_by: userId })
    .onConflict((oc) => oc.column('recon_id').doNothing())
    .execute();
  const { id } = await db
    .selectFrom('rule_group')
    .select('id')
    .where('recon_id', '=', reconId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return id;
}

export async function touchGroup(db: Db, groupId: number, userId: number): Promise<void> {
  await db
    .updateTable('rule_group')
    .set({ updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', groupId)
    .execute();
}

export type RuleValues = {
  name: string;
  description: string;
  rule_type: RuleType;
  enabled: boolean;
  conditions: RuleCondition[];
};

/** Inserts a rule last in its group's order. */
export async function insertRule(
  db: Db,
  r: RuleValues & { moduleId: number; reconId: number; groupId: number; userId: number },
): Promise<number> {
  const { id } = await db
    .insertInto('recon_rule')
    .values({
      module_id: r.moduleId,
      recon_id: r.reconId,
      rule_group_id: r.groupId,
      name: r.name,
      description: r.description,
      rule_type: r.rule_type,
      enabled: r.enabled,
      conditions: JSON.stringify(r.conditions),
      sequence: sql<number>`(SELECT coalesce(max(sequence), 0) + 1 FROM recon_rule WHERE rule_group_id = ${r.groupId})`,
      created_by: r.userId,
      updated_by: r.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Rewrites a rule; moved to another recon's group it goes last there. */
export async function updateRule(
  db: Db,
  id: number,
  r: RuleValues & { userId: number; moveTo?: { reconId: number; groupId: number } },
): Promise<void> {
  await db
    .updateTable('recon_rule')
    .set({
      name: r.name,
      description: r.description,
      rule_type: r.rule_type,
      enabled: r.enabled,
      conditions: JSON.stringify(r.conditions),
      updated_by: r.userId,
      updated_at: sql`now()`,
      ...(r.moveTo
        ? {
            recon_id: r.moveTo.reconId,
            rule_group_id: r.moveTo.groupId,
            sequence: sql<number>`(SELECT coalesce(max(sequence), 0) + 1 FROM recon_rule WHERE rule_group_id = ${r.moveTo.groupId})`,
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Renumbers a group's rules 1..n in their current order (after a rule left it). */
export async function renumberGroup(db: Db, groupId: number): Promise<void> {
  await sql`
    UPDATE recon_rule rr SET sequence = o.seq
    FROM (SELECT id, row_number() OVER (ORDER BY sequence, id)::int AS seq FROM recon_rule WHERE rule_group_id = ${groupId}) o
    WHERE rr.id = o.id AND rr.sequence IS DISTINCT FROM o.seq`.execute(db);
}

/** Sets each rule's place (1..n, in the given order) and enable flag; only rules that change are written. */
export async function setGroupOrder(
  db: Db,
  groupId: number,
  order: readonly { id: number; enabled: boolean }[],
  userId: number,
): Promise<void> {
  const ids = order.map((r) => r.id);
  const flags = order.map((r) => r.enabled);
  await sql`
    UPDATE recon_rule rr SET sequence = o.seq, enabled = o.enabled, updated_by = ${userId}, updated_at = now()
    FROM (SELECT id, enabled, seq::int FROM unnest(${sql.val(ids)}::bigint[], ${sql.val(flags)}::boolean[])
          WITH ORDINALITY AS u(id, enabled, seq)) o
    WHERE rr.id = o.id AND rr.rule_group_id = ${groupId}
      AND (rr.sequence IS DISTINCT FROM o.seq OR rr.enabled IS DISTINCT FROM o.enabled)`.execute(db);
}
