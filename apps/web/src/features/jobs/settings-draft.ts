import {
  type JobAdditionalSettings,
  type JobAdditionalSettingsInput,
  type JobDetail,
  PIPELINE_PRIVILEGE_CODES,
  type PipelinePrivilegeCode,
} from '@recon/contract';

/** File validation modes: exactly one holds (spec 2 §4). */
export const VALIDATION_MODES = ['FILE_NAME', 'NAME_AND_DATE', 'NAME_DATE_AND_CYCLE'] as const;
export type ValidationMode = (typeof VALIDATION_MODES)[number];

export type RegexRow = {
  key: string;
  pipelineId: number | null;
  fileNameRegex: string;
  datePattern: string;
  dataCycleRegex: string;
};
export type ApprovalPipeline = { pipelineId: number; dashletId: number | null };
export type PrivilegeFlags = Record<PipelinePrivilegeCode, boolean>;
export type PrivilegeUser = { key: string; userId: number | null; userName: string; privileges: PrivilegeFlags };
/** A permission applies to one pipeline of the job, or to all of them. */
export const ALL_PIPELINES = 'ALL';
export type PrivilegeEntry = { key: string; target: number | typeof ALL_PIPELINES | null; users: PrivilegeUser[] };

export type SettingsDraft = {
  isFileApprovalEnabled: boolean;
  dashboardId: number | null;
  approvalPipelines: ApprovalPipeline[];
  isValidationActive: boolean;
  validationMode: ValidationMode;
  regexRows: RegexRow[];
  privilegesEnabled: boolean;
  privilegeEntries: PrivilegeEntry[];
};

export type JobPipeline = { id: number; name: string };

let nextKey = 0;
export function newSettingsKey(): string {
  nextKey += 1;
  return `setting-${nextKey}`;
}

/** The distinct pipelines the job loads (its PIPE_LINE activities), in activity order. */
export function pipelinesOfJob(job: JobDetail): JobPipeline[] {
  const seen = new Map<number, string>();
  for (const a of job.activities) {
    if (a.type === 'PIPE_LINE' && a.activity.typeId !== null && !seen.has(a.activity.typeId)) {
      seen.set(a.activity.typeId, a.activity.name ?? String(a.activity.typeId));
    }
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

export function noPrivileges(): PrivilegeFlags {
  return Object.fromEntries(PIPELINE_PRIVILEGE_CODES.map((c) => [c, false])) as PrivilegeFlags;
}

export function newRegexRow(): RegexRow {
  return { key: newSettingsKey(), pipelineId: null, fileNameRegex: '', datePattern: '', dataCycleRegex: '' };
}

export function newPrivilegeUser(): PrivilegeUser {
  return { key: newSettingsKey(), userId: null, userName: '', privileges: noPrivileges() };
}

export function newPrivilegeEntry(): PrivilegeEntry {
  return { key: newSettingsKey(), target: null, users: [newPrivilegeUser()] };
}

export function modeOf(v: JobAdditionalSettings['jobValidation']): ValidationMode {
  if (v.dateAndCycleWiseValidation) return 'NAME_DATE_AND_CYCLE';
  if (v.dateWiseValidation) return 'NAME_AND_DATE';
  return 'FILE_NAME';
}

export function settingsDraftFrom(s: JobAdditionalSettings): SettingsDraft {
  return {
    isFileApprovalEnabled: s.isFileApprovalEnabled,
    dashboardId: s.jobFileApprovalVo.dashboardId,
    approvalPipelines: s.jobFileApprovalVo.fileApprovalVoPipelineDashlets.map((d) => ({ ...d })),
    isValidationActive: s.jobValidation.isActiveJobValidation,
    validationMode: modeOf(s.jobValidation),
    regexRows: s.jobValidation.fileRegexList.map((r) => ({
      key: newSettingsKey(),
      pipelineId: r.pipelineId,
      fileNameRegex: r.fileNameRegex,
      datePattern: r.datePattern ?? '',
      dataCycleRegex: r.dataCycleRegex ?? '',
    })),
    privilegesEnabled: s.pipelinePrivilegesVo.privilegesEnabled,
    privilegeEntries: s.pipelinePrivilegesVo.allPipelinePrivilegeVoList.map((e) => ({
      key: newSettingsKey(),
      target: e.isAllPipelines ? ALL_PIPELINES : e.pipelineId,
      users: e.userPrivileges.map((u) => ({
        key: newSettingsKey(),
        userId: u.userId,
        userName: u.userName,
        privileges: { ...noPrivileges(), ...u.privileges },
      })),
    })),
  };
}

/** A new dashboard has other dashlets: every dashlet choice is cleared. */
export function withDashboard(draft: SettingsDraft, dashboardId: number | null): SettingsDraft {
  return {
    ...draft,
    dashboardId,
    approvalPipelines: draft.approvalPipelines.map((p) => ({ ...p, dashletId: null })),
  };
}

/** The settings body without the job id, as the ordered checks and the PUT read it. */
export function toSettingsInput(draft: SettingsDraft): JobAdditionalSettingsInput {
  const mode = draft.validationMode;
  const needsDate = mode !== 'FILE_NAME';
  const needsCycle = mode === 'NAME_DATE_AND_CYCLE';
  return {
    isFileApprovalEnabled: draft.isFileApprovalEnabled,
    jobFileApprovalVo: {
      dashboardId: draft.dashboardId,
      fileApprovalVoPipelineDashlets: draft.approvalPipelines.map((p) => ({
        pipelineId: p.pipelineId,
        dashletId: p.dashletId,
      })),
    },
    jobValidation: {
      isActiveJobValidation: draft.isValidationActive,
      dateWiseValidation: mode === 'NAME_AND_DATE',
      dateAndCycleWiseValidation: needsCycle,
      fileRegexList: draft.regexRows.map((r) => ({
        pipelineId: r.pipelineId,
        fileNameRegex: r.fileNameRegex.trim(),
        datePattern: needsDate ? r.datePattern.trim() : null,
        dataCycleRegex: needsCycle ? r.dataCycleRegex.trim() : null,
      })),
    },
    pipelinePrivilegesVo: {
      privilegesEnabled: draft.privilegesEnabled,
      allPipelinePrivilegeVoList: draft.privilegeEntries.map((e) => ({
        pipelineId: typeof e.target === 'number' ? e.target : null,
        isAllPipelines: e.target === ALL_PIPELINES,
        userPrivileges: e.users.map((u) => ({ userId: u.userId, userName: u.userName, privileges: u.privileges })),
      })),
    },
  };
}
