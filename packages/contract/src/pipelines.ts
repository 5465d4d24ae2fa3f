import { z } from 'zod';
import { DATA_TYPES, type DataType } from './data-tables.ts';

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

export const FILE_KINDS = ['csv', 'xlsx'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const INGESTION_MODES = ['Upload', 'API', 'AMAZON_S3', 'SFTP'] as const;
export type IngestionMode = (typeof INGESTION_MODES)[number];
/** "Upload (shown as Manual)". */
export const INGESTION_MODE_LABELS: Record<IngestionMode, string> = {
  Upload: 'Manual',
  API: 'API',
  AMAZON_S3: 'AMAZON_S3',
  SFTP: 'SFTP',
};

/**
 * Date formats a DATE or DATETIME mapping may declare. DD/MM/YY reads 00–69 as 2000–2069 and 70–99 as
 * 1970–1999. ISO is YYYY-MM-DD with an optional time (T or space), fraction and zone (Z or ±hh:mm); a zoned
 * time is stored converted to UTC.
 */
export const FILE_DATE_FORMATS = [
  'DD-MM-YYYY',
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD-MMM-YYYY',
  'DD/MM/YY',
  'YYYY-MM-DD HH:mm:ss',
  'DD-MM-YYYY HH:mm:ss',
  'DD/MM/YYYY HH:mm',
  'ISO',
] as const;
export type FileDateFormat = (typeof FILE_DATE_FORMATS)[number];

export const CSV_DELIMITERS = [',', ';', '|', '\t'] as const;
export const PREVIEW_ROW_COUNT = 20;
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
  fileKindInvalid: 'File Type must be csv or xlsx',
  headerRowInvalid: `Header row must be a whole number from 1 to ${MAX_HEADER_ROW}`,
  delimiterInvalid: 'Delimiter must be one of , ; | or tab',
  ingestionModeInvalid: `Ingestion mode must be one of ${INGESTION_MODES.join(', ')}`,
  mappingsRequired: 'Map at least one file column',
  fileColumnRequired: 'File column is Required',
  tableColumnRequired: 'Table column is Required',
  dateFormatInvalid: `Date format must be one of ${FILE_DATE_FORMATS.join(', ')}`,
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
 */
export const fileMappingSchema = z.object({
  fileColumn: z
    .string({ error: PIPELINE_TEXTS.fileColumnRequired })
    .trim()
    .min(1, PIPELINE_TEXTS.fileColumnRequired)
    .max(200),
  tableColumn: z.string().trim().min(1, PIPELINE_TEXTS.tableColumnRequired).nullable().default(null),
  dataType: z.enum(DATA_TYPES).nullable().default(null),
  dateFormat: z.enum(FILE_DATE_FORMATS, { error: PIPELINE_TEXTS.dateFormatInvalid }).nullable().default(null),
  isRequired: z.boolean().default(false),
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
  ingestionMode: z.enum(INGESTION_MODES),
  ingestionModeLabel: z.string(),
  connection: fileConnectionSchema,
  mappings: z.array(
    z.object({
      fileColumn: z.string(),
      tableColumn: z.string().nullable(),
      dataType: z.enum(DATA_TYPES).nullable(),
      dateFormat: z.enum(FILE_DATE_FORMATS).nullable(),
      isRequired: z.boolean(),
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

/** First rows of a sample file, so the config screen can offer the column mapping. */
export const filePreviewSchema = z.object({
  fileName: z.string(),
  fileKind: z.enum(FILE_KINDS),
  delimiter: z.string().nullable(),
  sheetName: z.string().nullable(),
  sheetNames: z.array(z.string()),
  headerRow: z.number().int(),
  header: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type FilePreview = z.infer<typeof filePreviewSchema>;
