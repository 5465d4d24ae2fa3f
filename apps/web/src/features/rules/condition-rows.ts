import {
  type DataElement,
  LIST_OPERATORS,
  MATCHING_OPERATORS,
  normalizeConditions,
  orderConditions,
  RULE_NAME_MAX,
  RULE_TRANSFORMS,
  type RuleCheckContext,
  type RuleCondition,
  type RuleConditionType,
  type RuleDetail,
  type RuleElement,
  type RuleTransform,
  type RuleType,
  SAME_SIDE_RULE_TYPES,
  type SaveRuleRequest,
  TRANSFORM_KINDS,
  type ValueKind,
  valueKindOf,
} from '@recon/contract';
import { FILTER_OPERATORS, type FilterOperator } from '@recon/contract/constants';

/** A condition of the editor: the contract's shape plus a key that survives renumbering. */
export type ConditionRow = RuleCondition & { key: string };

/** One side of the recon as the editor knows it: its data source and the columns rules may read. */
export type SideInfo = { side: 'A' | 'B'; dataSourceId: number; name: string; elements: readonly DataElement[] };
export type Sides = { a: SideInfo | null; b: SideInfo | null };

let lastKey = 0;
const nextKey = () => {
  lastKey += 1;
  return `condition-${lastKey}`;
};

const column = (dataSourceId: number | null): RuleElement => ({
  valueType: 'COLUMN',
  dataSourceId,
  columnName: null,
  value: null,
  transforms: [],
  aggregation: null,
});
const constant = (value = ''): RuleElement => ({ valueType: 'CONSTANT', value, transforms: [], aggregation: null });

/** Where a new element points: side A, and side A again for element two of a same-side rule. */
function defaultSources(sides: Sides, ruleType: RuleType | undefined) {
  const a = sides.a?.dataSourceId ?? null;
  const b = sides.b?.dataSourceId ?? null;
  return { one: a, two: ruleType && SAME_SIDE_RULE_TYPES.includes(ruleType) ? a : b };
}

/**
 * The side a Group by groups: the one whose elements carry Sum, Average, Minimum or Maximum (side A while no
 * condition says so).
 */
export function groupedSource(rows: readonly RuleCondition[], sides: Sides): number | null {
  const aggregated = rows
    .filter((r) => r.ruleConditionType === 'MATCHING')
    .flatMap((r) => [r.elementOne, r.elementSecond])
    .find((el) => el.valueType === 'COLUMN' && el.aggregation);
  return aggregated?.dataSourceId ?? sides.a?.dataSourceId ?? null;
}

/**
 * A new condition: matching compares side A with side B on Equal; a filter is primary, against a value; a Group
 * by takes a column of the side that is added up (`rows`: the rule's conditions so far).
 */
export function blankCondition(
  type: RuleConditionType,
  sides: Sides,
  ruleType?: RuleType,
  rows: readonly RuleCondition[] = [],
): ConditionRow {
  const sources = defaultSources(sides, ruleType);
  if (type === 'GROUP_BY') {
    const blank = blankCondition('FILTER', sides, ruleType);
    return asGroupBy({ ...blank, elementOne: column(groupedSource(rows, sides)) }, rows, sides);
  }
  return {
    key: nextKey(),
    sequence: 0,
    ruleConditionType: type,
    conditionJointType: 'AND',
    primaryCondition: type === 'FILTER',
    conditionEnable: true,
    elementOne: column(sources.one),
    operator: 'EQUAL',
    elementSecond: type === 'MATCHING' ? column(sources.two) : constant(),
    tolerance: null,
  };
}

/** Spec 2 §4: matching first, then Group by, then primary filters, then secondary filters, numbered from 1. */
export const ordered = (rows: readonly ConditionRow[]): ConditionRow[] => orderConditions(rows);

export const withRow = (rows: readonly ConditionRow[], row: ConditionRow) => ordered([...rows, row]);
export const withoutRow = (rows: readonly ConditionRow[], key: string) => ordered(rows.filter((r) => r.key !== key));

/**
 * Replaces one row. A change of kind (matching ↔ filter, primary ↔ secondary) moves the row to its place in
 * the order at once, so the numbers shown are the numbers the server's messages use.
 */
export function changeRow(rows: readonly ConditionRow[], key: string, next: ConditionRow): ConditionRow[] {
  const before = rows.find((r) => r.key === key);
  const replaced = rows.map((r) => (r.key === key ? next : r));
  const isMoved =
    before &&
    (before.ruleConditionType !== next.ruleConditionType || before.primaryCondition !== next.primaryCondition);
  return isMoved ? ordered(replaced) : replaced;
}

/** A row as a Group by: a column (kept when it is one) of the added-up side, nothing else. */
function asGroupBy(row: ConditionRow, rows: readonly RuleCondition[], sides: Sides): ConditionRow {
  const isColumn = row.elementOne.valueType === 'COLUMN' && row.elementOne.dataSourceId;
  return {
    ...row,
    ruleConditionType: 'GROUP_BY',
    primaryCondition: false,
    operator: 'EQUAL',
    elementOne: isColumn ? { ...row.elementOne, aggregation: null } : column(groupedSource(rows, sides)),
    elementSecond: constant(),
    tolerance: null,
    toleranceType: null,
  };
}

/** A row switched to the other condition type, with what the new type does not take cleared. */
export function switchType(
  row: ConditionRow,
  type: RuleConditionType,
  sides: Sides,
  ruleType?: RuleType,
  rows: readonly RuleCondition[] = [],
): ConditionRow {
  if (row.ruleConditionType === type) return row;
  if (type === 'GROUP_BY') return asGroupBy(row, rows, sides);
  const sources = defaultSources(sides, ruleType);
  const elementOne = { ...row.elementOne, aggregation: null };
  if (type === 'FILTER') {
    return {
      ...row,
      ruleConditionType: type,
      primaryCondition: true,
      elementOne,
      elementSecond: constant(),
      tolerance: null,
    };
  }
  const operator = (MATCHING_OPERATORS as readonly string[]).includes(row.operator) ? row.operator : 'EQUAL';
  return {
    ...row,
    ruleConditionType: type,
    primaryCondition: false,
    operator,
    elementOne,
    elementSecond: row.elementSecond.valueType === 'COLUMN' ? row.elementSecond : column(sources.two),
  };
}

/** The rows of a saved rule, in its order. */
export const rowsOf = (conditions: readonly RuleCondition[]): ConditionRow[] =>
  ordered(conditions.map((c) => ({ ...c, key: nextKey() })));

/** Points elements of the old recon's sides at the new recon's sides (side A to side A, B to B). */
export function remapSides(rows: readonly ConditionRow[], from: Sides, to: Sides): ConditionRow[] {
  const map = new Map<number | null | undefined, number | null>([
    [from.a?.dataSourceId, to.a?.dataSourceId ?? null],
    [from.b?.dataSourceId, to.b?.dataSourceId ?? null],
  ]);
  const remap = (el: RuleElement): RuleElement =>
    el.valueType === 'COLUMN' && map.has(el.dataSourceId) ? { ...el, dataSourceId: map.get(el.dataSourceId) } : el;
  return rows.map((r) => ({ ...r, elementOne: remap(r.elementOne), elementSecond: remap(r.elementSecond) }));
}

export const sideOf = (sides: Sides, dataSourceId: number | null | undefined): SideInfo | null =>
  sides.a?.dataSourceId === dataSourceId ? sides.a : sides.b?.dataSourceId === dataSourceId ? sides.b : null;

/** What an element's value is after its transforms, or null while it has no known column (or a misfit). */
export function elementKind(el: RuleElement, sides: Sides): ValueKind | null {
  if (el.valueType !== 'COLUMN') return null;
  const type = sideOf(sides, el.dataSourceId)?.elements.find((e) => e.name === el.columnName)?.type;
  if (!type) return null;
  let kind: ValueKind = valueKindOf(type);
  for (const t of el.transforms) {
    const spec = TRANSFORM_KINDS[t.type];
    if (!spec.input.includes(kind)) return null;
    if (spec.output !== 'same') kind = spec.output;
  }
  return kind;
}

/** Transforms that take values of this kind (all of them while the kind is unknown). */
export const transformsFor = (kind: ValueKind | null): RuleTransform[] =>
  RULE_TRANSFORMS.filter((t) => kind === null || TRANSFORM_KINDS[t].input.includes(kind));

/** Operators a row may use: matching ones between sides; a filter against a column takes no list. */
export function operatorsFor(row: RuleCondition): readonly FilterOperator[] {
  if (row.ruleConditionType === 'MATCHING') return MATCHING_OPERATORS;
  if (row.elementSecond.valueType === 'COLUMN') {
    return FILTER_OPERATORS.filter((o) => !(LIST_OPERATORS as readonly string[]).includes(o));
  }
  return FILTER_OPERATORS;
}

/** A tolerance goes with Equal between amounts or dates. */
export const takesTolerance = (row: RuleCondition, kindOne: ValueKind | null) =>
  row.ruleConditionType === 'MATCHING' && row.operator === 'EQUAL' && (kindOne === 'number' || kindOne === 'date');

/** The contract's check context for the loaded sides, or null until both are known. */
export function checkContextOf(sides: Sides): RuleCheckContext | null {
  if (!sides.a || !sides.b) return null;
  const side = (s: SideInfo) => ({
    dataSourceId: s.dataSourceId,
    columns: new Map(s.elements.map((e) => [e.name, valueKindOf(e.type)] as const)),
  });
  return { sideA: side(sides.a), sideB: side(sides.b) };
}

export type RuleHead = {
  name: string;
  description?: string | null;
  reconId?: number;
  ruleType?: RuleType;
  enabled: boolean;
};

/** The save body: the head as typed and the conditions in the stored order (keys dropped). */
export function toSaveRequest(head: RuleHead, rows: readonly ConditionRow[], id?: number): SaveRuleRequest {
  const conditions = rows.map(({ key: _key, ...c }) => c);
  return {
    ...(id !== undefined ? { id } : {}),
    reconId: head.reconId as number,
    name: head.name.trim(),
    description: head.description?.trim() ?? '',
    ruleType: head.ruleType as RuleType,
    enabled: head.enabled,
    conditions: normalizeConditions(conditions),
  };
}

/** The index of the condition a server or editor message points at (`conditions.2` → 2), if any. */
export function problemIndex(field: string | undefined): number | null {
  const m = /^conditions\.(\d+)/.exec(field ?? '');
  return m ? Number(m[1]) : null;
}

/** The head of a copy: "Copy of …", within the name limit. */
export function copyHead(detail: RuleDetail): RuleHead {
  return {
    name: `Copy of ${detail.name}`.slice(0, RULE_NAME_MAX),
    description: detail.description,
    reconId: detail.reconId,
    ruleType: detail.ruleType,
    enabled: detail.enabled,
  };
}
