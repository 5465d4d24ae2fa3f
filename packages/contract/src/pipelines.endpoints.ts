import { endpoint, idParamsSchema } from './endpoint.ts';
import {
  filePreviewSchema,
  fileUploadConfigRequestSchema,
  fileUploadConfigSchema,
  fileUploadConfigStatusQuerySchema,
  fileUploadConfigStatusSchema,
  pipelineRequestSchema,
  pipelineSchema,
  pipelinesResponseSchema,
} from './pipelines.ts';

const base = { module: 'required', privilege: { code: 'pipelines' }, tags: ['Pipelines'] } as const;
const UPLOAD_CONFIG = '/v2/admin/pipelines/:id/file_upload_configs';

/** Pipelines and their file-upload configs (spec 2). */
export const pipelineEndpoints = {
  list: endpoint({
    ...base,
    name: 'pipelines.list',
    method: 'GET',
    path: '/v2/pipeline/all',
    response: pipelinesResponseSchema,
    summary: "The module's pipelines with their data table and file-upload-config status",
    description:
      'fileUploadConfigStatus: Pending (FILE source, no config: offers Configure), Configured (offers Edit), Not Required (connector sources).',
  }),
  detail: endpoint({
    ...base,
    name: 'pipelines.detail',
    method: 'GET',
    path: '/v2/pipeline/:id',
    params: idParamsSchema,
    response: pipelineSchema,
    summary: 'One pipeline',
  }),
  create: endpoint({
    ...base,
    name: 'pipelines.create',
    method: 'POST',
    path: '/v2/pipeline',
    body: pipelineRequestSchema,
    response: pipelineSchema,
    summary: 'Create a pipeline (name unique in the module, a source of the spec, a data table of the module)',
  }),
  update: endpoint({
    ...base,
    name: 'pipelines.update',
    method: 'PUT',
    path: '/v2/pipeline/:id',
    params: idParamsSchema,
    body: pipelineRequestSchema,
    response: pipelineSchema,
    summary: 'Edit a pipeline',
    description: 'Its data table cannot change once it has a file upload config or files.',
  }),
  uploadConfigStatus: endpoint({
    ...base,
    name: 'pipelines.uploadConfigStatus',
    method: 'GET',
    path: '/v2/admin/pipelines/file_upload_config_status',
    query: fileUploadConfigStatusQuerySchema,
    response: fileUploadConfigStatusSchema,
    summary: 'File-upload-config status of a pipeline: Pending, Configured or Not Required',
  }),
  uploadConfig: endpoint({
    ...base,
    name: 'pipelines.uploadConfig',
    method: 'GET',
    path: UPLOAD_CONFIG,
    params: idParamsSchema,
    response: fileUploadConfigSchema,
    summary: "The pipeline's file-upload config",
  }),
  createUploadConfig: endpoint({
    ...base,
    name: 'pipelines.createUploadConfig',
    method: 'POST',
    path: UPLOAD_CONFIG,
    params: idParamsSchema,
    body: fileUploadConfigRequestSchema,
    response: fileUploadConfigSchema,
    summary: 'Create the file-upload config of a FILE pipeline',
    description:
      'mappings: the file columns in file order; each loaded one names a user column of the pipeline table with its data type (date columns with a date format). tableColumn null: a column the file has that nothing loads.',
  }),
  updateUploadConfig: endpoint({
    ...base,
    name: 'pipelines.updateUploadConfig',
    method: 'PUT',
    path: UPLOAD_CONFIG,
    params: idParamsSchema,
    body: fileUploadConfigRequestSchema,
    response: fileUploadConfigSchema,
    summary: 'Replace the file-upload config of a FILE pipeline',
  }),
  previewSample: endpoint({
    ...base,
    name: 'pipelines.previewSample',
    method: 'POST',
    path: `${UPLOAD_CONFIG}/preview`,
    params: idParamsSchema,
    consumes: ['multipart/form-data'],
    response: filePreviewSchema,
    summary: 'Header and first 20 rows of a sample file (multipart field `files`)',
    description:
      'Optional form fields before the file: settings (JSON: fileKind, delimiter, headerRow, hasHeader, sheetName, skipRules, columns with columnNumber or fixed-width start / length), or the single fields delimiter (, ; | tab), headerRow, sheetName. Unset: the saved config, else a sniffed delimiter, header row 1, a header, the first sheet. A .xlsx is read as a workbook, any text file (.csv .txt .tsv .psv .dat) as delimited or fixed-width as the settings say. The answer has the rows split as configured, why a skip rule would skip each, the first raw lines, and date patterns proposed per column (with ambiguities). The sample is not kept.',
  }),
} as const;
