import { z } from 'zod';
import { calendarDateSchema } from './dates.ts';
import { pagedQuerySchema } from './paging.ts';

// Schemas of the file upload, file history and pipeline-rows calls (spec 2).

/** File statuses of spec 2 §4. */
export const FILE_STATUSES = [
  'UPLOADED',
  'INVALID',
  'VALID',
  'FINISHED',
  'POST_PROCESSING_IN_PROGRESS',
  'DELETED',
  'PARTIALLY_PROCESSED',
  'REJECTED',
  'ROLLED_BACK',
  'ROLLBACK_FAILED',
] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** Statuses a file is never loaded from again (a retried activity skips them). */
export const FINAL_FILE_STATUSES: readonly FileStatus[] = [
  'INVALID',
  'FINISHED',
  'POST_PROCESSING_IN_PROGRESS',
  'DELETED',
  'PARTIALLY_PROCESSED',
  'REJECTED',
  'ROLLED_BACK',
  'ROLLBACK_FAILED',
];

/** Upload pipeline statuses of spec 2 §4. */
export const UPLOAD_STATUSES = [
  'UPLOAD_STARTED',
  'EXTRACTION_PENDING',
  'UPLOADED',
  'VALIDATION_PENDING',
  'INVALID',
  'VALID',
] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** File validation error kinds of spec 2 §8, word for word. */
export const FILE_ERROR_KINDS = [
  'Column Order Changed',
  'Additional Columns At End',
  'Additional Columns With Changed Order',
  'Invalid File Content',
  'Columns Deleted',
  'Invalid File Extension',
  'Duplicate Records File',
  'File Contains Invalid Records',
  'Duplicate File Name',
  'No Error',
] as const;
export type FileErrorKind = (typeof FILE_ERROR_KINDS)[number];

/** Files one upload call takes; the multipart registration enforces it. */
export const MAX_FILES_PER_UPLOAD = 20;

export const FILE_TEXTS = {
  notFound: 'File not found',
  fileRequired: 'Please select a file',
  notMultipart: 'Send the files as multipart/form-data in the field "files"',
  configMissing: 'Configure the file upload of this pipeline before uploading files',
  jobExecutionIdRequired: 'jobExecutionId is required',
  dataSourceIdRequired: 'dataSourceId is required',
  dataSourceNotFound: 'Data source not found',
  dateRangeInvalid: 'From date must be on or before To date',
  dateInvalid: 'Dates must be written YYYY-MM-DD',
  tooManyFiles: `At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once: none of these was stored`,
  bodyCutOff: 'The upload ended before the whole request arrived: none of its files was stored',
  uploadInterrupted: 'The upload was interrupted before the file was stored',
  notStored: 'The file was not fully stored: upload it again',
  discarded: (userName: string) => `Discarded by ${userName} before it was run`,
  expired: (hours: number) => `Discarded: not run within ${hours} hours of its upload`,
  notDiscardable: 'Only an uploaded file that no run has taken can be discarded',
} as const;

export const uploadedFileResultSchema = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  status: z.enum(FILE_STATUSES),
  uploadStatus: z.enum(UPLOAD_STATUSES),
  errorKind: z.enum(FILE_ERROR_KINDS).nullable(),
  errorMessage: z.string().nullable(),
  sizeBytes: z.number().int(),
});
export type UploadedFileResult = z.infer<typeof uploadedFileResultSchema>;
export const uploadFilesResponseSchema = z.object({ data: z.array(uploadedFileResultSchema) });

const countsShape = {
  totalRows: z.number().int().nullable(),
  validRows: z.number().int().nullable(),
  invalidRows: z.number().int().nullable(),
  duplicateRows: z.number().int().nullable(),
};

/** One reason rows of a column failed: how many, and a few of the values as read. */
export const rejectionReasonSchema = z.object({
  column: z.string(),
  /** "not a valid date in format YYYY-MM-DD", "not an amount", "blank (required)" … */
  problem: z.string(),
  count: z.number().int(),
  samples: z.array(z.string()),
});
export type RejectionReason = z.infer<typeof rejectionReasonSchema>;

/** One of the first failing rows: its row number, reasons and values (file column → text as read). */
export const rejectedRowSchema = z.object({
  rowNo: z.number().int(),
  reasons: z.array(z.string()),
  values: z.record(z.string(), z.string().nullable()),
});

/**
 * Why a file's rows failed, kept with the file even when nothing of it loaded (a file over its invalid-rows
 * limit is rolled back, its invalid rows with it): reasons per column with counts and sample values, in
 * column order, and the first failing rows.
 */
export const fileRejectionSchema = z.object({
  reasons: z.array(rejectionReasonSchema),
  firstRows: z.array(rejectedRowSchema),
});
export type FileRejection = z.infer<typeof fileRejectionSchema>;

/** Rows a skip rule took out, by rule ("2 rows at the bottom", "Narration matches ^Closing Balance"). */
export const skippedCountSchema = z.object({ reason: z.string(), count: z.number().int() });
export type SkippedCount = z.infer<typeof skippedCountSchema>;

/** "posted_date: 628 rows not a valid date in format YYYY-MM-DD, e.g. '01.03.2026'". */
export function describeRejectionReason(r: RejectionReason): string {
  const rows = r.count === 1 ? 'row' : 'rows';
  const sample = r.samples.length > 0 ? `, e.g. ${r.samples.map((v) => `'${v}'`).join(', ')}` : '';
  return `${r.column}: ${r.count} ${rows} ${r.problem}${sample}`;
}

/** Fields every file answer may carry since skip rules and rejection summaries (absent on older files). */
const outcomeShape = {
  /** Rows the config's skip rules took out (not invalid, not in totalRows). */
  skippedRows: z.number().int().nullable().optional(),
  skipped: z.array(skippedCountSchema).optional(),
  rejection: fileRejectionSchema.nullable().optional(),
};

export const fileSummarySchema = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  status: z.enum(FILE_STATUSES),
  uploadStatus: z.enum(UPLOAD_STATUSES),
  errorKind: z.enum(FILE_ERROR_KINDS).nullable(),
  errorMessage: z.string().nullable(),
  ...countsShape,
  ...outcomeShape,
  uploadedAt: z.string(),
});
export const fileSummaryResponseSchema = z.object({ data: z.array(fileSummarySchema) });

/** One row of the file upload history (DataTables). */
export const fileHistoryRowSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  pipelineId: z.number().int(),
  pipelineName: z.string(),
  status: z.enum(FILE_STATUSES),
  uploadStatus: z.enum(UPLOAD_STATUSES),
  errorKind: z.enum(FILE_ERROR_KINDS).nullable(),
  ...countsShape,
  ...outcomeShape,
  /** As stored (the Upload & Run page shows it on each file waiting for its run). */
  sizeBytes: z.number().int(),
  /** The run that took the file; null while it waits for one. */
  jobExecutionId: z.number().int().nullable(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export type FileHistoryRow = z.infer<typeof fileHistoryRowSchema>;

export const fileDetailSchema = fileHistoryRowSchema.extend({
  errorMessage: z.string().nullable(),
  contentSha256: z.string(),
  activityExecutionId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type FileDetail = z.infer<typeof fileDetailSchema>;

/** Sortable and searchable `columns[i][data]` of the file history. */
export const FILE_HISTORY_COLUMNS = [
  'fileName',
  'pipelineName',
  'status',
  'errorKind',
  'totalRows',
  'validRows',
  'invalidRows',
  'duplicateRows',
  'skippedRows',
  'uploadedBy',
  'uploadedAt',
] as const;

/** A row that failed validation, with its text values as read from the file. */
export const invalidRowSchema = z.object({
  id: z.number().int(),
  fileId: z.number().int(),
  fileName: z.string(),
  rowNo: z.number().int(),
  reasons: z.array(z.string()),
  createdAt: z.string(),
  values: z.record(z.string(), z.string().nullable()),
});
export type InvalidRow = z.infer<typeof invalidRowSchema>;

/** A loaded row marked DUPLICATE; values as text (money exact, dates ISO). */
export const duplicateRowSchema = z.object({
  id: z.number().int(),
  fileId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  rowNo: z.number().int().nullable(),
  loadedAt: z.string(),
  values: z.record(z.string(), z.string().nullable()),
});
export type DuplicateRow = z.infer<typeof duplicateRowSchema>;

/** A day of a date filter, YYYY-MM-DD. */
export const fileDateSchema = calendarDateSchema(FILE_TEXTS.dateInvalid);

/** Invalid or duplicate rows of one data source's files, by loading day (DataTables). */
export const pipelineRowsQuerySchema = pagedQuerySchema.extend({
  dataSourceId: z.coerce
    .number({ error: FILE_TEXTS.dataSourceIdRequired })
    .int()
    .positive(FILE_TEXTS.dataSourceIdRequired),
  fromDate: fileDateSchema.optional(),
  toDate: fileDateSchema.optional(),
});

/** The file upload history's filters (DataTables). */
export const fileHistoryQuerySchema = pagedQuerySchema.extend({
  pipelineId: z.coerce.number().int().positive().optional(),
  status: z.enum(FILE_STATUSES).optional(),
  fromDate: fileDateSchema.optional(),
  toDate: fileDateSchema.optional(),
});

export const fileSummaryQuerySchema = z.object({
  jobExecutionId: z.coerce
    .number({ error: FILE_TEXTS.jobExecutionIdRequired })
    .int()
    .positive(FILE_TEXTS.jobExecutionIdRequired),
});
