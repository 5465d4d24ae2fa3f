import type { Db } from '@recon/db';
import type { EngineRule } from '@recon/recon-engine';

/** Every rule of a recon, enabled or not, by id: the explanation names the rule that matched a group. */
export async function rulesById(db: Db, reconId: number): Promise<Map<number, EngineRule>> {
  const all = await db
    .selectFrom('recon_rule')
    .select(['id', 'name', 'rule_type', 'conditions'])
    .where('recon_id', '=', reconId)
    .execute();
  return new Map(
    all.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        ruleType: r.rule_type as EngineRule['ruleType'],
        conditions: r.conditions as EngineRule['conditions'],
      },
    ]),
  );
}
