import type { EngineCondition, EngineElement, EngineRule, ReconInput } from './model.ts';
import { sideOf } from './rule-sql.ts';

/** What explain and "try this rule" say about conditions: their readable text and their verdicts. */

export type ExplainedCondition = {
  sequence: number;
  ruleConditionType: EngineCondition['ruleConditionType'];
  text: string;
  valueOne: string | null;
  valueTwo: string | null;
  holds: boolean;
};

const OPERATOR_TEXT: Record<string, string> = {
  EQUAL: '=',
  NOT_EQUAL: '≠',
  GREATER_THAN: '>',
  LESS_THAN: '<',
  GREATER_THAN_EQUAL: '≥',
  LESS_THAN_EQUAL: '≤',
};
const TRANSFORM_TEXT: Record<string, string> = {
  ABSOLUTE: 'Absolute',
  ADD: 'Add',
  DIVIDE: 'Divide',
  DATE: 'Date',
  LEFT_TRIM: 'Left Trim',
  LOWERCASE: 'Lowercase',
  MULTIPLY: 'Multiply',
  RIGHT_TRIM: 'Right Trim',
  ROUND: 'Round',
  SUBTRACT: 'Subtract',
  TRIM: 'Trim',
  UPPERCASE: 'Uppercase',
  REGEX_EXTRACT: 'Extract',
  REGEX_REPLACE: 'Replace',
  SUBSTRING: 'Substring',
  SPLIT_PART: 'Split part',
  PAD_LEFT: 'Pad left',
  DIGITS_ONLY: 'Digits only',
  CONCAT: 'Concat',
  PARSE_DATE: 'Parse date',
  PARSE_TIMESTAMP: 'Parse timestamp',
  EPOCH_SECONDS: 'Epoch seconds',
  EPOCH_MILLIS: 'Epoch milliseconds',
  PLUS_COLUMN: 'Plus column',
  MINUS_COLUMN: 'Minus column',
};

/**
 * A transform as a person reads it: "Trim", "Add 5", "Extract (pattern: NEFT-([A-Z0-9]+)-, group: 1)". Named
 * arguments keep their names, so a pattern never runs into the next argument (the labels are the contract's, which
 * the engine does not import).
 */
function transformText(t: NonNullable<EngineElement['transforms']>[number]): string {
  const label = TRANSFORM_TEXT[t.type] ?? t.type;
  const args = Object.entries(t.args ?? {}).filter(([, v]) => v !== null && v !== undefined);
  if (args.length)
    return `${label} (${args.map(([k, v]) => `${k}: ${typeof v === 'string' && /^\s|\s$|^$/.test(v) ? JSON.stringify(v) : v}`).join(', ')})`;
  return t.argument === null || t.argument === undefined ? label : `${label} ${t.argument}`;
}
const AGGREGATION_TEXT: Record<string, string> = { SUM: 'Sum', AVERAGE: 'Average', MIN: 'Minimum', MAX: 'Maximum' };

export function elementText(input: ReconInput, el: EngineElement): string {
  if (el.valueType === 'CONSTANT') return `"${el.value ?? ''}"`;
  const side = sideOf(input, el) ?? '?';
  const transforms = (el.transforms ?? []).map((t) => ` |${transformText(t)}`);
  const agg = el.aggregation ? ` |${AGGREGATION_TEXT[el.aggregation] ?? el.aggregation}` : '';
  return `${side}.${el.columnName ?? ''}${transforms.join('')}${agg}`;
}

export function conditionText(input: ReconInput, c: EngineCondition): string {
  if (c.ruleConditionType === 'GROUP_BY') {
    return `Group ${sideOf(input, c.elementOne) ?? '?'} by ${elementText(input, c.elementOne)}`;
  }
  const op = OPERATOR_TEXT[c.operator] ?? c.operator.replaceAll('_', ' ').toLowerCase();
  const tol =
    c.tolerance !== null && c.tolerance !== undefined
      ? ` (± ${c.tolerance}${c.toleranceType === 'PERCENT' ? ' %' : ''})`
      : '';
  if (c.operator === 'IS_NULL' || c.operator === 'IS_NOT_NULL') return `${elementText(input, c.elementOne)} ${op}`;
  return `${elementText(input, c.elementOne)} ${op} ${elementText(input, c.elementSecond)}${tol}`;
}

export const enabledConditions = (rule: EngineRule) =>
  [...rule.conditions].filter((c) => c.conditionEnable).sort((a, b) => a.sequence - b.sequence);

/** A row's own columns: system columns (`_…`) and the verdict columns of a query left out. */
export function userColumns(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !k.startsWith('_') && !/^(v1|v2|h)_\d+$/.test(k)));
}
