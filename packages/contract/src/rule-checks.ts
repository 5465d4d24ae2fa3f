import { DATE_DATA_TYPES, type DataType, NUMERIC_DATA_TYPES } from './data-tables.ts';
import { groupByElementProblem, groupByShapeProblem, isGroupBy, normalizeGroupBy } from './rule-group-by-checks.ts';
import { normalizeTransform, transformedKind } from './rule-transform-checks.ts';
import {
  AGGREGATION_KINDS,
  CONDITION_PROBLEMS,
  conditionMessage,
  FILTER_OPERATOR_LABELS,
  LIST_OPERATORS,
  MATCHING_OPERATORS,
  orderConditions,
  RULE_NAME_MAX,
  RULE_TEXTS,
  RULE_TYPES,
  type RuleCondition,
  type RuleElement,
  type RuleType,
  SAME_SIDE_RULE_TYPES,
  VALUELESS_OPERATORS,
  type ValueKind,
} from './rules.ts';

// The checks a rule passes before it is saved, in the order the server answers them (the editor runs the same
// ones before sending). Each answers the first problem only, as one message naming the condition.

/** A data element's values as rules see them: numbers (money too), dates (with or without time), text. */
export function valueKindOf(type: DataType): ValueKind {
  if (NUMERIC_DATA_TYPES.includes(type)) return 'number';
  if (DATE_DATA_TYPES.includes(type)) return 'date';
  return 'text';
}

/** One side of the recon: its data source and the columns a rule may read, with their kinds. */
export type RuleSide = { dataSourceId: number; columns: ReadonlyMap<string, ValueKind> };
export type RuleCheckContext = { sideA: RuleSide; sideB: RuleSide };
export type RuleProblem = { field: string; message: string };

/** Rule types whose matching conditions may aggregate one side (one-to-many, many-to-one, many-to-many). */
export const AGGREGATING_RULE_TYPES: readonly RuleType[] = [
  'RECONCILED',
  'RELAX_MATCH',
  'PROPOSE_MATCH',
  'PARTIAL_RECONCILED',
];
/** Operators that order or equate values: both elements must be of one kind. */
const ORDERING_OPERATORS: readonly string[] = [
  'EQUAL',
  'NOT_EQUAL',
  'GREATER_THAN',
  'LESS_THAN',
  'GREATER_THAN_EQUAL',
  'LESS_THAN_EQUAL',
];
/** Operators that read their value as text (no number or date parsing). */
const TEXT_OPERATORS: readonly string[] = ['CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'LIKE', 'NOT_LIKE'];
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isValueless = (operator: string) => (VALUELESS_OPERATORS as readonly string[]).includes(operator);
const isList = (operator: string) => (LIST_OPERATORS as readonly string[]).includes(operator);
const isBetween = (operator: string) => operator === 'BETWEEN' || operator === 'NOT_BETWEEN';
const operatorLabel = (operator: string) =>
  FILTER_OPERATOR_LABELS[operator as keyof typeof FILTER_OPERATOR_LABELS] ?? operator;

function isDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A constant typed for `kind`: the problem with it, or null. Numbers may carry thousands separators. */
function constantProblem(raw: string, kind: ValueKind, isListItem: boolean): string | null {
  const text = raw.trim();
  if (kind === 'number' && !NUMBER.test(isListItem ? text : text.replaceAll(',', ''))) {
    return CONDITION_PROBLEMS.badNumber(text);
  }
  if (kind === 'date' && !isDate(text)) return CONDITION_PROBLEMS.badDate(text);
  return null;
}

const splitList = (raw: string) =>
  raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** The name, recon and rule type of a save body, in the form's order: the first missing one. */
export function firstRuleHeadProblem(body: unknown): RuleProblem | null {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const name = typeof b.name === 'string' ? b.name.trim() : '';
  if (name === '') return { field: 'name', message: RULE_TEXTS.nameRequired };
  if (name.length > RULE_NAME_MAX) return { field: 'name', message: RULE_TEXTS.nameTooLong };
  if (!(typeof b.reconId === 'number' && Number.isInteger(b.reconId) && b.reconId > 0)) {
    return { field: 'reconId', message: RULE_TEXTS.reconRequired };
  }
  if (!(RULE_TYPES as readonly unknown[]).includes(b.ruleType)) {
    return { field: 'ruleType', message: RULE_TEXTS.ruleTypeRequired };
  }
  return null;
}

const CONSTANT_NONE: RuleElement = { valueType: 'CONSTANT', value: null, transforms: [], aggregation: null };

function normalizeElement(el: RuleElement): RuleElement {
  if (el.valueType === 'CONSTANT') return { ...CONSTANT_NONE, value: el.value ?? null };
  return {
    valueType: 'COLUMN',
    dataSourceId: el.dataSourceId ?? null,
    columnName: el.columnName?.trim() || null,
    value: null,
    transforms: el.transforms.map(normalizeTransform),
    aggregation: el.aggregation ?? null,
  };
}

/**
 * The conditions as stored: in the spec's order and numbered from 1 (matching, primary filters, secondary
 * filters); matching conditions are never primary; a valueless operator drops its value; constants carry no
 * transforms; arguments only where the transform takes one.
 */
export function normalizeConditions(conditions: readonly RuleCondition[]): RuleCondition[] {
  return orderConditions(
    conditions.map((c) => ({
      ...(isGroupBy(c) ? normalizeGroupBy(c, CONSTANT_NONE) : c),
      conditionJointType: 'AND' as const,
      primaryCondition: c.ruleConditionType === 'FILTER' && c.primaryCondition,
      elementOne: normalizeElement(c.elementOne),
      elementSecond: isValueless(c.operator) || isGroupBy(c) ? CONSTANT_NONE : normalizeElement(c.elementSecond),
      tolerance: isGroupBy(c) ? null : (c.tolerance ?? null),
      toleranceType:
        isGroupBy(c) || c.tolerance === null || c.tolerance === undefined ? null : (c.toleranceType ?? 'AMOUNT'),
    })),
  );
}

type Resolved = { side: 'A' | 'B'; kind: ValueKind; columns: ReadonlyMap<string, ValueKind> };

/** Checks of one condition; answers the problem (without the condition number) or null. */
function conditionProblem(
  c: RuleCondition,
  ruleType: RuleType,
  ctx: RuleCheckContext,
  home: { dataSourceId: number | null },
): string | null {
  const sideOf = (id: number | null | undefined): RuleSide | null =>
    id === ctx.sideA.dataSourceId ? ctx.sideA : id === ctx.sideB.dataSourceId ? ctx.sideB : null;
  const P = CONDITION_PROBLEMS;

  /** Presence, recon membership and column of a column element. */
  const column = (el: RuleElement, label: string, missing: string): string | Resolved => {
    if (el.valueType !== 'COLUMN' || !el.dataSourceId) return missing;
    if (!el.columnName) return P.columnMissing(label);
    const side = sideOf(el.dataSourceId);
    if (!side) return P.notInRecon(label);
    const kind = side.columns.get(el.columnName);
    if (!kind) return P.unknownColumn(label, el.columnName);
    return { side: side === ctx.sideA ? 'A' : 'B', kind, columns: side.columns };
  };

  const one = column(c.elementOne, 'Element one', P.elementOneMissing);
  if (typeof one === 'string') return one;
  if (isGroupBy(c)) {
    const kind = transformedKind(c.elementOne.transforms, one.kind, one.columns);
    return 'problem' in kind ? kind.problem : groupByElementProblem(c);
  }
  const isMatching = c.ruleConditionType === 'MATCHING';
  const valueless = isValueless(c.operator);
  const twoIsColumn = !valueless && c.elementSecond.valueType === 'COLUMN';
  let two: Resolved | null = null;
  if (isMatching || twoIsColumn) {
    if (!isMatching && c.primaryCondition) return P.filterElementTwo;
    const resolved = column(c.elementSecond, 'Element two', P.elementTwoMissing);
    if (typeof resolved === 'string') return resolved;
    two = resolved;
  }

  // Sides: across the recon (A with B), or one data source throughout for reversals.
  if (SAME_SIDE_RULE_TYPES.includes(ruleType)) {
    home.dataSourceId ??= c.elementOne.dataSourceId ?? null;
    const sources = [c.elementOne.dataSourceId, ...(two ? [c.elementSecond.dataSourceId] : [])];
    if (sources.some((id) => id !== home.dataSourceId)) return P.sameSideNeeded;
  } else if (isMatching && ruleType !== 'KNOCK_OFF' && (one.side !== 'A' || two?.side !== 'B')) {
    return P.sidesCrossed;
  }

  const one1 = transformedKind(c.elementOne.transforms, one.kind, one.columns);
  if ('problem' in one1) return one1.problem;
  const two1 = two ? transformedKind(c.elementSecond.transforms, two.kind, two.columns) : null;
  if (two1 && 'problem' in two1) return two1.problem;
  const k1 = one1.kind;
  const k2 = two1 ? two1.kind : null;

  for (const [el, kind] of [
    [c.elementOne, k1],
    [c.elementSecond, k2],
  ] as const) {
    if (!el.aggregation || el.valueType !== 'COLUMN') continue;
    if (!isMatching) return P.aggregationInFilter;
    if (kind === null || !AGGREGATION_KINDS[el.aggregation].includes(kind)) {
      return el.aggregation === 'SUM' || el.aggregation === 'AVERAGE'
        ? P.aggregationNotNumber
        : P.aggregationNotOrdered;
    }
    // The engine groups by the keys and compares the aggregates with Equal, within the tolerance if any.
    if (c.operator !== 'EQUAL') return P.aggregationNeedsEqual;
  }

  const label = operatorLabel(c.operator);
  if (isMatching && !(MATCHING_OPERATORS as readonly string[]).includes(c.operator)) {
    return P.operatorNotForMatching(label);
  }
  if (!isMatching && two && isList(c.operator)) return P.operatorNotForColumns(label);
  if (k2 !== null && ORDERING_OPERATORS.includes(c.operator) && k1 !== k2) return P.typeMismatch(k1, k2);

  if (!isMatching && !valueless && !two) {
    const raw = c.elementSecond.value ?? '';
    if (raw.trim() === '') return P.valueRequired;
    if (isList(c.operator)) {
      const items = splitList(raw);
      if (items.length === 0) return P.valueRequired;
      if (isBetween(c.operator) && items.length !== 2) return P.betweenTwoValues;
      for (const item of items) {
        const problem = constantProblem(item, k1, true);
        if (problem) return problem;
      }
    } else if (!TEXT_OPERATORS.includes(c.operator)) {
      const problem = constantProblem(raw, k1, false);
      if (problem) return problem;
    }
  }

  if (c.tolerance !== null && c.tolerance !== undefined) {
    if (!isMatching) return P.toleranceOnFilter;
    if (c.tolerance < 0) return P.toleranceNegative;
    if (c.operator !== 'EQUAL') return P.toleranceNeedsEqual;
    if (k1 === 'text') return P.toleranceNotFor(k1);
    if (c.toleranceType === 'PERCENT' && k1 !== 'number') return P.percentNotFor(k1);
    if (k1 === 'date' && !Number.isInteger(c.tolerance)) return P.toleranceWholeDays;
  }
  return null;
}

const isAggregated = (c: RuleCondition) => Boolean(c.elementOne.aggregation || c.elementSecond.aggregation);
const hasTolerance = (c: RuleCondition) => c.tolerance !== null && c.tolerance !== undefined;
const isKey = (c: RuleCondition) =>
  c.ruleConditionType === 'MATCHING' && c.operator === 'EQUAL' && !hasTolerance(c) && !isAggregated(c);
/**
 * In a rule with an aggregate: Equal with a tolerance and no aggregate is a window — every row of a group lies
 * within the tolerance of the other side's value (e.g. each posting within ± 3 days of the bank date).
 */
const isWindow = (c: RuleCondition) =>
  c.ruleConditionType === 'MATCHING' && c.operator === 'EQUAL' && hasTolerance(c) && !isAggregated(c);

/** The problem of a matching condition beside an aggregate (keys need none), or null. */
function besideAggregateProblem(c: RuleCondition, grouped: ReadonlySet<number | null | undefined>): string | null {
  if (isKey(c)) return null;
  if (isAggregated(c)) {
    // A side grouped by another condition has many rows per unit: this element must say how they combine.
    const [label, el] = !c.elementOne.aggregation
      ? ['Element one', c.elementOne]
      : !c.elementSecond.aggregation
        ? ['Element two', c.elementSecond]
        : [null, null];
    return el && grouped.has(el.dataSourceId) ? CONDITION_PROBLEMS.aggregateOnGroupedSide(label) : null;
  }
  if (isWindow(c)) return c.toleranceType === 'PERCENT' ? CONDITION_PROBLEMS.percentOnWindow : null;
  return CONDITION_PROBLEMS.aggregatedRuleKeys;
}
const at = (c: RuleCondition, problem: string): RuleProblem => ({
  field: `conditions.${c.sequence - 1}`,
  message: conditionMessage(c.sequence, problem),
});
const ruleLevel = (message: string): RuleProblem => ({ field: 'conditions', message });

/** What the rule as a whole needs, on its enabled conditions: a join key, the knock-off shape, one aggregate. */
function ruleShapeProblem(ruleType: RuleType, conditions: readonly RuleCondition[]): RuleProblem | null {
  const enabled = conditions.filter((c) => c.conditionEnable);
  const matching = enabled.filter((c) => c.ruleConditionType === 'MATCHING');
  const filters = enabled.filter((c) => c.ruleConditionType === 'FILTER');
  const groupBys = enabled.filter(isGroupBy);
  if (ruleType === 'KNOCK_OFF') {
    if (groupBys[0]) return at(groupBys[0], CONDITION_PROBLEMS.groupByNeedsAggregate);
    if (matching.length > 0) return ruleLevel(RULE_TEXTS.knockOffNoMatching);
    if (filters.length === 0) return ruleLevel(RULE_TEXTS.knockOffNeedsFilters);
    const sources = new Set(
      filters.flatMap((c) =>
        [c.elementOne, c.elementSecond].filter((el) => el.valueType === 'COLUMN').map((el) => el.dataSourceId),
      ),
    );
    if (sources.size > 1) return ruleLevel(RULE_TEXTS.knockOffOneSide);
    return null;
  }
  if (matching.length === 0) return ruleLevel(RULE_TEXTS.noMatchingCondition);
  const aggregated = matching.filter(isAggregated);
  if (!matching.some(isKey) && (groupBys.length === 0 || aggregated.length === 0)) {
    return groupBys[0] && aggregated.length === 0
      ? at(groupBys[0], CONDITION_PROBLEMS.groupByNeedsAggregate)
      : ruleLevel(RULE_TEXTS.noJoinKey);
  }
  if (aggregated.length) {
    if (!AGGREGATING_RULE_TYPES.includes(ruleType)) return ruleLevel(RULE_TEXTS.aggregationNotForType);
    const grouped = new Set(
      aggregated.flatMap((c) =>
        [c.elementOne, c.elementSecond].filter((el) => el.aggregation).map((el) => el.dataSourceId),
      ),
    );
    for (const c of matching) {
      const problem = besideAggregateProblem(c, grouped);
      if (problem) return at(c, problem);
    }
    const groupBy = groupByShapeProblem(groupBys, grouped);
    if (groupBy) return at(groupBy.condition, groupBy.problem);
    const secondary = filters.find((c) => !c.primaryCondition);
    if (secondary) return at(secondary, CONDITION_PROBLEMS.secondaryWithAggregation);
  } else if (groupBys[0]) {
    return at(groupBys[0], CONDITION_PROBLEMS.groupByNeedsAggregate);
  } else if (ruleType === 'PARTIAL_RECONCILED') {
    return ruleLevel(RULE_TEXTS.partialNeedsAggregation);
  }
  return null;
}

/**
 * The first problem of a rule's conditions (already normalized: ordered and numbered), or null: every condition
 * in sequence order (enabled or not: a condition switched on later must already make sense), then the rule.
 */
export function firstRuleProblem(
  rule: { ruleType: RuleType; conditions: readonly RuleCondition[] },
  ctx: RuleCheckContext,
): RuleProblem | null {
  if (rule.conditions.length === 0) return ruleLevel(RULE_TEXTS.noConditions);
  const home = { dataSourceId: null as number | null };
  for (const c of rule.conditions) {
    const problem = conditionProblem(c, rule.ruleType, ctx, home);
    if (problem) return at(c, problem);
  }
  return ruleShapeProblem(rule.ruleType, rule.conditions);
}
