import type { RuleCondition } from './rules.ts';
import { CONDITION_PROBLEMS } from './rules.ts';

// Checks of GROUP_BY conditions (rules.ts RULE_CONDITION_TYPES): a Group by says how the side an aggregate adds
// up is grouped, so it needs an aggregate in the rule and a column of that side. rule-checks.ts calls these.

export const isGroupBy = (c: RuleCondition) => c.ruleConditionType === 'GROUP_BY';

/** A Group by as stored: operator EQUAL, no element two, no tolerance, never primary. */
export function normalizeGroupBy(c: RuleCondition, none: RuleCondition['elementSecond']): RuleCondition {
  return {
    ...c,
    operator: 'EQUAL',
    primaryCondition: false,
    elementSecond: none,
    tolerance: null,
    toleranceType: null,
  };
}

/** The problem of one Group by's own element (its column is already resolved), or null. */
export function groupByElementProblem(c: RuleCondition): string | null {
  return c.elementOne.aggregation ? CONDITION_PROBLEMS.groupByAggregation : null;
}

/**
 * In a rule with an aggregate: the first (enabled) Group by on a side nothing adds up, with its problem, or null.
 * `grouped`: the data sources with an aggregated element.
 */
export function groupByShapeProblem(
  groupBys: readonly RuleCondition[],
  grouped: ReadonlySet<number | null | undefined>,
): { condition: RuleCondition; problem: string } | null {
  const c = groupBys.find((g) => !grouped.has(g.elementOne.dataSourceId));
  return c ? { condition: c, problem: CONDITION_PROBLEMS.groupByOtherSide } : null;
}
