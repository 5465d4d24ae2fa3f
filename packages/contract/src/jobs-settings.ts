import { z } from 'zod';
import { JOB_TEXTS } from './jobs.ts';

// A job's additional settings (GET/PUT v2/jobs/additional-settings): file approval, mandatory file validation
// and per-user pipeline privileges.

/** What a per-user pipeline privilege can allow inside a job (the spec does not list the values). */
export const PIPELINE_PRIVILEGE_CODES = ['FILE_UPLOAD', 'RUN_JOB', 'FILE_APPROVAL', 'VIEW_FILES'] as const;
export type PipelinePrivilegeCode = (typeof PIPELINE_PRIVILEGE_CODES)[number];
export const PIPELINE_PRIVILEGE_LABELS: Readonly<Record<PipelinePrivilegeCode, string>> = {
  FILE_UPLOAD: 'Upload file',
  RUN_JOB: 'Run job',
  FILE_APPROVAL: 'Approve file',
  VIEW_FILES: 'View files',
};

export const JOB_SETTINGS_TEXTS = {
  validationSelectPipelines: 'Mandatory file validation is enabled. Select pipelines to continue.',
  validationPipelineMissing: 'Pipelines should be selected if file validation enabled.',
  validationRegexMissing: 'Every line item should have file name regex.',
  invalidRegex: 'Invalid Regex',
  validationDatePatternMissing: 'Every line item should have data pattern.',
  validationCycleRegexMissing: 'Every line item should have data cycle regex.',
  privilegesWithoutUsers: "Pipeline permission can't be saved without adding users",
  privilegesSelectUser: 'Select user in every permission',
  privilegesAtLeastOne: 'Atleast add one permission if pipeline permission enabled.',
  privilegesSelectPipeline: 'Select pipeline in every permission',
  oneValidationMode: 'Choose only one file validation mode',
  approvalSelectPipeline: 'Select pipeline in every file approval',
  saved: 'Additional settings saved successfully',
} as const;
export const pipelineNotInJob = (pipelineId: number) => `Pipeline ${pipelineId} is not loaded by this job`;
export const userNotInModule = (userId: number) => `User ${userId} is not assigned to this product`;
export const unknownPipelinePrivilege = (code: string) => `Unknown pipeline privilege ${code}`;

export const fileRegexRowSchema = z.object({
  pipelineId: z.number().int().positive().nullish(),
  fileNameRegex: z.string().max(1000).nullish(),
  datePattern: z.string().max(100).nullish(),
  dataCycleRegex: z.string().max(1000).nullish(),
});
export const jobValidationSchema = z.object({
  isActiveJobValidation: z.boolean().nullish(),
  /** Name and date. */
  dateWiseValidation: z.boolean().nullish(),
  /** Name, date and cycle. Neither flag: file name only. */
  dateAndCycleWiseValidation: z.boolean().nullish(),
  fileRegexList: z.array(fileRegexRowSchema).nullish(),
});
export const jobFileApprovalSchema = z.object({
  dashboardId: z.number().int().positive().nullish(),
  fileApprovalVoPipelineDashlets: z
    .array(z.object({ pipelineId: z.number().int().positive().nullish(), dashletId: z.number().int().nullish() }))
    .nullish(),
});
export const pipelineUserPrivilegeSchema = z.object({
  userId: z.number().int().positive().nullish(),
  userName: z.string().nullish(),
  /** Privilege code → enabled. */
  privileges: z.record(z.string(), z.boolean()).nullish(),
});
export const pipelinePrivilegeSchema = z.object({
  /** One pipeline of the job, or every pipeline of the job when isAllPipelines. */
  pipelineId: z.number().int().positive().nullish(),
  isAllPipelines: z.boolean().nullish(),
  userPrivileges: z.array(pipelineUserPrivilegeSchema).nullish(),
});
export const pipelinePrivilegesVoSchema = z.object({
  privilegesEnabled: z.boolean().nullish(),
  allPipelinePrivilegeVoList: z.array(pipelinePrivilegeSchema).nullish(),
});

export const jobAdditionalSettingsRequestSchema = z.object({
  jobId: z.number({ error: JOB_TEXTS.idRequired }).int().positive(),
  isFileApprovalEnabled: z.boolean().nullish(),
  jobFileApprovalVo: jobFileApprovalSchema.nullish(),
  jobValidation: jobValidationSchema.nullish(),
  pipelinePrivilegesVo: pipelinePrivilegesVoSchema.nullish(),
});
export type JobAdditionalSettingsRequest = z.infer<typeof jobAdditionalSettingsRequestSchema>;
export type JobAdditionalSettingsInput = Omit<JobAdditionalSettingsRequest, 'jobId'>;

/** Answer of GET v2/jobs/additional-settings/{jobId} and of the PUT: every field present, no nulls for flags. */
export const jobAdditionalSettingsSchema = z.object({
  jobId: z.number().int(),
  isFileApprovalEnabled: z.boolean(),
  jobFileApprovalVo: z.object({
    dashboardId: z.number().int().nullable(),
    fileApprovalVoPipelineDashlets: z.array(
      z.object({ pipelineId: z.number().int(), dashletId: z.number().int().nullable() }),
    ),
  }),
  jobValidation: z.object({
    isActiveJobValidation: z.boolean(),
    dateWiseValidation: z.boolean(),
    dateAndCycleWiseValidation: z.boolean(),
    fileRegexList: z.array(
      z.object({
        pipelineId: z.number().int(),
        fileNameRegex: z.string(),
        datePattern: z.string().nullable(),
        dataCycleRegex: z.string().nullable(),
      }),
    ),
  }),
  pipelinePrivilegesVo: z.object({
    privilegesEnabled: z.boolean(),
    allPipelinePrivilegeVoList: z.array(
      z.object({
        pipelineId: z.number().int().nullable(),
        isAllPipelines: z.boolean(),
        userPrivileges: z.array(
          z.object({ userId: z.number().int(), userName: z.string(), privileges: z.record(z.string(), z.boolean()) }),
        ),
      }),
    ),
  }),
});
export type JobAdditionalSettings = z.infer<typeof jobAdditionalSettingsSchema>;

function isValidRegex(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/**
 * The additional-settings checks in the spec's order (approval dashboard, file validation, then pipeline
 * permissions); answers the first failing message or null.
 */
export function validateJobAdditionalSettings(s: JobAdditionalSettingsInput): string | null {
  if (s.isFileApprovalEnabled) {
    if (!s.jobFileApprovalVo?.dashboardId) return JOB_TEXTS.selectDashboard;
    if ((s.jobFileApprovalVo.fileApprovalVoPipelineDashlets ?? []).some((d) => !d.pipelineId)) {
      return JOB_SETTINGS_TEXTS.approvalSelectPipeline;
    }
  }
  const v = s.jobValidation;
  if (v?.isActiveJobValidation) {
    const rows = v.fileRegexList ?? [];
    if (rows.length === 0) return JOB_SETTINGS_TEXTS.validationSelectPipelines;
    if (rows.some((r) => !r.pipelineId)) return JOB_SETTINGS_TEXTS.validationPipelineMissing;
    if (rows.some((r) => !r.fileNameRegex?.trim())) return JOB_SETTINGS_TEXTS.validationRegexMissing;
    if (rows.some((r) => !isValidRegex(r.fileNameRegex ?? ''))) return JOB_SETTINGS_TEXTS.invalidRegex;
    const needsDate = v.dateWiseValidation || v.dateAndCycleWiseValidation;
    if (needsDate && rows.some((r) => !r.datePattern?.trim())) return JOB_SETTINGS_TEXTS.validationDatePatternMissing;
    if (v.dateAndCycleWiseValidation) {
      if (rows.some((r) => !r.dataCycleRegex?.trim())) return JOB_SETTINGS_TEXTS.validationCycleRegexMissing;
      if (rows.some((r) => !isValidRegex(r.dataCycleRegex ?? ''))) return JOB_SETTINGS_TEXTS.invalidRegex;
    }
    if (v.dateWiseValidation && v.dateAndCycleWiseValidation) return JOB_SETTINGS_TEXTS.oneValidationMode;
  }
  const p = s.pipelinePrivilegesVo;
  if (p?.privilegesEnabled) {
    const list = p.allPipelinePrivilegeVoList ?? [];
    if (list.some((e) => (e.userPrivileges ?? []).length === 0)) return JOB_SETTINGS_TEXTS.privilegesWithoutUsers;
    if (list.some((e) => (e.userPrivileges ?? []).some((u) => !u.userId)))
      return JOB_SETTINGS_TEXTS.privilegesSelectUser;
    if (list.length === 0) return JOB_SETTINGS_TEXTS.privilegesAtLeastOne;
    if (list.some((e) => !e.isAllPipelines && !e.pipelineId)) return JOB_SETTINGS_TEXTS.privilegesSelectPipeline;
  }
  return null;
}

/** The caller's privileges on one pipeline of a job. */
export const pipelinePrivilegeListSchema = z.object({
  pipelineId: z.number().int(),
  pipelineName: z.string(),
  privilegeList: z.array(z.object({ privilegeCode: z.enum(PIPELINE_PRIVILEGE_CODES), isEnabled: z.boolean() })),
});
export const pipelinePrivilegeListResponseSchema = z.object({ data: z.array(pipelinePrivilegeListSchema) });
export type PipelinePrivilegeList = z.infer<typeof pipelinePrivilegeListSchema>;
/** POST v2/jobs/additional-settings/pipeline-privileges/user: a bare list of pipeline ids or `{ pipelineIds }`. */
export const pipelinePrivilegeQueryBodySchema = z.union([
  z.array(z.number().int().positive()).max(1000),
  z.object({ pipelineIds: z.array(z.number().int().positive()).max(1000) }),
]);

/** `:jobId` of the additional-settings paths. */
export const jobIdParamsSchema = z.object({ jobId: z.coerce.number().int().positive() });
