import { RULE_TEXTS, type RuleGroup, type UpdateRuleGroupRequest } from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import * as q from './rules.queries.ts';
import { toSummary } from './rules.service.ts';

const groupNotFound = () => new AppError('NOT_FOUND', RULE_TEXTS.groupNotFound);

async function groupOf(db: Db, moduleId: number, id: number): Promise<RuleGroup> {
  const group = await q.getRuleGroup(db, moduleId, id);
  if (!group) throw groupNotFound();
  const rules = await q.listReconRules(db, group.recon_id);
  return {
    id: group.id,
    reconId: group.recon_id,
    reconName: group.recon_name,
    rules: rules.map(toSummary),
    updatedAt: group.updated_at.toISOString(),
  };
}

export const getRuleGroup = (ctx: FeatureContext, moduleId: number, id: number) => groupOf(ctx.db, moduleId, id);

/**
 * PUT /v2/rulegroups: the recon's rules in a new order, each with its enable flag. The list must hold every rule
 * of the group once and nothing else (a rule added meanwhile would otherwise lose its place silently). Rules are
 * renumbered 1..n by the given sequences, ties kept in list order.
 */
export async function updateRuleGroup(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: UpdateRuleGroupRequest,
): Promise<RuleGroup> {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const group = await q.getRuleGroup(tx, actor.moduleId, body.id, true);
    if (!group) throw groupNotFound();
    const before = await q.listReconRules(tx, group.recon_id);
    const listed = new Set(body.rules.map((r) => r.id));
    const isExact =
      listed.size === body.rules.length && listed.size === before.length && before.every((r) => listed.has(r.id));
    if (!isExact) {
      throw new AppError('VALIDATION', RULE_TEXTS.groupRulesMismatch, [
        { field: 'rules', defaultMessage: RULE_TEXTS.groupRulesMismatch },
      ]);
    }
    const order = body.rules
      .map((r, i) => ({ ...r, i }))
      .sort((x, y) => x.sequence - y.sequence || x.i - y.i)
      .map(({ id, enabled }) => ({ id, enabled }));
    await q.setGroupOrder(tx, group.id, order, actor.userId);
    await q.touchGroup(tx, group.id, actor.userId);
    await auditChange(tx, actor, {
      event: 'RULE_GROUP_UPDATED',
      entityType: 'rule_group',
      entityId: group.id,
      details: {
        reconId: group.recon_id,
        before: before.map((r) => ({ id: r.id, sequence: r.sequence, enabled: r.enabled })),
        after: order.map((r, i) => ({ id: r.id, sequence: i + 1, enabled: r.enabled })),
      },
    });
  });
  return groupOf(ctx.db, actor.moduleId, body.id);
}
