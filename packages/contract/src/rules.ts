import { z } from 'zod';
import { FILTER_OPERATORS, type FilterOperator } from './constants.ts';
import { RULE_TRANSFORMS, type ValueKind } from './rule-transforms.ts';

// Schemas of the recon-rules calls (spec 2 §3 "Recon rule condition", §7 "Recons and rules"). A rule belongs to a
// recon; its type is the status it gives the rows it closes; its conditions say which rows pair up.

export const RULE_TYPES = [
  'RECONCILED',
  'RELAX_MATCH',
  'PROPOSE_MATCH',
  'SAME_SIDE_REVERSAL',
  'LATE_REVERSAL',
  'DUPLICATE_MATCH',
  'PARTIAL_RECONCILED',
  'KNOCK_OFF',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];
export const RULE_TYPE_LABELS: Record<RuleType, string> = {
  RECONCILED: 'Reconciled',
  RELAX_MATCH: 'Relax match',
  PROPOSE_MATCH: 'Propose match',
  SAME_SIDE_REVERSAL: 'Same side reversal',
  LATE_REVERSAL: 'Late reversal',
  DUPLICATE_MATCH: 'Duplicate match',
  PARTIAL_RECONCILED: 'Partial reconciled',
  KNOCK_OFF: 'Knock off',
};
/** Rule types whose conditions compare two rows of the same data source. */
export const SAME_SIDE_RULE_TYPES: readonly RuleType[] = ['SAME_SIDE_REVERSAL', 'LATE_REVERSAL'];

/**
 * GROUP_BY: how the side an aggregate adds up is grouped, besides its Equal keys — element one is a column of that
 * side (transforms allowed); operator (stored EQUAL), element two and tolerance mean nothing. With it a rule can
 * add up a side by a column the other side lacks (settlement components per settlement id ↔ one bank credit).
 */
export const RULE_CONDITION_TYPES = ['MATCHING', 'FILTER', 'GROUP_BY'] as const;
export type RuleConditionType = (typeof RULE_CONDITION_TYPES)[number];
export const CONDITION_JOINT_TYPES = ['AND'] as const;

export * from './rule-transforms.ts';

export const RULE_AGGREGATIONS = ['SUM', 'AVERAGE', 'MIN', 'MAX'] as const;
export type RuleAggregation = (typeof RULE_AGGREGATIONS)[number];
export const RULE_AGGREGATION_LABELS: Record<RuleAggregation, string> = {
  SUM: 'Sum',
  AVERAGE: 'Average',
  MIN: 'Minimum',
  MAX: 'Maximum',
};
/** What each aggregation takes: Sum and Average add amounts; Minimum and Maximum also take dates (earliest, latest). */
export const AGGREGATION_KINDS: Record<RuleAggregation, readonly ValueKind[]> = {
  SUM: ['number'],
  AVERAGE: ['number'],
  MIN: ['number', 'date'],
  MAX: ['number', 'date'],
};
/** The aggregations a value of this kind can take (none while the kind is unknown). */
export const aggregationsFor = (kind: ValueKind | null): RuleAggregation[] =>
  kind ? RULE_AGGREGATIONS.filter((a) => AGGREGATION_KINDS[a].includes(kind)) : [];

/**
 * How a tolerance reads: AMOUNT (the default) allows |one − two| ≤ tolerance (an amount, or days for dates);
 * PERCENT allows |one − two| ≤ |one| × tolerance / 100, element one (side A) being the base — amounts only.
 */
export const TOLERANCE_TYPES = ['AMOUNT', 'PERCENT'] as const;
export type ToleranceType = (typeof TOLERANCE_TYPES)[number];
export const TOLERANCE_TYPE_LABELS: Record<ToleranceType, string> = { AMOUNT: 'Amount', PERCENT: '%' };

/** An element is a column of a data source (with transforms, optionally aggregated) or a constant value. */
export const ELEMENT_VALUE_TYPES = ['COLUMN', 'CONSTANT'] as const;
export type ElementValueType = (typeof ELEMENT_VALUE_TYPES)[number];

/** Operators a MATCHING condition may use between the two sides (the others are for filters). */
export const MATCHING_OPERATORS = [
  'EQUAL',
  'NOT_EQUAL',
  'GREATER_THAN',
  'LESS_THAN',
  'GREATER_THAN_EQUAL',
  'LESS_THAN_EQUAL',
  'CONTAINS',
  'STARTS_WITH',
  'ENDS_WITH',
] as const;
/** Filter operators that take no value. */
export const VALUELESS_OPERATORS = ['IS_NULL', 'IS_NOT_NULL'] as const;
/** Filter operators whose value is a comma-separated list (BETWEEN: exactly two). */
export const LIST_OPERATORS = ['IN', 'NOT_IN', 'BETWEEN', 'NOT_BETWEEN'] as const;

export const RULE_NAME_MAX = 100;
export const RULE_DESCRIPTION_MAX = 500;
export const RULE_VALUE_MAX = 65000;

export const RULE_TEXTS = {
  nameRequired: 'Rule Name is Required',
  nameTooLong: `Rule name must be at most ${RULE_NAME_MAX} characters`,
  nameTaken: 'A rule with this name already exists in this recon',
  reconRequired: 'Recon is Required',
  ruleTypeRequired: 'Rule Type is Required',
  notFound: 'Rule not found',
  groupNotFound: 'Rule group not found',
  reconNotFound: 'Recon not found',
  reconWithoutSides: 'The recon needs its side A and side B data sources before it can have rules',
  noConditions: 'Add at least one condition',
  noMatchingCondition: 'Add at least one enabled matching condition',
  noJoinKey:
    'Add at least one enabled matching condition with Equal and no tolerance (the engine pairs rows on it), or a Group by in a rule with Sum, Average, Minimum or Maximum',
  knockOffNeedsFilters: 'A knock off rule closes the rows its filters select: add at least one enabled filter',
  knockOffOneSide: 'A knock off rule filters the rows of one data source',
  knockOffNoMatching: 'A knock off rule has filters only, no matching conditions',
  partialNeedsAggregation: 'A partial reconciled rule needs a Sum, Average, Minimum or Maximum condition',
  groupRulesMismatch: 'The rules must be exactly the rules of this recon',
  saved: 'Rule saved successfully',
  created: 'Rule created successfully',
  orderSaved: 'Rule order saved',
  aggregationNotForType:
    'Sum, Average, Minimum and Maximum apply to Reconciled, Relax match, Propose match and Partial reconciled rules',
  idRequired: 'id is Required',
} as const;

/** Messages about one condition start with its number, so the person knows which row of the editor to fix. */
export const conditionMessage = (sequence: number, problem: string) => `Condition ${sequence}: ${problem}`;
export const CONDITION_PROBLEMS = {
  elementOneMissing: 'choose element one',
  elementTwoMissing: 'choose element two',
  columnMissing: (element: string) => `${element} needs a column`,
  unknownColumn: (element: string, column: string) => `${element} column "${column}" is not in its data source`,
  notInRecon: (element: string) => `${element} must be a data source of this recon`,
  sidesCrossed: 'element one must be on side A and element two on side B',
  sameSideNeeded: 'both elements must be columns of the same data source for this rule type',
  typeMismatch: (one: ValueKind, two: ValueKind) => `element one is ${one} but element two is ${two}`,
  transformNotFor: (transform: string, kind: ValueKind) => `${transform} does not apply to ${kind} values`,
  transformArgument: (transform: string) => `${transform} needs a number`,
  divideByZero: 'Divide by 0 is not allowed',
  roundPlaces: 'Round takes 0 to 10 decimal places',
  badNumber: (value: string) => `"${value}" is not a number`,
  badDate: (value: string) => `"${value}" is not a date (YYYY-MM-DD)`,
  valueRequired: 'enter a value',
  betweenTwoValues: 'Between takes two values separated by a comma',
  operatorNotForMatching: (operator: string) => `${operator} cannot compare two sides`,
  toleranceNotFor: (kind: ValueKind) => `a tolerance applies to amounts and dates, not ${kind} values`,
  toleranceNegative: 'the tolerance cannot be negative',
  toleranceNeedsEqual: 'a tolerance goes with Equal',
  aggregationNotNumber: 'Sum and Average apply to number columns',
  aggregationNotOrdered: 'Minimum and Maximum apply to number and date columns',
  aggregatedRuleKeys:
    'in a rule with Sum, Average, Minimum or Maximum, every other matching condition must be Equal: a key, an aggregate, or a window with a tolerance that every row of the group must lie in',
  aggregateOnGroupedSide: (element: string) =>
    `${element} is on a side grouped by an aggregate: give it Sum, Average, Minimum or Maximum too`,
  percentNotFor: (kind: ValueKind) => `a percentage tolerance applies to amounts, not ${kind} values`,
  percentOnWindow:
    'a percentage tolerance applies to a total or to two amounts, not to a window over the rows of a group',
  filterElementTwo: 'a primary filter compares a column with a value',
  aggregationInFilter: 'Sum, Average, Minimum and Maximum go in matching conditions, not filters',
  aggregationNeedsEqual: 'Sum, Average, Minimum and Maximum compare with Equal (a tolerance allows a difference)',
  toleranceOnFilter: 'a tolerance applies to matching conditions, not filters',
  toleranceWholeDays: 'a date tolerance is a whole number of days',
  secondaryWithAggregation: 'a rule with Sum, Average, Minimum or Maximum cannot have secondary filters',
  groupByAggregation: 'Group by takes a column as it is: Sum, Average, Minimum and Maximum go in matching conditions',
  groupByNeedsAggregate:
    'Group by applies to rules with Sum, Average, Minimum or Maximum in a matching condition: it says how the added-up side is grouped',
  groupByOtherSide:
    'Group by takes a column of the side that is added up (the side with Sum, Average, Minimum or Maximum)',
  operatorNotForColumns: (operator: string) => `${operator} takes values, not a column`,
} as const;

/** How the editor and the messages name the spec's filter operators. */
export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  EQUAL: 'Equal',
  NOT_EQUAL: 'Not equal',
  GREATER_THAN: 'Greater than',
  LESS_THAN: 'Less than',
  GREATER_THAN_EQUAL: 'Greater than or equal',
  LESS_THAN_EQUAL: 'Less than or equal',
  IN: 'In',
  NOT_IN: 'Not in',
  LIKE: 'Like',
  NOT_LIKE: 'Not like',
  BETWEEN: 'Between',
  NOT_BETWEEN: 'Not between',
  IS_NULL: 'Is empty',
  IS_NOT_NULL: 'Is not empty',
  CONTAINS: 'Contains',
  STARTS_WITH: 'Starts with',
  ENDS_WITH: 'Ends with',
};

const numberArg = z.number().finite().nullable().optional();

/**
 * A transform: the spec's ones keep their number in `argument`; the others take named `args` (the catalogue in
 * rule-transforms.ts says which, with their limits; the rule checks validate them).
 */
export const ruleTransformSchema = z.object({
  type: z.enum(RULE_TRANSFORMS),
  argument: numberArg,
  args: z
    .record(z.string().max(40), z.union([z.string().max(500), z.number().finite(), z.null()]))
    .refine((args) => Object.keys(args).length <= 8, 'a transform takes at most 8 arguments')
    .nullable()
    .optional(),
});

export const ruleElementSchema = z.object({
  valueType: z.enum(ELEMENT_VALUE_TYPES),
  /** COLUMN: the data source whose column this is. */
  dataSourceId: z.number().int().positive().nullable().optional(),
  /** COLUMN: the data element (table column) name. */
  columnName: z.string().trim().max(63).nullable().optional(),
  /** CONSTANT: the value; a comma-separated list for IN / NOT_IN / BETWEEN / NOT_BETWEEN. */
  value: z.string().max(RULE_VALUE_MAX).nullable().optional(),
  transforms: z.array(ruleTransformSchema).max(12).default([]),
  aggregation: z.enum(RULE_AGGREGATIONS).nullable().optional(),
});
export type RuleElement = z.infer<typeof ruleElementSchema>;

export const ruleConditionSchema = z.object({
  sequence: z.number().int().min(1),
  ruleConditionType: z.enum(RULE_CONDITION_TYPES),
  conditionJointType: z.enum(CONDITION_JOINT_TYPES).default('AND'),
  /** FILTER only: a primary filter selects the rows of one side before pairing; a secondary one judges pairs. */
  primaryCondition: z.boolean().default(false),
  conditionEnable: z.boolean().default(true),
  elementOne: ruleElementSchema,
  operator: z.enum(FILTER_OPERATORS).default('EQUAL'),
  elementSecond: ruleElementSchema,
  /** MATCHING with EQUAL on amounts (± this amount, or this percentage of element one) or dates (± days). */
  tolerance: z.number().finite().nullable().optional(),
  /** How the tolerance reads (TOLERANCE_TYPES); absent or null is AMOUNT, so rules saved before it stay valid. */
  toleranceType: z.enum(TOLERANCE_TYPES).nullable().optional(),
});
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

const nameField = z
  .string({ error: RULE_TEXTS.nameRequired })
  .trim()
  .min(1, RULE_TEXTS.nameRequired)
  .max(RULE_NAME_MAX, RULE_TEXTS.nameTooLong);

/** POST /v2/rules (no id) and PUT /v2/rules (with id). */
export const saveRuleRequestSchema = z.object({
  id: z.number().int().positive().optional(),
  reconId: z.number({ error: RULE_TEXTS.reconRequired }).int().positive(),
  name: nameField,
  description: z.string().trim().max(RULE_DESCRIPTION_MAX).nullish(),
  ruleType: z.enum(RULE_TYPES, { error: RULE_TEXTS.ruleTypeRequired }),
  enabled: z.boolean().default(true),
  conditions: z.array(ruleConditionSchema).max(50),
});
export type SaveRuleRequest = z.infer<typeof saveRuleRequestSchema>;

export const ruleSummarySchema = z.object({
  id: z.number().int(),
  reconId: z.number().int(),
  name: z.string(),
  description: z.string(),
  ruleType: z.enum(RULE_TYPES),
  sequence: z.number().int(),
  enabled: z.boolean(),
  conditionCount: z.number().int(),
  updatedAt: z.string(),
});
export type RuleSummary = z.infer<typeof ruleSummarySchema>;

export const ruleDetailSchema = ruleSummarySchema.extend({
  reconName: z.string(),
  ruleGroupId: z.number().int(),
  conditions: z.array(ruleConditionSchema),
  createdAt: z.string(),
});
export type RuleDetail = z.infer<typeof ruleDetailSchema>;

export const rulesQuerySchema = z.object({
  Find: z.enum(['SelectedRuleByRecon']).describe('SelectedRuleByRecon: the rules of one recon in their order'),
  reconId: z.coerce.number().int().positive(),
});
/** `ruleGroupId`: the recon's group (for GET / PUT /v2/rulegroups), null until its first rule is saved. */
export const rulesByReconResponseSchema = z.object({
  data: z.array(ruleSummarySchema),
  ruleGroupId: z.number().int().nullable(),
});
export type RulesByRecon = z.infer<typeof rulesByReconResponseSchema>;

/** GET /v2/rulegroups/{id}: a recon's ordered rules. */
export const ruleGroupSchema = z.object({
  id: z.number().int(),
  reconId: z.number().int(),
  reconName: z.string(),
  rules: z.array(ruleSummarySchema),
  updatedAt: z.string(),
});
export type RuleGroup = z.infer<typeof ruleGroupSchema>;

/** PUT /v2/rulegroups: the new order (and enable flags) of every rule of the group. */
export const updateRuleGroupRequestSchema = z.object({
  id: z.number().int().positive(),
  rules: z
    .array(z.object({ id: z.number().int().positive(), sequence: z.number().int().min(1), enabled: z.boolean() }))
    .min(1),
});
export type UpdateRuleGroupRequest = z.infer<typeof updateRuleGroupRequestSchema>;

/**
 * Spec 2 §4: matching conditions first, then primary filters, then secondary filters; numbered from 1. Group by
 * conditions go right after the matching ones. Within each kind the given order is kept.
 */
export function orderConditions<C extends { ruleConditionType: RuleConditionType; primaryCondition: boolean }>(
  conditions: readonly C[],
): (C & { sequence: number })[] {
  const rank = (c: C) =>
    c.ruleConditionType === 'MATCHING' ? 0 : c.ruleConditionType === 'GROUP_BY' ? 1 : c.primaryCondition ? 2 : 3;
  return conditions
    .map((c, i) => ({ c, i }))
    .sort((x, y) => rank(x.c) - rank(y.c) || x.i - y.i)
    .map(({ c }, i) => ({ ...c, sequence: i + 1 }));
}
