import { z } from 'zod';
import { DATA_TYPES, type DataType } from './data-tables.ts';
import {
  type DateProposal,
  dateFormatSchema,
  FILE_KINDS,
  MAX_DATE_FORMATS,
  NO_SKIP_RULES,
  numberFormatSchema,
  skipRulesSchema,
} from './file-formats.ts';

// Schemas of the pipelines and file-upload-config calls (spec 2).

/** "Pipeline sources" of spec 2 §3, in its order. */
export const PIPELINE_SOURCES = [
  'RAZORPAY',
  'PAYU',
  'PAYTM',
  'FILE',
  'CASHFREE',
  'OCI',
  'MICROSOFT_D_365',
  'SHOPIFY',
  'MYNTRA',
  'MYNTRA_PRODUCT_LISTINGS',
  'FLIPKART_ORDER_API',
  'EASEBUZZ',
  'SHIPROCKET',
  'UNICOMMERCE',
  'SQL_LOADER',
  'GOLDEN_GATE',
] as const;
export type PipelineSource = (typeof PIPELINE_SOURCES)[number];

/** Pending offers Configure, Configured offers Edit, Not Required (connector sources) offers nothing. */
export const FILE_UPLOAD_CONFIG_STATUSES = ['Pending', 'Configured', 'Not Required'] as const;
export type FileUploadConfigStatus = (typeof FILE_UPLOAD_CONFIG_STATUSES)[number];

export const INGESTION_MODES = ['Upload', 'API', 'AMAZON_S3', 'SFTP'] as const;
export type IngestionMode = (typeof INGESTION_MODES)[number];
/** "Upload (shown as Manual)". */
export const INGESTION_MODE_LABELS: Record<IngestionMode, string> = {
  Upload: 'Manual',
  API: 'API',
  AMAZON_S3: 'AMAZON_S3',
  SFTP: 'SFTP',
};

export const CSV_DELIMITERS = [',', ';', '|', '\t'] as const;
export const PREVIEW_ROW_COUNT = 20;
/** Raw lines of a text sample shown in the preview (so preamble, footer and fixed positions can be seen). */
export const PREVIEW_LINE_COUNT = 30;
export const PREVIEW_LINE_CHARS = 500;
/** The widest file a config maps by position (a column number or a fixed-width end). */
export const MAX_FILE_COLUMNS = 1000;
export const MAX_FIXED_WIDTH_END = 100_000;
export const PIPELINE_NAME_MAX = 100;
export const MAX_HEADER_ROW = 1000;

export const PIPELINE_TEXTS = {
  nameRequired: 'Name is Required',
  nameTooLong: `Name must be at most ${PIPELINE_NAME_MAX} characters`,
  nameTaken: 'A pipeline with this name already exists',
  sourceRequired: 'Source is Required',
  sourceInvalid: `Source must be one of ${PIPELINE_SOURCES.join(', ')}`,
  dataTableRequired: 'Data Table is Required',
  dataTableNotFound: 'Data table not found',
  dataTableLocked: 'The data table of a pipeline cannot change once files have been loaded through it',
  notFound: 'Pipeline not found',
  configNotFound: 'File upload config not found',
  configExists: 'This pipeline already has a file upload config',
  configNotRequired: 'Only a FILE pipeline has a file upload config',
  fileKindRequired: 'File Type is Required',
  fileKindInvalid: 'File Type must be csv (delimited), fixed_width or xlsx',
  headerRowInvalid: `Header row must be a whole number from 1 to ${MAX_HEADER_ROW}`,
  delimiterInvalid: 'Delimiter must be one of , ; | or tab',
  ingestionModeInvalid: `Ingestion mode must be one of ${INGESTION_MODES.join(', ')}`,
  mappingsRequired: 'Map at least one file column',
  fileColumnRequired: 'File column is Required',
  tableColumnRequired: 'Table column is Required',
  dateFormatsTooMany: `At most ${MAX_DATE_FORMATS} date formats per column`,
  fixedWidthNeedsPositions: 'A fixed-width column needs its start and length',
  numberFormatNotAllowed: 'Only a number column takes a number format',
  bucketRequired: 'Bucket is Required',
  hostRequired: 'Host is Required',
  pipelineIdRequired: 'Pipeline is Required',
  fileRequired: 'Please select a file',
} as const;

export const fileColumnMappedTwice = (name: string) => `File column "${name}" is mapped more than once`;
export const tableColumnMappedTwice = (name: string) => `Table column "${name}" is mapped more than once`;
export const tableColumnUnknown = (name: string) => `Table column "${name}" is not a column of the pipeline's table`;
export const tableColumnTypeMismatch = (name: string, actual: DataType) =>
  `Table column "${name}" is ${actual}: map it with data type ${actual}`;
export const dateFormatRequired = (name: string) => `Table column "${name}" needs a date format`;
export const dateFormatNotAllowed = (name: string) => `Table column "${name}" is not a date: it takes no date format`;
export const fixedWidthPositionsRequired = (name: string) =>
  `Fixed-width column "${name}" needs its start (1 or more) and length`;
export const columnNumberTaken = (n: number) => `Column ${n} of the file is mapped more than once`;
export const skipColumnUnknown = (name: string) => `Skip rule column "${name}" is not a file column of this config`;
export const numberFormatNotAllowed = (name: string) =>
  `Table column "${name}" is not a number: it takes no number format`;

export const dataTableRefSchema = z.object({ id: z.number().int(), name: z.string(), tableName: z.string() });

export const pipelineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  source: z.enum(PIPELINE_SOURCES),
  dataTable: dataTableRefSchema,
  fileUploadConfigStatus: z.enum(FILE_UPLOAD_CONFIG_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;
export const pipelinesResponseSchema = z.object({ data: z.array(pipelineSchema) });

export const pipelineRequestSchema = z.object({
  name: z
    .string({ error: PIPELINE_TEXTS.nameRequired })
    .trim()
    .min(1, PIPELINE_TEXTS.nameRequired)
    .max(PIPELINE_NAME_MAX, PIPELINE_TEXTS.nameTooLong),
  description: z.string().trim().max(500).default(''),
  source: z.enum(PIPELINE_SOURCES, {
    error: (i) => (i.input === undefined ? PIPELINE_TEXTS.sourceRequired : PIPELINE_TEXTS.sourceInvalid),
  }),
  dataTableId: z.number({ error: PIPELINE_TEXTS.dataTableRequired }).int().positive(PIPELINE_TEXTS.dataTableRequired),
});
export type PipelineRequest = z.infer<typeof pipelineRequestSchema>;

/**
 * One column of the file, in file order. tableColumn null: the file has this column but nothing loads it (it
 * still belongs to the expected header, so its presence is no "additional column").
 * - dateFormats: the patterns a date column is read with, tried in order (`DD/MM/YYYY`, then `DD/MM/YY`);
 *   dateFormat, the first of them, is what older clients send and read.
 * - numberFormat: how a number column is written (Dr/Cr, currency, scale …); null: plain, grouped, signed.
 * - columnNumber: in a file without a header, the column's position (1 = first); null: its place in this list.
 * - start, length: in a fixed-width file, where the column is cut from each line (characters, 1 = first).
 * - fillDown: a blank cell takes the last non-blank value of the column above it, skipped rows included (a
 *   settlement report fills its deposit date on the summary row only; the component rows below it carry it).
 */
export const fileMappingSchema = z.object({
  fileColumn: z
    .string({ error: PIPELINE_TEXTS.fileColumnRequired })
    .trim()
    .min(1, PIPELINE_TEXTS.fileColumnRequired)
    .max(200),
  tableColumn: z.string().trim().min(1, PIPELINE_TEXTS.tableColumnRequired).nullable().default(null),
  dataType: z.enum(DATA_TYPES).nullable().default(null),
  dateFormat: dateFormatSchema.nullable().default(null),
  dateFormats: z.array(dateFormatSchema).max(MAX_DATE_FORMATS, PIPELINE_TEXTS.dateFormatsTooMany).optional(),
  numberFormat: numberFormatSchema.nullable().default(null),
  isRequired: z.boolean().default(false),
  columnNumber: z.number().int().min(1).max(MAX_FILE_COLUMNS).nullable().default(null),
  start: z.number().int().min(1).max(MAX_FIXED_WIDTH_END).nullable().default(null),
  length: z.number().int().min(1).max(MAX_FIXED_WIDTH_END).nullable().default(null),
  fillDown: z.boolean().default(false),
});
export type FileMappingInput = z.infer<typeof fileMappingSchema>;

/** Where AMAZON_S3 / SFTP files come from. Credentials are not stored with the config. */
export const fileConnectionSchema = z.object({
  bucket: z.string().trim().max(255).optional(),
  region: z.string().trim().max(64).optional(),
  prefix: z.string().trim().max(1024).optional(),
  host: z.string().trim().max(255).optional(),
  port: z.number().int().min(1).max(65_535).optional(),
  username: z.string().trim().max(255).optional(),
  directory: z.string().trim().max(1024).optional(),
});
export type FileConnection = z.infer<typeof fileConnectionSchema>;

export const fileUploadConfigRequestSchema = z.object({
  fileKind: z.enum(FILE_KINDS, {
    error: (i) => (i.input === undefined ? PIPELINE_TEXTS.fileKindRequired : PIPELINE_TEXTS.fileKindInvalid),
  }),
  sheetName: z.string().trim().max(31).nullable().default(null),
  headerRow: z
    .number({ error: PIPELINE_TEXTS.headerRowInvalid })
    .int(PIPELINE_TEXTS.headerRowInvalid)
    .min(1, PIPELINE_TEXTS.headerRowInvalid)
    .max(MAX_HEADER_ROW, PIPELINE_TEXTS.headerRowInvalid)
    .default(1),
  delimiter: z.enum(CSV_DELIMITERS, { error: PIPELINE_TEXTS.delimiterInvalid }).default(','),
  /** false: columns are taken by position (columnNumber); a fixed-width file never has a header. */
  hasHeader: z.boolean().default(true),
  skipRules: skipRulesSchema.default(NO_SKIP_RULES),
  ingestionMode: z.enum(INGESTION_MODES, { error: PIPELINE_TEXTS.ingestionModeInvalid }).default('Upload'),
  connection: fileConnectionSchema.default({}),
  mappings: z
    .array(fileMappingSchema, { error: PIPELINE_TEXTS.mappingsRequired })
    .min(1, PIPELINE_TEXTS.mappingsRequired),
});
export type FileUploadConfigRequest = z.infer<typeof fileUploadConfigRequestSchema>;

export const fileUploadConfigSchema = z.object({
  id: z.number().int(),
  pipelineId: z.number().int(),
  fileKind: z.enum(FILE_KINDS),
  sheetName: z.string().nullable(),
  headerRow: z.number().int(),
  delimiter: z.string(),
  hasHeader: z.boolean(),
  skipRules: skipRulesSchema,
  ingestionMode: z.enum(INGESTION_MODES),
  ingestionModeLabel: z.string(),
  connection: fileConnectionSchema,
  mappings: z.array(
    z.object({
      fileColumn: z.string(),
      tableColumn: z.string().nullable(),
      dataType: z.enum(DATA_TYPES).nullable(),
      dateFormat: z.string().nullable(),
      dateFormats: z.array(z.string()),
      numberFormat: numberFormatSchema.nullable(),
      isRequired: z.boolean(),
      columnNumber: z.number().int().nullable(),
      start: z.number().int().nullable(),
      length: z.number().int().nullable(),
      fillDown: z.boolean(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileUploadConfig = z.infer<typeof fileUploadConfigSchema>;

export const fileUploadConfigStatusSchema = z.object({
  pipelineId: z.number().int(),
  status: z.enum(FILE_UPLOAD_CONFIG_STATUSES),
});

/**
 * How the preview reads a sample (multipart form field `settings`, JSON, before the file): the read settings of
 * the config being edited. Unset fields: the saved config's, else a sniffed delimiter, header row 1, a header,
 * the first sheet, no skip rules. Fixed width: the columns to cut (name, start, length).
 */
export const previewSettingsSchema = z.object({
  fileKind: z.enum(FILE_KINDS).optional(),
  delimiter: z.enum(CSV_DELIMITERS, { error: PIPELINE_TEXTS.delimiterInvalid }).optional(),
  headerRow: z.number().int().min(1).max(MAX_HEADER_ROW).optional(),
  hasHeader: z.boolean().optional(),
  sheetName: z.string().trim().max(31).nullable().optional(),
  skipRules: skipRulesSchema.optional(),
  /** In mapping order: the file column names (skip rules name them), their positions and fixed-width cuts. */
  columns: z
    .array(
      z.object({
        fileColumn: z.string().trim().min(1).max(200),
        columnNumber: z.number().int().min(1).max(MAX_FILE_COLUMNS).nullable().default(null),
        start: z.number().int().min(1).max(MAX_FIXED_WIDTH_END).nullable().default(null),
        length: z.number().int().min(1).max(MAX_FIXED_WIDTH_END).nullable().default(null),
      }),
    )
    .max(MAX_FILE_COLUMNS)
    .optional(),
});
export type PreviewSettings = z.infer<typeof previewSettingsSchema>;

const dateProposalSchema: z.ZodType<DateProposal> = z.object({
  pattern: z.string(),
  matched: z.number().int(),
  ambiguousWith: z.array(z.string()),
});

/** First rows of a sample file, read as configured, so the config screen can offer the column mapping. */
export const filePreviewSchema = z.object({
  fileName: z.string(),
  fileKind: z.enum(FILE_KINDS),
  delimiter: z.string().nullable(),
  sheetName: z.string().nullable(),
  sheetNames: z.array(z.string()),
  headerRow: z.number().int(),
  hasHeader: z.boolean(),
  /** The header's names; without a header "Column 1", "Column 2" …; fixed width: the configured columns. */
  header: z.array(z.string()),
  /** The first data rows, split as configured (skipped rows included, see rowSkips). */
  rows: z.array(z.array(z.string())),
  /** Per row of `rows`: why a skip rule would skip it, or null when it loads (bottom rows are not known here). */
  rowSkips: z.array(z.string().nullable()),
  /** The first lines of a text file as they are (none for XLSX), preamble included. */
  lines: z.array(z.string()),
  /** Per header column: date patterns reading every non-skipped sample value, best first, with ambiguities. */
  dateProposals: z.array(z.array(dateProposalSchema)),
});
export type FilePreview = z.infer<typeof filePreviewSchema>;

export const fileUploadConfigStatusQuerySchema = z.object({
  pipelineId: z.coerce
    .number({ error: PIPELINE_TEXTS.pipelineIdRequired })
    .int()
    .positive(PIPELINE_TEXTS.pipelineIdRequired),
});
