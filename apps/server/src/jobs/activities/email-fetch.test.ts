import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobSaveRequest } from '@recon/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Config, testConfig } from '@/config.ts';
import { addDataTable, addFileConfig, addPipeline as addPipelineOver } from '@/ingest/test-fixtures.ts';
import type { Worker } from '@/jobs/worker.ts';
import { OAUTH_PROVIDER_DEFAULTS } from '@/lib/oauth-providers.ts';
import { addPipeline, createJob, jobBody, startTestWorker, waitForStatus } from '@/testing/job-fixtures.ts';
import { authorizeAs, type FakeMessage, type FakeOAuthProvider, startOAuthProvider } from '@/testing/oauth-provider.ts';
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

// The EMAIL_FETCH activity against the local mail provider fake, on a real database with the real job worker:
// mail attachments become files of a pipeline that the job's next PIPE_LINE activity loads (decision 0027).

const MAILBOX = 'reconciliation@shop.example';
const BANK = 'Bank Settlements <settlements@bank.example>';
let fake: FakeOAuthProvider;
let t: TestApp;
let config: Config;
let worker: Worker;

beforeAll(async () => {
  fake = await startOAuthProvider({ email: MAILBOX });
  const overrides: Partial<Config> = {
    publicUrl: 'http://127.0.0.1:5998',
    dataDir: mkdtempSync(join(tmpdir(), 'email-fetch-')),
    oauthProviders: {
      gmail: fake.providerConfig('gmail'),
      outlook: fake.providerConfig('outlook'),
      razorpay: OAUTH_PROVIDER_DEFAULTS.razorpay,
    },
  };
  config = testConfig(overrides);
  t = await createTestApp(overrides);
  worker = await startTestWorker(t, { config });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.state.messages.length = 0;
  fake.state.failMailWith = null;
  fake.state.mailRequests.length = 0;
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const settlement = (id: string, day: string, rows: string, extra: Partial<FakeMessage> = {}): FakeMessage => ({
  id,
  from: BANK,
  subject: `Settlement report ${day}`,
  date: minutesAgo(10),
  attachments: [{ filename: `settlement_${day}.csv`, content: `Reference,Amount\n${rows}` }],
  ...extra,
});

type World = { moduleId: number; admin: Session; pipeline: { id: number; name: string; table: string }; jobId: number };

/** A FILE pipeline over a real data table (reference, amount) with its file upload config. */
async function settlementPipeline(moduleId: number) {
  const name = uniqueName('Bank settlements');
  const table = await addDataTable(t.database.db, moduleId, uniqueName('settle').replace('-', '_'), [
    { name: 'reference', dataType: 'VARCHAR', isMoney: false },
    { name: 'amount', dataType: 'DOUBLE', isMoney: true },
  ]);
  const id = await addPipelineOver(t.database.db, moduleId, name, table.id);
  await addFileConfig(t.database.db, id, [
    { fileColumn: 'Reference', tableColumn: 'reference', dataType: 'VARCHAR' },
    { fileColumn: 'Amount', tableColumn: 'amount', dataType: 'DOUBLE' },
  ]);
  return { id, name, table: table.table };
}

/** A module with its mailbox connected, a settlement pipeline, a rule into it and a job EMAIL_FETCH → PIPE_LINE. */
async function world(provider: 'gmail' | 'outlook' = 'gmail', job: Partial<JobSaveRequest> = {}): Promise<World> {
  const moduleId = await addModule(t, uniqueName('Mail module'));
  const userName = uniqueName('mail-admin');
  await addUser(t, { userName, roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  const admin = await signIn(t, userName);
  const started = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/integrations/email/new',
    payload: { provider },
    moduleId,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { code, state } = await authorizeAs(started.json().authorizeUrl);
  const connected = await call(t, admin, {
    method: 'POST',
    url: `/web/v2/integrations/email/oauth?Find=ByModule&moduleId=${moduleId}`,
    payload: { provider, code, state },
    moduleId,
  });
  expect(connected.statusCode, connected.body).toBe(200);
  const pipeline = await settlementPipeline(moduleId);
  await addRule(moduleId, admin, pipeline.id, {
    name: 'Bank settlement mails',
    sender: 'settlements@bank.example',
    subjectPattern: 'Settlement report *',
    attachmentPattern: 'settlement_*.csv',
  });
  const body = jobBody([pipeline.id]);
  const jobId = await createJob(t, admin, moduleId, {
    ...body,
    activities: [
      {
        sequence: 1,
        enabled: true,
        type: 'EMAIL_FETCH',
        activity: {},
        bulkProcessorActivityDetails: null,
        disputeActivity: null,
      },
      ...(body.activities ?? []).map((a) => ({ ...a, sequence: 2 })),
    ],
    ...job,
  });
  return { moduleId, admin, pipeline, jobId };
}

async function addRule(
  moduleId: number,
  admin: Session,
  pipelineId: number,
  r: { name: string; sender: string; subjectPattern: string; attachmentPattern: string },
) {
  const res = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/emailParsingConfig',
    payload: { ...r, pipelineId, isActive: true },
    moduleId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function runJob(w: World, expected: string[]) {
  const res = await call(t, w.admin, {
    method: 'POST',
    url: '/web/v2/jobs?opertionType=MANUAL_JOB_EXEC',
    payload: { id: w.jobId, jobExecutionParam: {} },
    moduleId: w.moduleId,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as number;
  const status = await waitForStatus(t, id, [...expected, 'COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED'], 30_000);
  const activities = await t.database.db
    .selectFrom('activity_execution')
    .select(['sequence', 'type', 'status', 'error_message', 'counts'])
    .where('job_execution_id', '=', id)
    .orderBy('sequence')
    .execute();
  return { id, status, activities };
}

async function fetched(w: World, executionId: number) {
  const res = await call(t, w.admin, {
    method: 'GET',
    url: `/web/v2/integrations/email/fetchEmails/metaData/${executionId}`,
    moduleId: w.moduleId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>[];
}

const rowsIn = async (table: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(table)}`.execute(t.database.db)).rows[0]?.n;

describe('a job EMAIL_FETCH → PIPE_LINE', () => {
  it('stores the matching attachments as uploads of the rule’s pipeline, loads them, and never stores one twice', async () => {
    const w = await world();
    fake.state.messages.push(
      settlement('m1', '25-11', 'R1,10.00\nR2,20.50\n'),
      settlement('m2', '26-11', 'R3,7.25\n', {
        attachments: [
          { filename: 'settlement_26-11.csv', content: 'Reference,Amount\nR3,7.25\n' },
          { filename: 'logo.png', content: 'png' },
        ],
      }),
      // Another sender, and the bank's mail with an attachment the rule does not name: neither is taken.
      settlement('m3', '26-11', 'X1,1\n', { from: 'Promotions <offers@shop.example>' }),
      settlement('m4', '27-11', '', { attachments: [{ filename: 'invoice_27-11.pdf', content: '%PDF' }] }),
    );

    const first = await runJob(w, []);
    expect(first.status, JSON.stringify(first.activities)).toBe('COMPLETED');
    expect(first.activities.map((a) => [a.type, a.status])).toEqual([
      ['EMAIL_FETCH', 'COMPLETED'],
      ['PIPE_LINE', 'COMPLETED'],
    ]);
    expect(first.activities[0]?.counts).toEqual({
      mails: 4,
      attachments: 2,
      filesStored: 2,
      alreadyFetched: 0,
      skipped: 0,
      failed: 0,
    });
    expect(first.activities[1]?.counts).toMatchObject({ files: 2, totalRows: 3, loadedRows: 3, rejectedFiles: 0 });
    expect(await rowsIn(w.pipeline.table)).toBe(3);

    const records = await fetched(w, first.id);
    expect(records).toEqual([
      expect.objectContaining({
        account: MAILBOX,
        messageId: 'm1',
        sender: 'settlements@bank.example',
        subject: 'Settlement report 25-11',
        attachmentName: 'settlement_25-11.csv',
        ruleName: 'Bank settlement mails',
        pipelineName: w.pipeline.name,
        status: 'LOADED',
        fileId: expect.any(Number),
        receivedAt: expect.any(String),
        detail: null,
      }),
      expect.objectContaining({ messageId: 'm2', attachmentName: 'settlement_26-11.csv', status: 'LOADED' }),
    ]);
    // Each file is what an upload would have made: same storage, hash, size, header scan and audit.
    const files = await t.database.db
      .selectFrom('uploaded_file')
      .selectAll()
      .where(
        'id',
        'in',
        records.map((r) => r.fileId as number),
      )
      .orderBy('id')
      .execute();
    const content = 'Reference,Amount\nR1,10.00\nR2,20.50\n';
    expect(files[0]).toMatchObject({
      pipeline_id: w.pipeline.id,
      original_name: 'settlement_25-11.csv',
      content_sha256: createHash('sha256').update(content).digest('hex'),
      size_bytes: Buffer.byteLength(content),
      stored_path: `uploads/${w.moduleId}/${w.pipeline.id}/${files[0]?.id}`,
      status: 'FINISHED',
      total_rows: 2,
      job_execution_id: first.id,
      uploaded_by: w.admin.userId,
    });
    const audits = await auditRows(t, 'FILE_UPLOADED');
    expect(audits.filter((a) => files.some((f) => String(f.id) === a.entity_id)).map((a) => a.user_name)).toEqual([
      w.admin.userName,
      w.admin.userName,
    ]);

    // A new settlement arrives; the run again reads the two fetched mails (within the overlap) but stores only it.
    fake.state.messages.push(settlement('m5', '28-11', 'R4,1.00\n'));
    const second = await runJob(w, []);
    expect(second.status, JSON.stringify(second.activities)).toBe('COMPLETED');
    expect(second.activities[0]?.counts).toMatchObject({ filesStored: 1, alreadyFetched: 2 });
    expect(second.activities[1]?.counts).toMatchObject({ files: 1, loadedRows: 1 });
    expect(await rowsIn(w.pipeline.table)).toBe(4);
    expect((await fetched(w, second.id)).map((r) => [r.messageId, r.status])).toEqual([['m5', 'LOADED']]);
    // The second read asked only for mail since the first fetch (less the overlap), not the whole mailbox.
    const lists = fake.state.mailRequests.filter((r) => r.startsWith('/gmail/v1/users/me/messages?'));
    expect(lists).toHaveLength(2);
    expect(decodeURIComponent(lists[1] ?? '')).toMatch(/q=has:attachment after:\d+/);
  });

  it('takes over an attachment an interrupted run claimed, joining the file it stored instead of storing it again', async () => {
    const w = await world();
    fake.state.messages.push(settlement('m1', '25-11', 'R1,10.00\n'));
    const first = await runJob(w, []);
    const [record] = await fetched(w, first.id);
    // As if the run had stopped after storing the file and before the file joined it.
    await t.database.db
      .updateTable('mail_fetch_record')
      .set({ status: 'FETCHING' })
      .where('id', '=', record?.id as number)
      .execute();
    await t.database.db
      .updateTable('uploaded_file')
      .set({ job_execution_id: null, activity_execution_id: null, status: 'UPLOADED', upload_status: 'UPLOADED' })
      .where('id', '=', record?.fileId as number)
      .execute();
    const filesBefore = await t.database.db
      .selectFrom('uploaded_file')
      .select('id')
      .where('pipeline_id', '=', w.pipeline.id)
      .execute();
    const again = await runJob(w, []);
    expect(again.activities[0]?.counts).toMatchObject({ filesStored: 1, alreadyFetched: 0 });
    expect((await fetched(w, again.id)).map((r) => [r.messageId, r.status, r.fileId])).toEqual([
      ['m1', 'LOADED', record?.fileId],
    ]);
    const filesAfter = await t.database.db
      .selectFrom('uploaded_file')
      .select('id')
      .where('pipeline_id', '=', w.pipeline.id)
      .execute();
    expect(filesAfter).toEqual(filesBefore);
  });

  it('reads outlook through Microsoft Graph: the inbox since the last fetch, attachments per message', async () => {
    const w = await world('outlook');
    fake.state.messages.push(settlement('AAMk-1', '25-11', 'R1,10.00\nR2,5.00\n'));
    const run = await runJob(w, []);
    expect(run.status, JSON.stringify(run.activities)).toBe('COMPLETED');
    expect(run.activities[1]?.counts).toMatchObject({ files: 1, loadedRows: 2 });
    expect((await fetched(w, run.id)).map((r) => [r.messageId, r.sender, r.attachmentName, r.status])).toEqual([
      ['AAMk-1', 'settlements@bank.example', 'settlement_25-11.csv', 'LOADED'],
    ]);
    expect(fake.state.mailRequests.map(decodeURIComponent)).toEqual([
      expect.stringMatching(
        /^\/graph\/v1\.0\/me\/mailFolders\/inbox\/messages\?\$filter=receivedDateTime ge \d{4}-\d\d-\d\dT[\d:.]+Z and hasAttachments eq true/,
      ),
      '/graph/v1.0/me/messages/AAMk-1/attachments',
    ]);
  });

  it('skips a rule whose pipeline cannot take files, saying why, and still loads the others', async () => {
    const w = await world();
    const bare = await addPipeline(t, w.moduleId, uniqueName('No config'));
    await addRule(w.moduleId, w.admin, bare.id, {
      name: 'PSP payouts',
      sender: 'payouts@psp.example',
      subjectPattern: '',
      attachmentPattern: '*.csv',
    });
    fake.state.messages.push(
      settlement('m1', '25-11', 'R1,10.00\n'),
      settlement('m2', '25-11', 'P1,1\n', { from: 'payouts@psp.example', subject: 'Payouts' }),
    );
    const run = await runJob(w, []);
    expect(run.status, JSON.stringify(run.activities)).toBe('PARTIALLY_COMPLETED');
    expect(run.activities.map((a) => a.status)).toEqual(['PARTIALLY_COMPLETED', 'COMPLETED']);
    const records = await fetched(w, run.id);
    expect(records.map((r) => [r.messageId, r.status, r.fileId === null, r.detail])).toEqual([
      ['m1', 'LOADED', false, null],
      ['m2', 'SKIPPED', true, expect.stringMatching(/^Rule "PSP payouts" skipped: /)],
    ]);
  });

  it('fails with the reason when the provider answers an error, and when the mailbox access was revoked', async () => {
    const w = await world();
    fake.state.messages.push(settlement('m1', '25-11', 'R1,10.00\n'));
    fake.state.failMailWith = 503;
    const outage = await runJob(w, []);
    expect(outage.status).toBe('FAILED');
    expect([outage.activities[0]?.status, outage.activities[0]?.error_message]).toEqual([
      'FAILED',
      `The gmail mailbox ${MAILBOX} could not be read: The mail provider answered 503`,
    ]);
    expect(outage.activities[1]?.status).not.toBe('COMPLETED');
    expect(await fetched(w, outage.id)).toEqual([]);

    fake.state.failMailWith = null;
    fake.revokeAll();
    const revoked = await runJob(w, []);
    expect(revoked.status).toBe('FAILED');
    expect(revoked.activities[0]?.error_message).toBe(
      `The gmail mailbox ${MAILBOX} could not be read: Refresh refused (invalid_grant): reconnect`,
    );
    expect(await rowsIn(w.pipeline.table)).toBe(0);
  });
});

describe('choosing what an EMAIL_FETCH activity fetches', () => {
  it('offers the module’s rules and mail accounts, and takes one rule as the activity’s target', async () => {
    const w = await world();
    const res = await call(t, w.admin, {
      method: 'GET',
      url: '/web/v2/jobs?Find=EmailFetchConfigs',
      moduleId: w.moduleId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data, accounts } = res.json();
    expect(data).toEqual([
      expect.objectContaining({
        name: 'Bank settlement mails',
        sender: 'settlements@bank.example',
        attachmentPattern: 'settlement_*.csv',
        pipelineId: w.pipeline.id,
        pipelineName: w.pipeline.name,
        isActive: true,
      }),
    ]);
    expect(accounts).toEqual([expect.objectContaining({ provider: 'gmail', account: MAILBOX, status: 'CONNECTED' })]);

    const activity = (typeId: number) => ({
      sequence: 1,
      enabled: true,
      type: 'EMAIL_FETCH',
      activity: { typeId },
      bulkProcessorActivityDetails: null,
      disputeActivity: null,
    });
    const unknown = await call(t, w.admin, {
      method: 'POST',
      url: '/web/v2/jobs',
      payload: { ...jobBody([]), activities: [activity(999_999)] },
      moduleId: w.moduleId,
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      400,
      'Activity 1: email parsing rule 999999 not found',
    ]);
    const jobId = await createJob(t, w.admin, w.moduleId, { ...jobBody([]), activities: [activity(data[0].id)] });
    const job = await call(t, w.admin, { method: 'GET', url: `/web/v2/jobs/${jobId}`, moduleId: w.moduleId });
    expect(job.json().activities[0]).toMatchObject({
      type: 'EMAIL_FETCH',
      activity: { typeId: data[0].id, name: 'Bank settlement mails' },
    });
  });
});
