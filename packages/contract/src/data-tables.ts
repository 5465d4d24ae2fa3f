import { z } from 'zod';

// Schemas of the data-tables calls (spec 2): admin-created tables, their columns, duplicate-check configs.

export const DATA_TYPES = ['BIGINT', 'DATE', 'DATETIME', 'DOUBLE', 'INT', 'VARCHAR', 'FLOAT'] as const;
export type DataType = (typeof DATA_TYPES)[number];
/** "amount columns are DOUBLE or FLOAT": only these may hold money (stored exact, as numeric). */
export const MONEY_DATA_TYPES: readonly DataType[] = ['DOUBLE', 'FLOAT'];
export const DATE_DATA_TYPES: readonly DataType[] = ['DATE', 'DATETIME'];
/** Numeric data elements eligible for fee calculation. */
export const NUMERIC_DATA_TYPES: readonly DataType[] = ['DOUBLE', 'FLOAT', 'BIGINT', 'INT'];

export const DATA_TABLE_KINDS = ['DATA', 'MASTER'] as const;
export type DataTableKind = (typeof DATA_TABLE_KINDS)[number];

// Same rules as the server's DDL guard: lower-case, starting with a letter; a table name short enough that
// m<module>_<name>_history fits PostgreSQL's 63-byte identifiers.
export const DATA_TABLE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const DATA_TABLE_COLUMN_NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
export const MAX_DATA_TABLE_COLUMNS = 200;
/** "a text value is valid only up to 65000 characters". */
export const MAX_TEXT_LENGTH = 65_000;
export const DATA_TABLE_DESCRIPTION_MAX = 500;
/** "status-column options are those named status or status_N". */
export const STATUS_COLUMN_PATTERN = /^status(_\d+)?$/;
/** The engine's own status column, always offered with the status columns. */
export const RECON_STATUS_COLUMN = '_recon_status';

export const DATA_TABLE_TEXTS = {
  nameRequired: 'Name is Required',
  namePattern:
    'Table name must start with a lower-case letter and use only lower-case letters, digits and _ (at most 40 characters)',
  nameTaken: 'A data table with this name already exists',
  columnsRequired: 'At least one column is required',
  tooManyColumns: `A data table can have at most ${MAX_DATA_TABLE_COLUMNS} columns`,
  columnNameRequired: 'Column name is Required',
  dataTypeInvalid: `Data type must be one of ${DATA_TYPES.join(', ')}`,
  notFound: 'Data table not found',
  tableRequired: 'Table is Required',
  duplicateColumnsRequired: 'Select at least one column',
  duplicateConfigNotFound: 'Duplicate check config not found',
  duplicateConfigDeleted: 'Duplicate check config deleted',
} as const;

export const columnNameReserved = (name: string) =>
  `Column "${name}" may not start with _ (reserved for system columns)`;
export const columnNamePattern = (name: string) =>
  `Column "${name}" must start with a lower-case letter and use only lower-case letters, digits and _ (at most 63 characters)`;
export const columnDefinedTwice = (name: string) => `Column "${name}" is defined more than once`;
export const columnAlreadyExists = (name: string) => `Column "${name}" already exists in this table`;
export const columnMoneyType = (name: string) => `Column "${name}" can hold money only as DOUBLE or FLOAT`;
export const columnMaxLengthType = (name: string) => `Column "${name}": a maximum length applies only to VARCHAR`;
export const columnNotInTable = (name: string, table: string) => `Column "${name}" does not exist in table ${table}`;

export type DataTableColumnInput = {
  name: string;
  dataType: DataType;
  isMoney?: boolean | undefined;
  maxLength?: number | null | undefined;
};

/** The first problem of one column definition, or null. Shared by the create form and the server. */
export function columnDefinitionProblem(
  c: DataTableColumnInput,
): { field: 'name' | 'isMoney' | 'maxLength'; message: string } | null {
  const name = c.name.trim();
  if (!name) return { field: 'name', message: DATA_TABLE_TEXTS.columnNameRequired };
  if (name.startsWith('_')) return { field: 'name', message: columnNameReserved(name) };
  if (!DATA_TABLE_COLUMN_NAME_PATTERN.test(name)) return { field: 'name', message: columnNamePattern(name) };
  if (c.isMoney && !MONEY_DATA_TYPES.includes(c.dataType)) return { field: 'isMoney', message: columnMoneyType(name) };
  if (c.maxLength != null && c.dataType !== 'VARCHAR')
    return { field: 'maxLength', message: columnMaxLengthType(name) };
  return null;
}

/** isMoney defaults to true for DOUBLE and FLOAT: amounts are exact unless the admin says otherwise. */
export const isMoneyColumn = (c: Pick<DataTableColumnInput, 'dataType' | 'isMoney'>) =>
  c.isMoney ?? MONEY_DATA_TYPES.includes(c.dataType);

export const dataTableColumnInputSchema = z
  .object({
    name: z.string({ error: DATA_TABLE_TEXTS.columnNameRequired }).trim(),
    dataType: z.enum(DATA_TYPES, { error: DATA_TABLE_TEXTS.dataTypeInvalid }),
    isMoney: z.boolean().optional(),
    maxLength: z
      .number()
      .int()
      .min(1, 'Maximum length must be at least 1')
      .max(MAX_TEXT_LENGTH, `Maximum length must be at most ${MAX_TEXT_LENGTH}`)
      .nullish(),
  })
  .superRefine((c, ctx) => {
    const p = columnDefinitionProblem(c);
    if (p) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });

export const createDataTableRequestSchema = z
  .object({
    name: z
      .string({ error: DATA_TABLE_TEXTS.nameRequired })
      .trim()
      .min(1, { error: DATA_TABLE_TEXTS.nameRequired, abort: true })
      .regex(DATA_TABLE_NAME_PATTERN, DATA_TABLE_TEXTS.namePattern),
    description: z.string().trim().max(DATA_TABLE_DESCRIPTION_MAX).default(''),
    columns: z
      .array(dataTableColumnInputSchema, { error: DATA_TABLE_TEXTS.columnsRequired })
      .min(1, DATA_TABLE_TEXTS.columnsRequired)
      .max(MAX_DATA_TABLE_COLUMNS, DATA_TABLE_TEXTS.tooManyColumns),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.columns.forEach((c, i) => {
      if (seen.has(c.name))
        ctx.addIssue({ code: 'custom', path: ['columns', i, 'name'], message: columnDefinedTwice(c.name) });
      seen.add(c.name);
    });
  });
export type CreateDataTableRequest = z.infer<typeof createDataTableRequestSchema>;

/** One column added to an existing table (main, history and invalid tables together). */
export const addDataTableColumnRequestSchema = dataTableColumnInputSchema;
export type AddDataTableColumnRequest = z.infer<typeof addDataTableColumnRequestSchema>;

export const dataTableRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(DATA_TABLE_KINDS),
  description: z.string(),
  columnCount: z.number().int(),
  tableName: z.string(),
  createdAt: z.string(),
});
export type DataTableRow = z.infer<typeof dataTableRowSchema>;

export const dataTableColumnSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  dataType: z.enum(DATA_TYPES),
  isMoney: z.boolean(),
  maxLength: z.number().int().nullable(),
  sequence: z.number().int(),
});
export type DataTableColumn = z.infer<typeof dataTableColumnSchema>;

export const duplicateCheckConfigSchema = z.object({
  id: z.number().int(),
  dataTableId: z.number().int(),
  tableName: z.string(),
  columnNames: z.array(z.string()),
  isEnabled: z.boolean(),
});
export type DuplicateCheckConfig = z.infer<typeof duplicateCheckConfigSchema>;

export const dataTableDetailSchema = dataTableRowSchema.extend({
  historyTableName: z.string(),
  invalidTableName: z.string(),
  updatedAt: z.string(),
  columns: z.array(dataTableColumnSchema),
  duplicateCheck: duplicateCheckConfigSchema.nullable(),
});
export type DataTableDetail = z.infer<typeof dataTableDetailSchema>;

const tableParam = z
  .string({ error: DATA_TABLE_TEXTS.tableRequired })
  .trim()
  .min(1, DATA_TABLE_TEXTS.tableRequired)
  .describe('The physical table name (m<module>_<name>) or the logical name, in the selected module');
const ignoredStart = z.coerce
  .number()
  .int()
  .min(0)
  .default(0)
  .describe('Accepted for the client; every column is answered');

export const tableColumnsQuerySchema = z.object({
  Find: z.enum(['WithType']).optional().describe('WithType (the only mode): each column with its data type'),
  table: tableParam,
  start: ignoredStart,
});

/** A column as pickers see it: user columns in their order, then the system columns (`_…`). */
export const tableColumnSchema = z.object({
  name: z.string(),
  type: z.enum(DATA_TYPES),
  isMoney: z.boolean(),
  isSystem: z.boolean(),
});
export type TableColumn = z.infer<typeof tableColumnSchema>;
export const tableColumnsResponseSchema = z.object({ data: z.array(tableColumnSchema) });

export const statusColumnsQuerySchema = z.object({ table: tableParam, start: ignoredStart });

export const duplicateCheckConfigQuerySchema = z.object({
  Find: z
    .enum(['TableName'])
    .optional()
    .describe("TableName (the only mode): the table's config, `{ data: [] }` when none"),
  tableName: z
    .string({ error: DATA_TABLE_TEXTS.tableRequired })
    .trim()
    .min(1, DATA_TABLE_TEXTS.tableRequired)
    .describe('Physical or logical table name'),
});
export const duplicateCheckConfigsResponseSchema = z.object({ data: z.array(duplicateCheckConfigSchema) });

export const saveDuplicateCheckConfigRequestSchema = z.object({
  tableName: z.string({ error: DATA_TABLE_TEXTS.tableRequired }).trim().min(1, DATA_TABLE_TEXTS.tableRequired),
  columnNames: z
    .array(z.string().trim().min(1, DATA_TABLE_TEXTS.duplicateColumnsRequired), {
      error: DATA_TABLE_TEXTS.duplicateColumnsRequired,
    })
    .min(1, DATA_TABLE_TEXTS.duplicateColumnsRequired),
  isEnabled: z.boolean().default(true),
});
export type SaveDuplicateCheckConfigRequest = z.infer<typeof saveDuplicateCheckConfigRequestSchema>;
