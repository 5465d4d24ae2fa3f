import {
  firstRuleProblem,
  normalizeConditions,
  RULE_TEXTS,
  type RuleCheckContext,
  type RuleDetail,
  type RuleProblem,
  type RuleSummary,
  type RulesByRecon,
  type SaveRuleRequest,
  valueKindOf,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import * as q from './rules.queries.ts';

export const refuse = (p: RuleProblem) =>
  new AppError('VALIDATION', p.message, [{ field: p.field, defaultMessage: p.message }]);
const notFound = () => new AppError('NOT_FOUND', RULE_TEXTS.notFound);
const reconNotFound = () => new AppError('NOT_FOUND', RULE_TEXTS.reconNotFound);
const nameTaken = () => refuse({ field: 'name', message: RULE_TEXTS.nameTaken });

export function toSummary(r: q.RuleRecord): RuleSummary {
  return {
    id: r.id,
    reconId: r.recon_id,
    name: r.name,
    description: r.description,
    ruleType: r.rule_type,
    sequence: r.sequence,
    enabled: r.enabled,
    conditionCount: r.conditions.length,
    updatedAt: r.updated_at.toISOString(),
  };
}

function toDetail(r: q.RuleRecord): RuleDetail {
  return {
    ...toSummary(r),
    reconName: r.recon_name,
    ruleGroupId: r.rule_group_id,
    conditions: r.conditions,
    createdAt: r.created_at.toISOString(),
  };
}

export async function getRuleDetail(ctx: FeatureContext, moduleId: number, id: number): Promise<RuleDetail> {
  const rule = await q.getRule(ctx.db, moduleId, id);
  if (!rule) throw notFound();
  return toDetail(rule);
}

export async function rulesOfRecon(ctx: FeatureContext, moduleId: number, reconId: number): Promise<RulesByRecon> {
  if (!(await q.getRecon(ctx.db, moduleId, reconId))) throw reconNotFound();
  const [rules, ruleGroupId] = await Promise.all([
    q.listReconRules(ctx.db, reconId),
    q.groupIdOfRecon(ctx.db, reconId),
  ]);
  return { data: rules.map(toSummary), ruleGroupId };
}

/** The recon (in the module, with both sides) and what its sides' columns hold, for the rule checks. */
export async function checkContext(db: Db, moduleId: number, reconId: number): Promise<RuleCheckContext> {
  if (!(await q.getRecon(db, moduleId, reconId))) throw reconNotFound();
  const sides = await q.reconSides(db, reconId);
  const [a, b] = [sides.find((s) => s.sequence === 1), sides.find((s) => s.sequence === 2)];
  if (!a || !b) throw refuse({ field: 'reconId', message: RULE_TEXTS.reconWithoutSides });
  const side = async (ds: typeof a) => ({
    dataSourceId: ds.id,
    columns: new Map((await q.readableColumns(db, ds.id, ds.data_table_id)).map((c) => [c.name, valueKindOf(c.type)])),
  });
  return { sideA: await side(a), sideB: await side(b) };
}

/**
 * The save checks in the editor's order: recon (404 when not in the module), its sides, the name free in the
 * recon, then the conditions (ordered and renumbered first, so messages name the numbers the editor shows).
 */
async function checkedValues(
  db: Db,
  actor: ModuleActor,
  body: SaveRuleRequest,
  exceptId?: number,
): Promise<q.RuleValues> {
  const ctx = await checkContext(db, actor.moduleId, body.reconId);
  if (await q.isNameTaken(db, body.reconId, body.name, exceptId)) throw nameTaken();
  const conditions = normalizeConditions(body.conditions);
  const problem = firstRuleProblem({ ruleType: body.ruleType, conditions }, ctx);
  if (problem) throw refuse(problem);
  return {
    name: body.name,
    description: body.description ?? '',
    rule_type: body.ruleType,
    enabled: body.enabled,
    conditions,
  };
}

function rethrowNameRace(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw nameTaken();
  throw err;
}

const audited = (r: q.RuleValues & { reconId: number }) => ({
  reconId: r.reconId,
  name: r.name,
  description: r.description,
  ruleType: r.rule_type,
  enabled: r.enabled,
  conditions: r.conditions,
});

/** POST /v2/rules: the rule goes last in its recon's order; the recon's group is created with its first rule. */
export async function createRule(ctx: FeatureContext, actor: ModuleActor, body: SaveRuleRequest): Promise<RuleDetail> {
  const id = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const values = await checkedValues(tx, actor, body);
    const groupId = await q.lockGroupOfRecon(tx, actor.moduleId, body.reconId, actor.userId);
    const id = await q.insertRule(tx, {
      ...values,
      moduleId: actor.moduleId,
      reconId: body.reconId,
      groupId,
      userId: actor.userId,
    });
    await q.touchGroup(tx, groupId, actor.userId);
    await auditChange(tx, actor, {
      event: 'RULE_CREATED',
      entityType: 'recon_rule',
      entityId: id,
      details: audited({ ...values, reconId: body.reconId }),
    });
    return id;
  }).catch(rethrowNameRace);
  return getRuleDetail(ctx, actor.moduleId, id);
}

/** PUT /v2/rules: rewrites the rule; a rule given another recon moves to the end of that recon's order. */
export async function updateRule(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  body: SaveRuleRequest,
): Promise<RuleDetail> {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.getRule(tx, actor.moduleId, id, true);
    if (!before) throw notFound();
    const values = await checkedValues(tx, actor, body, id);
    const isMoving = before.recon_id !== body.reconId;
    const moveTo = isMoving
      ? { reconId: body.reconId, groupId: await q.lockGroupOfRecon(tx, actor.moduleId, body.reconId, actor.userId) }
      : undefined;
    await q.updateRule(tx, id, { ...values, userId: actor.userId, moveTo });
    if (moveTo) {
      await q.renumberGroup(tx, before.rule_group_id);
      await q.touchGroup(tx, before.rule_group_id, actor.userId);
      await q.touchGroup(tx, moveTo.groupId, actor.userId);
    }
    await auditChange(tx, actor, {
      event: 'RULE_UPDATED',
      entityType: 'recon_rule',
      entityId: id,
      details: {
        before: audited({
          reconId: before.recon_id,
          name: before.name,
          description: before.description,
          rule_type: before.rule_type,
          enabled: before.enabled,
          conditions: before.conditions,
        }),
        after: audited({ ...values, reconId: body.reconId }),
      },
    });
  }).catch(rethrowNameRace);
  return getRuleDetail(ctx, actor.moduleId, id);
}
