import { z } from 'zod';

// Parallel job configs (/v2/parallel_job_config): which jobs (JOB) or modules (MODULE) may run together,
// lifting the one-run-per-module rule for them.

export const PARALLEL_JOB_CONFIG_TYPES = ['JOB', 'MODULE'] as const;
export type ParallelJobConfigType = (typeof PARALLEL_JOB_CONFIG_TYPES)[number];
export const PARALLEL_JOB_CONFIG_MIN_ITEMS = 2;
export const PARALLEL_JOB_CONFIG_NAME_MAX = 100;

export const PARALLEL_JOB_CONFIG_TEXTS = {
  created: 'Successfully Created',
  updated: 'Successfully Updated',
  deleted: 'Job Config Deleted',
  nameRequired: 'Config name is required',
  nameTooLong: `Config name must be at most ${PARALLEL_JOB_CONFIG_NAME_MAX} characters`,
  typeRequired: 'Config type is required',
  atLeastTwoJobs: 'Select at least two jobs',
  atLeastTwoModules: 'Select at least two modules',
  nameTaken: 'A parallel job config with this name already exists',
  notFound: 'Parallel job config not found',
  idRequired: 'Config id is required',
} as const;
export const parallelJobNotFound = (id: number) => `Job ${id} not found in this product`;
export const parallelModuleNotAssigned = (id: number) => `Module ${id} is not one of your modules`;

const refSchema = z.object({ id: z.number().int(), name: z.string() });

export const parallelJobConfigSchema = z.object({
  id: z.number().int(),
  configName: z.string(),
  configType: z.enum(PARALLEL_JOB_CONFIG_TYPES),
  configs: z.array(refSchema),
  configIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ParallelJobConfig = z.infer<typeof parallelJobConfigSchema>;
export const parallelJobConfigsResponseSchema = z.object({ data: z.array(parallelJobConfigSchema) });

/** POST and PUT body (PUT carries the id). The ids come from configIds, else from configs[].id. */
export const parallelJobConfigSaveSchema = z.object({
  id: z.number().int().positive().nullish(),
  configName: z.string().nullish(),
  configType: z.enum(PARALLEL_JOB_CONFIG_TYPES).nullish(),
  configs: z.array(z.object({ id: z.number().int().positive(), name: z.string().nullish() })).nullish(),
  configIds: z.array(z.number().int().positive()).nullish(),
});
export type ParallelJobConfigSave = z.infer<typeof parallelJobConfigSaveSchema>;

/** The ids a save names, de-duplicated, in the order given. */
export function parallelConfigIdsOf(body: ParallelJobConfigSave): number[] {
  return [...new Set(body.configIds ?? (body.configs ?? []).map((c) => c.id))];
}

/** The form's checks in order; answers the first failing message or null. */
export function validateParallelJobConfig(body: ParallelJobConfigSave): string | null {
  const name = body.configName?.trim() ?? '';
  if (!name) return PARALLEL_JOB_CONFIG_TEXTS.nameRequired;
  if (name.length > PARALLEL_JOB_CONFIG_NAME_MAX) return PARALLEL_JOB_CONFIG_TEXTS.nameTooLong;
  if (!body.configType) return PARALLEL_JOB_CONFIG_TEXTS.typeRequired;
  if (parallelConfigIdsOf(body).length < PARALLEL_JOB_CONFIG_MIN_ITEMS) {
    return body.configType === 'JOB'
      ? PARALLEL_JOB_CONFIG_TEXTS.atLeastTwoJobs
      : PARALLEL_JOB_CONFIG_TEXTS.atLeastTwoModules;
  }
  return null;
}
