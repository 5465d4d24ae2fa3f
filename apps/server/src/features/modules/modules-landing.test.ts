import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '@/lib/audit.ts';
import { addPipeline, addUploadedFile } from '@/testing/job-fixtures.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

/**
 * Find=Landing (issue 12): after sign-in the user opens the module they last worked in that has data, not an
 * empty one that comes first by name.
 */

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A module named to sort first or last, with rows loaded from a file (or a file in that status) when asked. */
async function moduleWith(name: string, file?: { status: string }): Promise<number> {
  n += 1;
  const id = await addModule(t, `${name} ${n}`);
  if (file) {
    const pipeline = await addPipeline(t, id);
    const fileId = await addUploadedFile(t, { moduleId: id, pipelineId: pipeline.id, status: file.status });
    await t.database.db.updateTable('uploaded_file').set({ valid_rows: 3 }).where('id', '=', fileId).execute();
  }
  return id;
}

async function member(moduleIds: number[]): Promise<Session> {
  n += 1;
  const userName = `landing-${n}`;
  await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds });
  return signIn(t, userName);
}

/** Something the user did in a module, audited (later calls are later). */
const workIn = (s: Session, moduleId: number) =>
  writeAudit(t.database.db, { event: 'FILE_UPLOADED', outcome: 'SUCCESS', userId: s.userId, moduleId });

async function landing(s: Session): Promise<number | null> {
  const res = await call(t, s, { method: 'GET', url: '/web/v2/modules?Find=Landing' });
  expect(res.statusCode).toBe(200);
  return res.json().moduleId;
}

describe('GET /v2/modules?Find=Landing', () => {
  it('passes over the empty module the user was in last for the one with data', async () => {
    const empty = await moduleWith('Aa empty');
    const loaded = await moduleWith('Zz loaded', { status: 'FINISHED' });
    const s = await member([empty, loaded]);
    await workIn(s, loaded);
    await workIn(s, empty);

    expect(await landing(s)).toBe(loaded);
  });

  it('opens the module with data the user worked in last', async () => {
    const first = await moduleWith('Aa loaded', { status: 'FINISHED' });
    const second = await moduleWith('Zz loaded', { status: 'FINISHED' });
    const s = await member([first, second]);
    await workIn(s, first);
    await workIn(s, second);
    expect(await landing(s)).toBe(second);

    await workIn(s, first);
    expect(await landing(s)).toBe(first);
  });

  it('opens the first module with data for a user who worked nowhere yet; rolled-back files are no data', async () => {
    const empty = await moduleWith('Aa empty');
    const rolledBack = await moduleWith('Bb rolled back', { status: 'ROLLED_BACK' });
    const loaded = await moduleWith('Cc loaded', { status: 'FINISHED' });
    const s = await member([empty, rolledBack, loaded]);

    expect(await landing(s)).toBe(loaded);
  });

  it('without data anywhere: the module last worked in, else none (the first assigned is then opened)', async () => {
    const first = await moduleWith('Aa empty');
    const second = await moduleWith('Zz empty');
    const s = await member([first, second]);
    expect(await landing(s)).toBeNull();

    await workIn(s, second);
    expect(await landing(s)).toBe(second);
  });

  it('never names a module the user is not assigned to', async () => {
    const loaded = await moduleWith('Aa loaded', { status: 'FINISHED' });
    const own = await moduleWith('Zz empty');
    const s = await member([own]);
    await workIn(s, loaded);

    expect(await landing(s)).toBeNull();
  });
});
