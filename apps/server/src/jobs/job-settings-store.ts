import { PIPELINE_PRIVILEGE_CODES, type PipelinePrivilegeCode } from '@recon/contract';
import { z } from 'zod';

/**
 * job.additional_settings as stored: file-approval pipelines, file validation and pipeline privileges.
 * Whether approval is on and its dashboard live in job.file_approval_enabled and job.dashboard_id.
 */
const storedSettingsSchema = z.object({
  fileApprovalVoPipelineDashlets: z
    .array(z.object({ pipelineId: z.number().int(), dashletId: z.number().int().nullable() }))
    .default([]),
  jobValidation: z
    .object({
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
    })
    .default({
      isActiveJobValidation: false,
      dateWiseValidation: false,
      dateAndCycleWiseValidation: false,
      fileRegexList: [],
    }),
  pipelinePrivilegesVo: z
    .object({
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
    })
    .default({ privilegesEnabled: false, allPipelinePrivilegeVoList: [] }),
});
export type StoredJobSettings = z.infer<typeof storedSettingsSchema>;

/** Reads the stored JSON; anything unreadable (an older shape) counts as "nothing configured". */
export function readStoredSettings(json: unknown): StoredJobSettings {
  const parsed = storedSettingsSchema.safeParse(json ?? {});
  return parsed.success ? parsed.data : storedSettingsSchema.parse({});
}

/**
 * After a job save, settings follow the pipelines still in the job: rows of other pipelines go; with none left,
 * approval and privileges are turned off and validation cleared (spec 2 §4).
 */
export function pruneSettings(
  settings: StoredJobSettings,
  jobPipelineIds: ReadonlySet<number>,
): { settings: StoredJobSettings; isApprovalOff: boolean } {
  if (jobPipelineIds.size === 0) {
    return { settings: storedSettingsSchema.parse({}), isApprovalOff: true };
  }
  const keep = (id: number | null) => id !== null && jobPipelineIds.has(id);
  const validationRows = settings.jobValidation.fileRegexList.filter((r) => keep(r.pipelineId));
  return {
    settings: {
      fileApprovalVoPipelineDashlets: settings.fileApprovalVoPipelineDashlets.filter((d) => keep(d.pipelineId)),
      jobValidation: {
        ...settings.jobValidation,
        isActiveJobValidation: settings.jobValidation.isActiveJobValidation && validationRows.length > 0,
        fileRegexList: validationRows,
      },
      pipelinePrivilegesVo: {
        ...settings.pipelinePrivilegesVo,
        allPipelinePrivilegeVoList: settings.pipelinePrivilegesVo.allPipelinePrivilegeVoList.filter(
          (e) => e.isAllPipelines || keep(e.pipelineId),
        ),
      },
    },
    isApprovalOff: false,
  };
}

export type PipelinePrivilegeMap = Record<PipelinePrivilegeCode, boolean>;

/**
 * A user's privileges on each pipeline of a job: everything when pipeline privileges are off; otherwise what
 * the entries for that pipeline (or for all pipelines) grant the user.
 */
export function userPipelinePrivileges(
  settings: StoredJobSettings,
  pipelineIds: readonly number[],
  userId: number,
): Map<number, PipelinePrivilegeMap> {
  const result = new Map<number, PipelinePrivilegeMap>();
  const isOff = !settings.pipelinePrivilegesVo.privilegesEnabled;
  for (const pipelineId of pipelineIds) {
    const granted = Object.fromEntries(PIPELINE_PRIVILEGE_CODES.map((c) => [c, isOff])) as PipelinePrivilegeMap;
    if (!isOff) {
      for (const entry of settings.pipelinePrivilegesVo.allPipelinePrivilegeVoList) {
        if (!entry.isAllPipelines && entry.pipelineId !== pipelineId) continue;
        for (const u of entry.userPrivileges) {
          if (u.userId !== userId) continue;
          for (const code of PIPELINE_PRIVILEGE_CODES) if (u.privileges[code]) granted[code] = true;
        }
      }
    }
    result.set(pipelineId, granted);
  }
  return result;
}
