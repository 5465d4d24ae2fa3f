import { z } from 'zod';
import { saveRuleRequestSchema } from './rules.ts';

// "Try this rule" (issue 9 §B): a rule as it is being edited, unsaved, on a few rows picked on each side. Our
// extension (not in the spec): POST /v2/rules/try. Read-only on the server.

/** Pairs grow as the product of the rows picked: at most this many a side. */
export const TRY_RULE_ROWS_MAX = 20;

export const TRY_RULE_TEXTS = {
  tooManyRows: `Pick at most ${TRY_RULE_ROWS_MAX} rows a side`,
  noRows: 'Pick at least one row to try the rule on',
} as const;

const rowIds = z.array(z.number().int().positive()).max(TRY_RULE_ROWS_MAX, TRY_RULE_TEXTS.tooManyRows).default([]);

/**
 * The rule in the save-rule request shape; its name, description, id and enabled flag do not matter here and are
 * ignored (an unnamed rule can be tried). `reconId` is the recon whose sides the rows belong to.
 */
export const tryRuleRequestSchema = z
  .object({
    reconId: saveRuleRequestSchema.shape.reconId,
    rule: saveRuleRequestSchema.pick({ ruleType: true, conditions: true }),
    rowIdsA: rowIds,
    rowIdsB: rowIds,
  })
  .refine((b) => b.rowIdsA.length + b.rowIdsB.length > 0, { message: TRY_RULE_TEXTS.noRows, path: ['rowIdsA'] });
export type TryRuleRequest = z.input<typeof tryRuleRequestSchema>;

const side = z.enum(['A', 'B']);

const triedElementSchema = z.object({
  /** The side whose rows the element reads; null for a constant. */
  side: side.nullable(),
  /** "A.reference |Trim" or the constant. */
  text: z.string(),
  /** The element's value on each picked row of its side, transforms applied (never added up), as text. */
  values: z.array(z.object({ rowId: z.number().int(), value: z.string().nullable() })),
});

export const triedConditionSchema = z.object({
  sequence: z.number().int(),
  ruleConditionType: z.enum(['MATCHING', 'FILTER', 'GROUP_BY']),
  primaryCondition: z.boolean(),
  text: z.string(),
  elementOne: triedElementSchema,
  elementSecond: triedElementSchema,
});
export type TriedCondition = z.infer<typeof triedConditionSchema>;

export const triedRowSchema = z.object({
  side,
  dataSourceId: z.number().int(),
  rowId: z.number().int(),
  status: z.string(),
  /** A run considers open rows only. */
  isOpen: z.boolean(),
  /** The filters that select rows of this side (primary filters; every filter of a knock off). */
  filters: z.array(z.object({ sequence: z.number().int(), holds: z.boolean() })),
  /** The row's columns as text (money exact, dates ISO). */
  values: z.record(z.string(), z.string().nullable()),
});
export type TriedRow = z.infer<typeof triedRowSchema>;

const triedUnitSchema = z.object({ side, rowIds: z.array(z.number().int()) });

export const triedPairSchema = z.object({
  /** A row of side A (or, for a rule with Sum or Average on side A, the picked rows of A as one group). */
  first: triedUnitSchema,
  /** A row of side B, or B's picked rows as one group. Same-side rules: two rows of the same side. */
  second: triedUnitSchema,
  /** Each condition comparing the two (matching conditions, secondary filters), by sequence. */
  verdicts: z.array(
    z.object({
      sequence: z.number().int(),
      holds: z.boolean(),
      /** Element one's value (a group's total for the condition with Sum or Average). */
      valueOne: z.string().nullable(),
      valueTwo: z.string().nullable(),
      /** A total against a row: group − row, exact. */
      difference: z.string().nullable(),
    }),
  ),
  held: z.number().int(),
  total: z.number().int(),
});
export type TriedPair = z.infer<typeof triedPairSchema>;

export const tryRuleResponseSchema = z.object({
  /** Sides the rule adds up (their picked rows are one group). */
  aggregatedSides: z.array(side),
  /** Same-side rules: the side both elements read. */
  sameSide: side.nullable(),
  conditions: z.array(triedConditionSchema),
  rows: z.array(triedRowSchema),
  pairs: z.array(triedPairSchema),
  /** Ids picked that are not rows of their side. */
  missing: z.object({ A: z.array(z.number().int()), B: z.array(z.number().int()) }),
});
export type TryRuleResponse = z.infer<typeof tryRuleResponseSchema>;
