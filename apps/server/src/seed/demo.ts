import type { Db } from '@recon/db';
import { seedDemoJob } from './demo-jobs.ts';
import { seedDemoDataSources, seedDemoOperations } from './demo-operations.ts';
import { seedDemoPipelines } from './demo-pipelines.ts';
import { seedDemoRules } from './demo-rules.ts';
import { DEMO_MODULES, seedDemo } from './seed.ts';

/**
 * The whole demo: modules and users, then in the first module the bank and gateway tables, their
 * pipelines with file configs, the recon's two data sources, its rules and the daily load job. Every step is
 * idempotent, so a restart (or an upgrade that adds a step) completes what is missing and duplicates nothing.
 */
export async function seedDemoWorkspace(db: Db): Promise<{ created: boolean }> {
  const result = await seedDemo(db);
  const modules = await db
    .selectFrom('module')
    .select(['id', 'name'])
    .where('name', 'in', [...DEMO_MODULES])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const operations = await seedDemoOperations(
    db,
    modules.map((m) => m.id),
  );
  if (!operations) return result;
  const pipelines = await seedDemoPipelines(db, operations);
  const sources = await seedDemoDataSources(db, { ...operations, ...pipelines });
  await seedDemoRules(db, { moduleId: operations.moduleId, reconId: operations.reconId, ...sources });
  await seedDemoJob(db, { moduleId: operations.moduleId, ...pipelines, reconId: operations.reconId });
  return result;
}
