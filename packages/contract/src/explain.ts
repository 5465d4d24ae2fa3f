import { z } from 'zod';

// Explain (issue 4): why a row is in its state. For a matched row: the rule that matched it, its counterparts, and
// each condition's values on both sides. For an open row: under each enabled rule, the nearest candidates on the
// other side and, per condition, whether it held — the first failing condition is what kept the pair apart.

export const explainQuerySchema = z.object({
  reconId: z.coerce.number().int().positive(),
  dataSourceId: z.coerce.number().int().positive(),
  rowId: z.coerce.number().int().positive(),
});

export const explainConditionSchema = z.object({
  sequence: z.number().int(),
  ruleConditionType: z.enum(['MATCHING', 'FILTER', 'GROUP_BY']),
  /** A readable form: "A.reference |Trim|Uppercase = B.utr |Trim|Uppercase (± 0.01)". */
  text: z.string(),
  /** Element one's value on this row (after transforms), as text; null when NULL. */
  valueOne: z.string().nullable(),
  /** Element two's value on the candidate (or the constant). */
  valueTwo: z.string().nullable(),
  holds: z.boolean(),
});
export type ExplainCondition = z.infer<typeof explainConditionSchema>;

export const explainCandidateSchema = z.object({
  dataSourceId: z.number().int(),
  rowId: z.number().int(),
  /** The candidate's status (it may already be matched elsewhere). */
  status: z.string(),
  /** Conditions that held, of the enabled ones. */
  held: z.number().int(),
  total: z.number().int(),
  conditions: z.array(explainConditionSchema),
  /** The candidate's user columns, for display. */
  row: z.record(z.string(), z.unknown()),
});

/** One condition with Sum or Average: the group's total against the other unit's value. Amounts as decimal text. */
export const explainGroupTotalSchema = z.object({
  sequence: z.number().int(),
  text: z.string(),
  /** How the group side is added up: SUM, AVERAGE…; null when that element names none (it is summed). */
  aggregation: z.string().nullable(),
  /** The group side's column the total adds up (to format it: money or not). */
  columnName: z.string().nullable(),
  /** The group's total (or average) of the condition's element. */
  groupValue: z.string().nullable(),
  /** The single row's value (or, when both sides add up, the other group's total). */
  rowValue: z.string().nullable(),
  /** groupValue − rowValue for amounts, exact; null for dates and text. */
  difference: z.string().nullable(),
  holds: z.boolean(),
});
export type ExplainGroupTotal = z.infer<typeof explainGroupTotalSchema>;

export const explainGroupMemberSchema = z.object({
  rowId: z.number().int(),
  status: z.string(),
  /** Each total's element on this row (before adding up), in the order of `totals`. */
  values: z.array(z.string().nullable()),
  row: z.record(z.string(), z.unknown()),
});

/**
 * A group of a rule with Sum or Average (many-to-one, one-to-many): the rows of the side that adds up, held against
 * one row of the other side (the counterpart) — keys per condition, totals with the difference.
 */
export const explainGroupSchema = z.object({
  /** The data source whose rows the rule adds up. */
  dataSourceId: z.number().int(),
  rowCount: z.number().int(),
  /** The group's rows by id (at most 50; rowCount says how many there are). */
  members: z.array(explainGroupMemberSchema),
  /** The row the group is held against (rowCount 1), or the other side's group when both sides add up. */
  counterpart: z.object({ dataSourceId: z.number().int(), rowId: z.number().int(), rowCount: z.number().int() }),
  /** The equality keys: element one's and two's values (null when a group's rows do not share one). */
  keys: z.array(explainConditionSchema),
  totals: z.array(explainGroupTotalSchema),
  held: z.number().int(),
  total: z.number().int(),
});
export type ExplainGroup = z.infer<typeof explainGroupSchema>;

export const explainRuleSchema = z.object({
  ruleId: z.number().int(),
  name: z.string(),
  ruleType: z.string(),
  /** Why the rule did not apply to this row at all (a primary filter excludes it, another side's rule…). */
  excludedBy: z.string().nullable(),
  candidates: z.array(explainCandidateSchema),
  /** Rules with Sum or Average: the nearest candidate groups (at most 5), most conditions met, then smallest difference. */
  groups: z.array(explainGroupSchema).optional(),
});

export const explainResponseSchema = z.object({
  dataSourceId: z.number().int(),
  rowId: z.number().int(),
  status: z.string(),
  matchId: z.number().int().nullable(),
  row: z.record(z.string(), z.unknown()),
  /** Matched rows: the rule that closed the row (null for a manual match or a knock-off by a person). */
  matchedBy: z
    .object({
      ruleId: z.number().int().nullable(),
      name: z.string().nullable(),
      runId: z.number().int(),
      reason: z.string().nullable(),
    })
    .nullable(),
  /** Matched rows: the other rows of its group, with the conditions evaluated against this row. */
  counterparts: z.array(explainCandidateSchema),
  /** Matched by a rule with Sum or Average: the group's totals against the row it was matched with. */
  group: explainGroupSchema.optional(),
  /** Open rows: per enabled rule, the nearest candidates (at most 5) and the conditions that failed. */
  rules: z.array(explainRuleSchema),
});
export type ExplainResponse = z.infer<typeof explainResponseSchema>;
