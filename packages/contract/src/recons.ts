import { z } from 'zod';
import { pagedQuerySchema } from './paging.ts';

// Schemas of the recons calls (spec 2). A recon joins two data sources: side A (sequence 1) and side B (2).

export const RECON_NAME_MAX = 100;
export const RECON_DESCRIPTION_MAX = 500;
export const RECON_SIDES = ['A', 'B'] as const;
export type ReconSide = (typeof RECON_SIDES)[number];

export const RECON_TEXTS = {
  nameRequired: 'Name is Required',
  nameTooLong: `Name must be at most ${RECON_NAME_MAX} characters`,
  nameTaken: 'A recon with this name already exists',
  notFound: 'Recon not found',
  bothSides: 'Choose both the side A and the side B data source',
  sameSides: 'Side A and side B must be different data sources',
  sideNotInRecon: 'The side A and side B data sources must belong to this recon',
  otherModule: 'Recons can only be read in the selected module',
  deleted: 'Recon deleted',
} as const;
export const reconInUseByDataSources = (names: readonly string[]) =>
  `Recon cannot be deleted while data sources use it: ${names.join(', ')}`;
export const reconInUseByJobs = (names: readonly string[]) =>
  `Recon cannot be deleted while jobs run it: ${names.join(', ')}`;

export const reconRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type ReconRef = z.infer<typeof reconRefSchema>;

export const reconRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  dataSourceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReconRow = z.infer<typeof reconRowSchema>;

export const reconDataSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sequence: z.number().int(),
  side: z.enum(RECON_SIDES).nullable(),
  tableName: z.string(),
});

export const reconDetailSchema = reconRowSchema.extend({
  dataSources: z.array(reconDataSourceSchema),
  sideA: reconRefSchema.nullable(),
  sideB: reconRefSchema.nullable(),
});
export type ReconDetail = z.infer<typeof reconDetailSchema>;

export const reconsListQuerySchema = pagedQuerySchema.extend({
  Find: z
    .enum(['ByModule'])
    .optional()
    .describe('ByModule: every recon of the module as `{ data }` (no paging); without Find: a DataTables page'),
  module: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('With Find=ByModule: must be the selected module (X-Module-Id); another module answers 403'),
});
export const reconsByModuleResponseSchema = z.object({ data: z.array(reconRowSchema) });

const nameField = z
  .string({ error: RECON_TEXTS.nameRequired })
  .trim()
  .min(1, RECON_TEXTS.nameRequired)
  .max(RECON_NAME_MAX, RECON_TEXTS.nameTooLong);
const descriptionField = z.string().trim().max(RECON_DESCRIPTION_MAX).nullish();

export const createReconRequestSchema = z.object({ name: nameField, description: descriptionField });
export type CreateReconRequest = z.infer<typeof createReconRequestSchema>;

/** Edit: name, description and, optionally, which two of its data sources are side A and side B. */
export const updateReconRequestSchema = z.object({
  id: z.number().int().positive().optional(),
  name: nameField,
  description: descriptionField,
  sideADataSourceId: z.number().int().positive().nullish(),
  sideBDataSourceId: z.number().int().positive().nullish(),
});
export type UpdateReconRequest = z.infer<typeof updateReconRequestSchema>;
