import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPipeline } from '@/testing/job-fixtures.ts';
import { addModule, createTestApp, type TestApp } from '@/testing/test-app.ts';
import { DEMO_JOB_NAME, seedDemoJob } from './demo-jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedDemoJob', () => {
  it('creates the daily load job with the bank then the gateway pipeline then the recon, once', async () => {
    const moduleId = await addModule(t, 'Demo module');
    const bank = await addPipeline(t, moduleId, 'Bank statement');
    const pg = await addPipeline(t, moduleId, 'PG settlement');
    const { id: reconId } = await t.database.db
      .insertInto('recon')
      .values({ module_id: moduleId, name: 'Demo recon' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = { moduleId, bankPipelineId: bank.id, pgPipelineId: pg.id, reconId };
    const id = await seedDemoJob(t.database.db, ids);
    expect(await seedDemoJob(t.database.db, ids)).toBe(id);
    const jobs = await t.database.db
      .selectFrom('job')
      .select(['id', 'name'])
      .where('module_id', '=', moduleId)
      .execute();
    expect(jobs).toEqual([{ id, name: DEMO_JOB_NAME }]);
    const activities = await t.database.db
      .selectFrom('job_activity')
      .select(['sequence', 'type', 'type_id', 'enabled'])
      .where('job_id', '=', id)
      .orderBy('sequence')
      .execute();
    expect(activities).toEqual([
      { sequence: 1, type: 'PIPE_LINE', type_id: bank.id, enabled: true },
      { sequence: 2, type: 'PIPE_LINE', type_id: pg.id, enabled: true },
      { sequence: 3, type: 'RECON', type_id: reconId, enabled: true },
    ]);
    const filters = await t.database.db
      .selectFrom('job_filter')
      .select('filter_name')
      .where('job_id', '=', id)
      .execute();
    expect(filters).toHaveLength(4);
  });
});
