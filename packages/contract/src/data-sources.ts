import { z } from 'zod';
import { COUNT_METHODS } from './data-source-form.ts';
import { DATA_TYPES } from './data-tables.ts';
import { pagedQuerySchema } from './paging.ts';

// Schemas of the data-sources calls (spec 2). The ordered form checks live in data-source-form.ts.

export const DATA_SOURCE_NAME_MAX = 100;
export const DATA_ELEMENT_INPUT_TYPE_MAX = 30;
/** Largest limit a data source stores: numeric(20,4). */
export const LIMIT_PATTERN = /^\d{1,16}(\.\d{1,4})?$/;

export const DATA_SOURCE_TEXTS = {
  notFound: 'Data source not found',
  stateLocked: 'This data source has reconciled rows: roll back its recon runs before giving it another table or recon',
  nameTaken: 'Data source name already exists',
  nameAvailable: 'Data source name is available',
  nameTooLong: `Name must be at most ${DATA_SOURCE_NAME_MAX} characters`,
  productMismatch: 'Product must be the selected product',
  otherModule: 'Data sources can only be read in the selected module',
  reconNotFound: 'Recon not found',
  pipelineNotFound: 'Pipeline not found',
  invalidPipelineNotFound: 'Invalid Pipeline not found',
  tableNotFound: 'Data table not found',
  reconRequired: 'Recon is Required',
  sequenceListRequired: 'Provide at least one data source',
  sequenceOneRecon: 'Data sources must all belong to one recon',
  sequenceDuplicateId: 'Each data source may appear only once',
  dataElementNotFound: 'Data element not found',
  dataSourceIdRequired: 'dataSourceId is Required',
  elementNameRequired: 'Name is Required',
} as const;
export const limitFormat = (label: string) => `${label} must be a number of at least 0 with at most 4 decimals`;
export const limitWholeNumber = (label: string) => `${label} must be a whole number of records`;
export const limitPercentage = (label: string) => `${label} cannot exceed 100 percent`;
export const pipelineTableMismatch = (pipeline: string, table: string) =>
  `Pipeline ${pipeline} does not load into table ${table}`;
export const historyTableMismatch = (expected: string) => `History Table must be ${expected}`;
export const invalidTableMismatch = (expected: string) => `Invalid Table must be ${expected}`;
export const elementTypeIncompatible = (type: string, column: string, columnType: string) =>
  `Type ${type} is not compatible with column "${column}" (${columnType})`;
export const elementAlreadyExists = (name: string) => `Data element "${name}" already exists`;

export const refSchema = z.object({ id: z.number().int(), name: z.string() });
export type Ref = z.infer<typeof refSchema>;

export const dataElementSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  inputType: z.string(),
  type: z.enum(DATA_TYPES),
  active: z.boolean(),
  sequence: z.number().int(),
});
export type DataElement = z.infer<typeof dataElementSchema>;
export const dataElementsResponseSchema = z.object({ data: z.array(dataElementSchema) });

export const dataSourceRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  recon: refSchema,
  pipeline: refSchema,
  table: z.string(),
  sequence: z.number().int(),
  isActive: z.boolean(),
  dataElementCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataSourceRow = z.infer<typeof dataSourceRowSchema>;

export const dataSourceDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product: refSchema,
  recon: refSchema,
  pipeline: refSchema,
  pipelineIdForInvalidData: z.number().int(),
  invalidPipeline: refSchema,
  dataTableId: z.number().int(),
  table: z.string(),
  historyTable: z.string(),
  invalidTable: z.string(),
  /** Limits are exact decimals, sent as strings. */
  maxDuplicateRecord: z.string(),
  maxDuplicateRecordCountMethod: z.enum(COUNT_METHODS).nullable(),
  maxInvalidRecord: z.string(),
  maxInvalidRecordCountMethod: z.enum(COUNT_METHODS).nullable(),
  sequence: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  dataElements: z.array(dataElementSchema),
});
export type DataSourceDetail = z.infer<typeof dataSourceDetailSchema>;

export const dataSourcesQuerySchema = pagedQuerySchema.extend({
  Find: z
    .enum(['ByModule', 'ByRecon', 'validateDataSourceName'])
    .optional()
    .describe(
      "ByModule (+moduleId): every data source of the module, `{ data }`. ByRecon (+recon, optional moduleId): that recon's data sources by sequence, `{ data }`. validateDataSourceName (+name, optional id to exclude): `{ data: { isValid, message } }`. Without Find: a DataTables page.",
    ),
  moduleId: z.coerce.number().int().positive().optional().describe('Must be the selected module when sent'),
  recon: z.coerce.number().int().positive().optional(),
  id: z.coerce.number().int().positive().optional(),
  name: z.string().optional().describe('validateDataSourceName: the name to check; DataTables list: a name filter'),
  reconName: z.string().optional(),
  pipelineName: z.string().optional(),
  table: z.string().optional(),
});
export const dataSourcesByResponseSchema = z.object({ data: z.array(dataSourceRowSchema) });
export const dataSourceNameCheckResponseSchema = z.object({
  data: z.object({ isValid: z.boolean(), message: z.string() }),
});

export const dataSourceDetailQuerySchema = z.object({
  find: z.enum(['DataElements']).optional().describe('DataElements: only the data elements, by sequence, `{ data }`'),
});

const formRef = z.union([
  z.number().int(),
  z.string(),
  z.object({ id: z.union([z.number().int(), z.string()]).nullish(), name: z.string().nullish() }),
]);
const limit = z.union([z.string(), z.number()]).nullish();
const countMethod = z.union([z.enum(COUNT_METHODS), z.literal('')]).nullish();

export const dataElementInputSchema = z.object({
  name: z.string({ error: DATA_SOURCE_TEXTS.elementNameRequired }).trim().min(1, DATA_SOURCE_TEXTS.elementNameRequired),
  inputType: z.string().trim().min(1).max(DATA_ELEMENT_INPUT_TYPE_MAX).optional(),
  type: z.enum(DATA_TYPES, { error: `Type must be one of ${DATA_TYPES.join(', ')}` }),
  active: z.boolean().default(true),
  sequence: z.number().int().min(1).optional(),
});
export type DataElementInput = z.infer<typeof dataElementInputSchema>;

/**
 * Create / edit body. Every field is optional here so the spec's ordered checks
 * (`validateDataSourceForm`) decide which message comes first.
 */
export const dataSourceRequestSchema = z.object({
  id: z.number().int().positive().optional(),
  product: formRef.nullish(),
  name: z.string().nullish(),
  recon: formRef.nullish(),
  pipeline: formRef.nullish(),
  pipelineIdForInvalidData: formRef.nullish(),
  maxDuplicateRecord: limit,
  maxDuplicateRecordCountMethod: countMethod,
  maxInvalidRecord: limit,
  maxInvalidRecordCountMethod: countMethod,
  table: z.string().nullish(),
  historyTable: z.string().nullish(),
  invalidTable: z.string().nullish(),
  isActive: z.boolean().optional(),
  /** On create only: the elements to start with; by default every user column of the table. */
  dataElements: z.array(dataElementInputSchema).optional(),
});
export type DataSourceRequest = z.infer<typeof dataSourceRequestSchema>;

export const duplicateDataSourceRequestSchema = z.object({
  name: z.string({ error: 'Name is Required' }).trim().min(1, 'Name is Required').max(DATA_SOURCE_NAME_MAX),
  reconId: z.coerce.number({ error: DATA_SOURCE_TEXTS.reconRequired }).int().positive(DATA_SOURCE_TEXTS.reconRequired),
});
export type DuplicateDataSourceRequest = z.infer<typeof duplicateDataSourceRequestSchema>;

export const dataSourcesPutQuerySchema = z.object({
  Operation: z
    .enum(['UpdateSequence'])
    .optional()
    .describe('UpdateSequence: the body is a list of `{ id, sequence }` of one recon; without it: edit (body with id)'),
});
/** Items may be whole data source objects; only id and sequence are read. */
export const updateSequenceRequestSchema = z
  .array(z.object({ id: z.number().int().positive(), sequence: z.number().int().min(1) }), {
    error: DATA_SOURCE_TEXTS.sequenceListRequired,
  })
  .min(1, DATA_SOURCE_TEXTS.sequenceListRequired);
export type UpdateSequenceRequest = z.infer<typeof updateSequenceRequestSchema>;

export const dataElementQuerySchema = z.object({
  dataSourceId: z.coerce
    .number({ error: DATA_SOURCE_TEXTS.dataSourceIdRequired })
    .int()
    .positive(DATA_SOURCE_TEXTS.dataSourceIdRequired),
});
export const createDataElementRequestSchema = dataElementInputSchema;
export const updateDataElementRequestSchema = z.object({
  id: z.number({ error: 'id is Required' }).int().positive(),
  name: z.string().trim().min(1, DATA_SOURCE_TEXTS.elementNameRequired).optional(),
  inputType: z.string().trim().min(1).max(DATA_ELEMENT_INPUT_TYPE_MAX).optional(),
  type: z.enum(DATA_TYPES).optional(),
  active: z.boolean().optional(),
  sequence: z.number().int().min(1).optional(),
});
export type UpdateDataElementRequest = z.infer<typeof updateDataElementRequestSchema>;

/** The input type a new element gets from its column type. */
export function defaultInputType(type: (typeof DATA_TYPES)[number]): string {
  if (type === 'DATE' || type === 'DATETIME') return type;
  if (type === 'VARCHAR') return 'TEXT';
  return 'NUMBER';
}

/** Element and column types are compatible within a family: whole numbers, decimals, or the same type. */
export function isCompatibleType(elementType: string, columnType: string): boolean {
  const family = (t: string) =>
    t === 'INT' || t === 'BIGINT' ? 'INTEGER' : t === 'DOUBLE' || t === 'FLOAT' ? 'DECIMAL' : t;
  return family(elementType) === family(columnType);
}
