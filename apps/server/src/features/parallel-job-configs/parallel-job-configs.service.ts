import {
  PARALLEL_JOB_CONFIG_TEXTS,
  type ParallelJobConfig,
  type ParallelJobConfigSave,
  parallelConfigIdsOf,
  parallelJobNotFound,
  parallelModuleNotAssigned,
  validateParallelJobConfig,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { type Actor, auditBy } from '@/lib/actor.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import * as q from './parallel-job-configs.queries.ts';

const notFound = () => new AppError('NOT_FOUND', PARALLEL_JOB_CONFIG_TEXTS.notFound);
const nameTaken = () => validation(PARALLEL_JOB_CONFIG_TEXTS.nameTaken, 'configName');

/** Configs with the names of what they list (a job or module gone since shows its id only). */
async function withNames(db: Db, moduleId: number, rows: readonly q.ConfigRecord[]): Promise<ParallelJobConfig[]> {
  const idsOf = (type: 'JOB' | 'MODULE') =>
    rows.filter((r) => r.config_type === type).flatMap((r) => r.config_ids.map(Number));
  const [jobs, modules] = await Promise.all([
    q.jobNames(db, moduleId, idsOf('JOB')),
    q.moduleNames(db, idsOf('MODULE')),
  ]);
  return rows.map((r) => {
    const ids = r.config_ids.map(Number);
    const names = r.config_type === 'JOB' ? jobs : modules;
    return {
      id: r.id,
      configName: r.config_name,
      configType: r.config_type,
      configs: ids.map((id) => ({ id, name: names.get(id) ?? String(id) })),
      configIds: ids,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  });
}

export async function listConfigs(db: Db, moduleId: number): Promise<ParallelJobConfig[]> {
  return withNames(db, moduleId, await q.listConfigs(db, moduleId));
}

/** POST (create) and PUT (update, body carries the id). JOB ids: jobs of this module; MODULE ids: the caller's. */
export async function saveConfig(
  ctx: FeatureContext,
  moduleId: number,
  body: ParallelJobConfigSave,
  actor: Actor,
  mode: 'create' | 'update',
): Promise<ParallelJobConfig> {
  const configId = mode === 'update' ? body.id : null;
  if (mode === 'update' && !configId) throw validation(PARALLEL_JOB_CONFIG_TEXTS.idRequired, 'id');
  const message = validateParallelJobConfig(body);
  if (message) throw validation(message);
  const values: q.ConfigValues = {
    config_name: (body.configName ?? '').trim(),
    config_type: body.configType ?? 'JOB',
    config_ids: parallelConfigIdsOf(body),
  };
  if (values.config_type === 'MODULE') {
    const foreign = values.config_ids.find((id) => !actor.principal.moduleIds.has(id));
    if (foreign !== undefined) throw validation(parallelModuleNotAssigned(foreign), 'configIds');
  }
  const now = ctx.now();
  const id = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = configId ? await q.getConfig(tx, moduleId, configId) : undefined;
    if (configId && !before) throw notFound();
    if (values.config_type === 'JOB') {
      const jobs = await q.jobNames(tx, moduleId, values.config_ids);
      const missing = values.config_ids.find((j) => !jobs.has(j));
      if (missing !== undefined) throw validation(parallelJobNotFound(missing), 'configIds');
    }
    if (await q.isNameTaken(tx, moduleId, values.config_name, configId)) throw nameTaken();
    const id = before ? before.id : await q.insertConfig(tx, moduleId, values, actor.principal.userId, now);
    if (before) await q.updateConfig(tx, id, values, now);
    await writeAudit(tx, {
      event: before ? 'PARALLEL_JOB_CONFIG_UPDATED' : 'PARALLEL_JOB_CONFIG_CREATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      moduleId,
      entityType: 'parallel_job_config',
      entityId: id,
      details: {
        configName: values.config_name,
        configType: values.config_type,
        configIds: values.config_ids,
        ...(before
          ? {
              before: {
                configName: before.config_name,
                configType: before.config_type,
                configIds: before.config_ids.map(Number),
              },
            }
          : {}),
      },
    });
    return id;
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23505' && !(err instanceof AppError)) throw nameTaken();
    throw err;
  });
  const saved = await q.getConfig(ctx.db, moduleId, id);
  if (!saved) throw notFound();
  const [config] = await withNames(ctx.db, moduleId, [saved]);
  return config as ParallelJobConfig;
}

export async function deleteConfig(ctx: FeatureContext, moduleId: number, id: number, actor: Actor) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.getConfig(tx, moduleId, id);
    if (!before) throw notFound();
    await q.deleteConfig(tx, id);
    await writeAudit(tx, {
      event: 'PARALLEL_JOB_CONFIG_DELETED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      moduleId,
      entityType: 'parallel_job_config',
      entityId: id,
      details: {
        configName: before.config_name,
        configType: before.config_type,
        configIds: before.config_ids.map(Number),
      },
    });
  });
  return { message: PARALLEL_JOB_CONFIG_TEXTS.deleted };
}
