import { endpoint, idParamsSchema } from './endpoint.ts';
import {
  FILE_HISTORY_COLUMNS,
  fileDetailSchema,
  fileHistoryQuerySchema,
  fileHistoryRowSchema,
  fileSummaryQuerySchema,
  fileSummaryResponseSchema,
  MAX_FILES_PER_UPLOAD,
  uploadFilesResponseSchema,
} from './files.ts';
import { pagedAnswerSchema } from './paging.ts';

const base = { module: 'required', tags: ['Files'] } as const;
const HISTORY_READERS = { code: 'fileUpload' } as const;

/** File uploads and the file-upload history (spec 2). */
export const fileEndpoints = {
  upload: endpoint({
    ...base,
    name: 'files.upload',
    method: 'POST',
    path: '/v2/pipelines/:id/files',
    privilege: { anyOf: ['fileUpload', 'pipelines'] },
    params: idParamsSchema,
    consumes: ['multipart/form-data'],
    response: uploadFilesResponseSchema,
    summary: 'Upload files to a FILE pipeline (multipart field `files`, one or more)',
    description: `Each file streams to disk with its SHA-256; at most ${MAX_FILES_PER_UPLOAD} per call (more: 413, none stored; a body cut off: 400, none stored). The answer says per file: UPLOADED (waits for a run), or INVALID with the error kind (Invalid File Extension, Invalid File Content when over UPLOAD_MAX_BYTES, Duplicate Records File / Duplicate File Name when already loaded). A run of the pipeline's job loads them.`,
  }),
  summary: endpoint({
    ...base,
    name: 'files.summary',
    method: 'GET',
    path: '/v2/pipelines/:id/file_summary',
    privilege: { anyOf: ['fileUpload', 'pipelines', 'jobExecutions'] },
    params: idParamsSchema,
    query: fileSummaryQuerySchema,
    response: fileSummaryResponseSchema,
    summary: 'The files of one job execution for this pipeline, with status, error kind and row counts',
  }),
  history: endpoint({
    ...base,
    name: 'files.history',
    method: 'GET',
    path: '/v2/files',
    privilege: HISTORY_READERS,
    query: fileHistoryQuerySchema,
    response: pagedAnswerSchema(fileHistoryRowSchema),
    summary: 'File upload history (DataTables)',
    description: `Filters: pipelineId, status, fromDate/toDate (YYYY-MM-DD, upload day, inclusive). Column search and order on columns[i][data] ∈ ${FILE_HISTORY_COLUMNS.join(', ')}. Newest first by default.`,
  }),
  detail: endpoint({
    ...base,
    name: 'files.detail',
    method: 'GET',
    path: '/v2/files/:id',
    privilege: HISTORY_READERS,
    params: idParamsSchema,
    response: fileDetailSchema,
    summary: 'One uploaded file',
  }),
  discard: endpoint({
    ...base,
    name: 'files.discard',
    method: 'DELETE',
    path: '/v2/files/:id',
    privilege: { anyOf: ['fileUpload', 'pipelines'] },
    params: idParamsSchema,
    response: fileDetailSchema,
    summary: 'Discard an uploaded file no run has taken (our extension)',
    description:
      'The file becomes DELETED with the reason, its bytes are removed, audited (FILE_DISCARDED). Only a file UPLOADED and not attached to a run: anything else answers 409. Such files also expire on their own after UPLOAD_ABANDONED_HOURS.',
  }),
} as const;
