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
  ruleConditionType: z.enum(['MATCHING', 'FILTER']),
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

export const explainRuleSchema = z.object({
  ruleId: z.number().int(),
  name: z.string(),
  ruleType: z.string(),
  /** Why the rule did not apply to this row at all (a primary filter excludes it, another side's rule…). */
  excludedBy: z.string().nullable(),
  candidates: z.array(explainCandidateSchema),
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
  /** Open rows: per enabled rule, the nearest candidates (at most 5) and the conditions that failed. */
  rules: z.array(explainRuleSchema),
});
export type ExplainResponse = z.infer<typeof explainResponseSchema>;
