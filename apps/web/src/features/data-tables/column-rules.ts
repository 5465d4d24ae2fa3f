import {
  columnDefinedTwice,
  columnDefinitionProblem,
  createDataTableRequestSchema,
  DATA_TABLE_NAME_PATTERN,
  type DataTableColumnInput,
  type DataType,
  MAX_TEXT_LENGTH,
  MONEY_DATA_TYPES,
} from '@recon/contract';
import { DATA_TABLE_TEXTS } from '@recon/contract/texts';
import { type FieldMessages, groupByField } from '@/lib/form-errors';

/** One row of the column editor as the form holds it. */
export type ColumnDraft = {
  name?: string;
  dataType?: DataType;
  isMoney?: boolean;
  maxLength?: number | null;
};

export type TableDraft = { name?: string; description?: string; columns?: ColumnDraft[] };

export const NEW_COLUMN: ColumnDraft = { name: '', dataType: 'VARCHAR', isMoney: false, maxLength: null };

export const isMoneyType = (type: DataType | undefined) => type !== undefined && MONEY_DATA_TYPES.includes(type);

/** What a column row sends: the money flag only for DOUBLE / FLOAT, a maximum length only for VARCHAR. */
export function toColumnInput(c: ColumnDraft): DataTableColumnInput {
  const dataType = c.dataType ?? 'VARCHAR';
  return {
    name: (c.name ?? '').trim(),
    dataType,
    isMoney: isMoneyType(dataType) ? (c.isMoney ?? true) : false,
    maxLength: dataType === 'VARCHAR' ? (c.maxLength ?? null) : null,
  };
}

/** The table name's problem, with the server's messages. */
export function tableNameProblem(value: string | undefined): string | null {
  const name = (value ?? '').trim();
  if (!name) return DATA_TABLE_TEXTS.nameRequired;
  return DATA_TABLE_NAME_PATTERN.test(name) ? null : DATA_TABLE_TEXTS.namePattern;
}

/** A column name's problem: the contract's column check, then a name used by an earlier row. */
export function columnNameProblem(columns: readonly ColumnDraft[], index: number): string | null {
  const column = columns[index];
  if (!column) return null;
  const problem = columnDefinitionProblem(toColumnInput(column));
  if (problem?.field === 'name') return problem.message;
  const name = (column.name ?? '').trim();
  const isRepeated = columns.slice(0, index).some((other) => (other.name ?? '').trim() === name);
  return isRepeated ? columnDefinedTwice(name) : null;
}

export function maxLengthProblem(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value < 1) return 'Maximum length must be at least 1';
  return value > MAX_TEXT_LENGTH ? `Maximum length must be at most ${MAX_TEXT_LENGTH}` : null;
}

/**
 * Every problem of the whole form as the server would report it (the same schema decides), grouped by
 * field; list-level problems (no columns, too many) come under ['columns'].
 */
export function tableDraftProblems(draft: TableDraft): FieldMessages[] {
  const parsed = createDataTableRequestSchema.safeParse({
    name: draft.name ?? '',
    description: draft.description ?? '',
    columns: (draft.columns ?? []).map(toColumnInput),
  });
  if (parsed.success) return [];
  return groupByField(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
}
