import {
  type JobAdditionalSettings,
  type JobAdditionalSettingsRequest,
  PIPELINE_PRIVILEGE_CODES,
  type PipelinePrivilegeList,
  pipelineNotInJob,
  unknownPipelinePrivilege,
  userNotInModule,
  validateJobAdditionalSettings,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import {
  type PipelinePrivilegeMap,
  readStoredSettings,
  type StoredJobSettings,
  userPipelinePrivileges,
} from '@/jobs/job-settings-store.ts';
import { notFound, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import * as q from './jobs.queries.ts';
import { type Actor, auditOf } from './jobs.service.ts';
import * as sq from './jobs-settings.queries.ts';

export async function getAdditionalSettings(db: Db, moduleId: number, jobId: number): Promise<JobAdditionalSettings> {
  const job = await q.getJob(db, moduleId, jobId);
  if (!job) throw notFound('Job');
  const s = readStoredSettings(job.additional_settings);
  return {
    jobId: job.id,
    isFileApprovalEnabled: job.file_approval_enabled,
    jobFileApprovalVo: {
      dashboardId: job.dashboard_id,
      fileApprovalVoPipelineDashlets: s.fileApprovalVoPipelineDashlets,
    },
    jobValidation: s.jobValidation,
    pipelinePrivilegesVo: s.pipelinePrivilegesVo,
  };
}

/** Turns the checked request into what is stored; pipelines, users and privilege codes are checked here. */
async function toStored(
  db: Db,
  moduleId: number,
  jobPipelines: ReadonlySet<number>,
  body: JobAdditionalSettingsRequest,
): Promise<StoredJobSettings> {
  const inJob = (id: number | null | undefined) => {
    if (id && !jobPipelines.has(id)) throw validation(pipelineNotInJob(id), 'pipelineId');
    return id ?? null;
  };
  const approval = body.isFileApprovalEnabled ? (body.jobFileApprovalVo?.fileApprovalVoPipelineDashlets ?? []) : [];
  const v = body.jobValidation;
  const isValidationOn = v?.isActiveJobValidation ?? false;
  const p = body.pipelinePrivilegesVo;
  const isPrivilegesOn = p?.privilegesEnabled ?? false;
  const entries = isPrivilegesOn ? (p?.allPipelinePrivilegeVoList ?? []) : [];
  const userIds = [...new Set(entries.flatMap((e) => (e.userPrivileges ?? []).map((u) => u.userId as number)))];
  const members = await sq.moduleMemberNames(db, moduleId, userIds);
  const missingUser = userIds.find((id) => !members.has(id));
  if (missingUser !== undefined) throw validation(userNotInModule(missingUser), 'userId');
  for (const e of entries) {
    for (const u of e.userPrivileges ?? []) {
      const unknown = Object.keys(u.privileges ?? {}).find(
        (c) => !(PIPELINE_PRIVILEGE_CODES as readonly string[]).includes(c),
      );
      if (unknown) throw validation(unknownPipelinePrivilege(unknown), 'privileges');
    }
  }
  return {
    fileApprovalVoPipelineDashlets: approval.map((d) => ({
      pipelineId: inJob(d.pipelineId) as number,
      dashletId: d.dashletId ?? null,
    })),
    jobValidation: {
      isActiveJobValidation: isValidationOn,
      dateWiseValidation: isValidationOn && (v?.dateWiseValidation ?? false),
      dateAndCycleWiseValidation: isValidationOn && (v?.dateAndCycleWiseValidation ?? false),
      fileRegexList: (isValidationOn ? (v?.fileRegexList ?? []) : []).map((r) => ({
        pipelineId: inJob(r.pipelineId) as number,
        fileNameRegex: (r.fileNameRegex ?? '').trim(),
        datePattern: r.datePattern?.trim() || null,
        dataCycleRegex: r.dataCycleRegex?.trim() || null,
      })),
    },
    pipelinePrivilegesVo: {
      privilegesEnabled: isPrivilegesOn,
      allPipelinePrivilegeVoList: entries.map((e) => ({
        pipelineId: e.isAllPipelines ? null : inJob(e.pipelineId),
        isAllPipelines: e.isAllPipelines ?? false,
        userPrivileges: (e.userPrivileges ?? []).map((u) => ({
          userId: u.userId as number,
          // The stored name is the user's, not whatever the client sent.
          userName: members.get(u.userId as number) ?? '',
          privileges: Object.fromEntries(PIPELINE_PRIVILEGE_CODES.map((c) => [c, u.privileges?.[c] ?? false])),
        })),
      })),
    },
  };
}

/** PUT v2/jobs/additional-settings: the spec's messages in order, then pipelines of the job and module users. */
export async function saveAdditionalSettings(
  ctx: FeatureContext,
  moduleId: number,
  body: JobAdditionalSettingsRequest,
  actor: Actor,
): Promise<JobAdditionalSettings> {
  const message = validateJobAdditionalSettings(body);
  if (message) throw validation(message);
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const job = await q.getJob(tx, moduleId, body.jobId);
    if (!job) throw notFound('Job');
    const stored = await toStored(tx, moduleId, new Set(await q.jobPipelineIds(tx, job.id)), body);
    const isApprovalOn = body.isFileApprovalEnabled ?? false;
    const dashboardId = isApprovalOn ? (body.jobFileApprovalVo?.dashboardId ?? null) : job.dashboard_id;
    await q.saveAdditionalSettings(
      tx,
      job.id,
      { file_approval_enabled: isApprovalOn, dashboard_id: dashboardId, additional_settings: JSON.stringify(stored) },
      ctx.now(),
    );
    await writeAudit(tx, {
      ...auditOf(actor, moduleId),
      event: 'JOB_SETTINGS_UPDATED',
      entityId: job.id,
      details: { isFileApprovalEnabled: isApprovalOn, dashboardId, ...stored },
    });
  });
  return getAdditionalSettings(ctx.db, moduleId, body.jobId);
}

const toList = (granted: PipelinePrivilegeMap) =>
  PIPELINE_PRIVILEGE_CODES.map((privilegeCode) => ({ privilegeCode, isEnabled: granted[privilegeCode] }));

/** GET …/pipeline-privileges/{jobId}/user: the caller's privileges on each pipeline of the job. */
export async function myJobPipelinePrivileges(
  db: Db,
  moduleId: number,
  jobId: number,
  userId: number,
): Promise<PipelinePrivilegeList[]> {
  const job = await q.getJob(db, moduleId, jobId);
  if (!job) throw notFound('Job');
  const names = await sq.pipelineNames(db, moduleId, await q.jobPipelineIds(db, job.id));
  const granted = userPipelinePrivileges(readStoredSettings(job.additional_settings), [...names.keys()], userId);
  return [...names].map(([pipelineId, pipelineName]) => ({
    pipelineId,
    pipelineName,
    privilegeList: toList(granted.get(pipelineId) as PipelinePrivilegeMap),
  }));
}

/**
 * POST …/pipeline-privileges/user: the caller's privileges on each pipeline (of this module) across the jobs
 * that load it. A pipeline no job restricts allows everything; otherwise a privilege any such job grants counts.
 */
export async function myPipelinePrivileges(
  db: Db,
  moduleId: number,
  pipelineIds: readonly number[],
  userId: number,
): Promise<PipelinePrivilegeList[]> {
  const names = await sq.pipelineNames(db, moduleId, pipelineIds);
  const jobs = await sq.jobsLoadingPipelines(db, moduleId, [...names.keys()]);
  return [...names].map(([pipelineId, pipelineName]) => {
    const restricting = jobs
      .filter((j) => j.pipelineIds.includes(pipelineId))
      .map((j) => readStoredSettings(j.additional_settings))
      .filter((s) => s.pipelinePrivilegesVo.privilegesEnabled);
    const granted = Object.fromEntries(
      PIPELINE_PRIVILEGE_CODES.map((c) => [c, restricting.length === 0]),
    ) as PipelinePrivilegeMap;
    for (const s of restricting) {
      const mine = userPipelinePrivileges(s, [pipelineId], userId).get(pipelineId);
      for (const c of PIPELINE_PRIVILEGE_CODES) if (mine?.[c]) granted[c] = true;
    }
    return { pipelineId, pipelineName, privilegeList: toList(granted) };
  });
}
