import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_TEXTS, fileNotRunnable } from '@recon/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config.ts';
import {
  addDataTable,
  addExecution,
  addFileConfig,
  addPipeline,
  addStoredFile,
  pipelineRun,
  workerContext,
} from '@/ingest/test-fixtures.ts';
import { runPipelineActivity } from '@/jobs/activities/pipeline.ts';
import { beginReceiving, endReceiving } from '@/lib/uploads.ts';
import { createJob, jobBody } from '@/testing/job-fixtures.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { sweepUploads } from './upload-sweep.ts';

const HOUR_MS = 60 * 60 * 1000;
let t: TestApp;
let dataDir: string;
let admin: Session;
let moduleId: number;
let tableId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recon-sweep-'));
  t = await createTestApp({ dataDir });
  moduleId = await addModule(t, 'Sweep');
  await addUser(t, { userName: 'sweep-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'sweep-admin');
  tableId = (
    await addDataTable(t.database.db, moduleId, 'swept', [{ name: 'reference', dataType: 'VARCHAR', isMoney: false }])
  ).id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const config = () =>
  testConfig({
    dataDir,
    uploadInterruptedAfterSeconds: 3600,
    uploadAbandonedHours: 24,
    uploadSweepIntervalSeconds: 60,
  });
const sweep = (isStartUp: boolean, now = new Date()) =>
  sweepUploads({ db: t.database.db, config: config(), log: pino({ level: 'silent' }), now: () => now }, { isStartUp });

async function filePipeline() {
  const id = await addPipeline(t.database.db, moduleId, uniqueName('sweep pipeline'), tableId);
  await addFileConfig(t.database.db, id, [{ fileColumn: 'reference', dataType: 'VARCHAR' }]);
  return id;
}

/** What a crash mid-upload leaves: a row UPLOAD_STARTED with no stored path, and the bytes received so far. */
async function cutOffUpload(pipelineId: number, startedAt = new Date()) {
  const row = await t.database.db
    .insertInto('uploaded_file')
    .values({
      module_id: moduleId,
      pipeline_id: pipelineId,
      original_name: 'cut.csv',
      stored_path: '',
      size_bytes: 0,
      content_sha256: '',
      status: 'UPLOADED',
      upload_status: 'UPLOAD_STARTED',
      uploaded_by: admin.userId,
      created_at: startedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dir = join(dataDir, 'uploads', String(moduleId), String(pipelineId));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, String(row.id)), 'reference\nR1\nR2');
  return { id: row.id, bytes: join(dir, String(row.id)) };
}

const fileRow = (id: number) =>
  t.database.db.selectFrom('uploaded_file').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('interrupted uploads', () => {
  it('fails every upload cut off by a stop at start-up, with the reason, and deletes its partial bytes', async () => {
    const pipelineId = await filePipeline();
    const cut = await cutOffUpload(pipelineId);
    const result = await sweep(true, new Date(Date.now() + 1000));
    expect(result.interrupted).toContain(cut.id);
    expect(await fileRow(cut.id)).toMatchObject({
      status: 'INVALID',
      upload_status: 'INVALID',
      error_kind: 'Invalid File Content',
      error_message: FILE_TEXTS.uploadInterrupted,
    });
    expect(existsSync(cut.bytes)).toBe(false);
  });

  it('on the timer, leaves an upload this process is receiving and a recent one, and fails an old one', async () => {
    const pipelineId = await filePipeline();
    const now = new Date();
    const receiving = await cutOffUpload(pipelineId, new Date(now.getTime() - 5 * HOUR_MS));
    const recent = await cutOffUpload(pipelineId, new Date(now.getTime() - 10 * 60 * 1000));
    const old = await cutOffUpload(pipelineId, new Date(now.getTime() - 2 * HOUR_MS));
    beginReceiving(receiving.id);
    try {
      const result = await sweep(false, now);
      expect(result.interrupted).toEqual([old.id]);
      expect((await fileRow(receiving.id)).upload_status).toBe('UPLOAD_STARTED');
      expect(existsSync(receiving.bytes)).toBe(true);
      expect((await fileRow(recent.id)).upload_status).toBe('UPLOAD_STARTED');
      expect((await fileRow(old.id)).error_message).toBe(FILE_TEXTS.uploadInterrupted);
    } finally {
      endReceiving(receiving.id);
    }
    // Its receiver gone (the request failed without a word), the next sweep takes it.
    expect((await sweep(false, now)).interrupted).toEqual([receiving.id]);
  });

  it('refuses to run a file that is not fully stored, before and after the sweep, with the reason', async () => {
    const pipelineId = await filePipeline();
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineId]));
    const cut = await cutOffUpload(pipelineId);
    const run = () =>
      call(t, admin, {
        method: 'POST',
        url: '/web/v2/jobs?opertionType=MANUAL_JOB_EXEC',
        payload: { id: jobId, jobExecutionParam: {}, fileIds: [cut.id] },
        moduleId,
      });
    const receiving = await run();
    expect([receiving.statusCode, receiving.json().message]).toEqual([
      400,
      fileNotRunnable(cut.id, FILE_TEXTS.notStored),
    ]);
    await sweep(true, new Date(Date.now() + 1000));
    const swept = await run();
    expect([swept.statusCode, swept.json().message]).toEqual([
      400,
      fileNotRunnable(cut.id, FILE_TEXTS.uploadInterrupted),
    ]);
  });

  it('fails the load with a clear message, never EISDIR or ENOENT, when a run holds a file without its bytes', async () => {
    const pipelineId = await filePipeline();
    const ids = await addExecution(t.database.db, moduleId, pipelineId, uniqueName('sweep job'));
    // Attached the way the old code allowed: a row still UPLOAD_STARTED, no stored path.
    const cut = await cutOffUpload(pipelineId);
    await t.database.db
      .updateTable('uploaded_file')
      .set({ job_execution_id: ids.jobExecutionId })
      .where('id', '=', cut.id)
      .execute();
    // And one whose bytes were removed from DATA_DIR after it was stored.
    const gone = await addStoredFile(t.database.db, dataDir, {
      moduleId,
      pipelineId,
      name: 'gone.csv',
      content: 'reference\nG1\n',
      jobExecutionId: ids.jobExecutionId,
    });
    await rm(join(dataDir, (await fileRow(gone)).stored_path));
    const failure = await runPipelineActivity(
      workerContext(t.database.db, config()),
      pipelineRun(moduleId, pipelineId, ids),
    ).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(failure).toContain(`cut.csv: INVALID — Invalid File Content: ${FILE_TEXTS.notStored}`);
    expect(failure).toContain(`gone.csv: INVALID — Invalid File Content: ${FILE_TEXTS.notStored}`);
    expect(failure).not.toMatch(/EISDIR|ENOENT/);
  });
});

describe('abandoned uploads', () => {
  it('expire after UPLOAD_ABANDONED_HOURS: DELETED with the reason, bytes removed, audited; a file a run took stays', async () => {
    const pipelineId = await filePipeline();
    const abandoned = await addStoredFile(t.database.db, dataDir, {
      moduleId,
      pipelineId,
      name: 'abandoned.csv',
      content: 'reference\nA1\n',
    });
    const ids = await addExecution(t.database.db, moduleId, pipelineId, uniqueName('sweep job'));
    const taken = await addStoredFile(t.database.db, dataDir, {
      moduleId,
      pipelineId,
      name: 'taken.csv',
      content: 'reference\nT1\n',
      jobExecutionId: ids.jobExecutionId,
    });
    const stored = join(dataDir, (await fileRow(abandoned)).stored_path);
    expect((await sweep(false, new Date(Date.now() + 23 * HOUR_MS))).expired).toEqual([]);
    const result = await sweep(false, new Date(Date.now() + 25 * HOUR_MS));
    expect(result.expired).toEqual([abandoned]);
    expect(await fileRow(abandoned)).toMatchObject({ status: 'DELETED', error_message: FILE_TEXTS.expired(24) });
    expect(existsSync(stored)).toBe(false);
    expect((await fileRow(taken)).status).toBe('UPLOADED');
    const audit = (await auditRows(t, 'FILE_DISCARDED')).find((r) => r.entity_id === String(abandoned));
    expect(audit).toMatchObject({ outcome: 'SUCCESS', user_id: null, module_id: moduleId });
  });
});
