import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoWorkspace } from './demo.ts';
import { seedSystem } from './seed.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedSystem(t.db);
});
afterAll(() => t.drop());

const counts = async () => {
  const n = async (
    table: 'module' | 'app_user' | 'data_table' | 'pipeline' | 'file_upload_config' | 'data_source' | 'job' | 'recon',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    modules: await n('module'),
    users: await n('app_user'),
    tables: await n('data_table'),
    pipelines: await n('pipeline'),
    fileConfigs: await n('file_upload_config'),
    recons: await n('recon'),
    dataSources: await n('data_source'),
    jobs: await n('job'),
  };
};

describe('seedDemoWorkspace', () => {
  it('creates the demo workspace once and adds nothing on a second run', async () => {
    expect((await seedDemoWorkspace(t.db)).created).toBe(true);
    const first = await counts();
    expect(first).toEqual({
      modules: 2,
      users: 5,
      tables: 2,
      pipelines: 2,
      fileConfigs: 2,
      recons: 1,
      dataSources: 2,
      jobs: 1,
    });
    expect((await seedDemoWorkspace(t.db)).created).toBe(false);
    expect(await counts()).toEqual(first);
  });
});
