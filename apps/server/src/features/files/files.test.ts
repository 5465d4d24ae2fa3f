import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_TEXTS, MAX_FILES_PER_UPLOAD, PIPELINE_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config.ts';
import {
  addDataTable,
  addExecution,
  addFileConfig,
  addPipeline,
  pipelineRun,
  workerContext,
} from '@/ingest/test-fixtures.ts';
import { runPipelineActivity } from '@/jobs/activities/pipeline.ts';
import { invalidBody } from '@/testing/error-bodies.ts';
import { multipartBody } from '@/testing/multipart.ts';
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

const UPLOAD_LIMIT = 4096;
let t: TestApp;
let dataDir: string;
let admin: Session;
let operator: Session;
let support: Session;
let moduleA: number;
let moduleB: number;
let tableA: number;
let pipelineB: number;

const columns = [
  { name: 'reference', dataType: 'VARCHAR', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
] as const;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recon-files-'));
  t = await createTestApp({ dataDir, uploadMaxBytes: UPLOAD_LIMIT });
  moduleA = await addModule(t, 'Files A');
  moduleB = await addModule(t, 'Files B');
  await addUser(t, { userName: 'f-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'f-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'f-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  admin = await signIn(t, 'f-admin');
  operator = await signIn(t, 'f-operator');
  support = await signIn(t, 'f-support');
  tableA = (await addDataTable(t.database.db, moduleA, 'ledger', columns)).id;
  const tableB = (await addDataTable(t.database.db, moduleB, 'ledger', columns)).id;
  pipelineB = await addPipeline(t.database.db, moduleB, 'B files', tableB);
  await addFileConfig(t.database.db, pipelineB, [{ fileColumn: 'reference', dataType: 'VARCHAR' }]);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function filePipeline(fileKind: 'csv' | 'xlsx' = 'csv') {
  const id = await addPipeline(t.database.db, moduleA, uniqueName('files pipeline'), tableA);
  await addFileConfig(
    t.database.db,
    id,
    [
      { fileColumn: 'reference', dataType: 'VARCHAR' },
      { fileColumn: 'amount', dataType: 'DOUBLE' },
    ],
    { fileKind },
  );
  return id;
}

function upload(pipelineId: number, files: { name: string; content: string | Buffer }[], session = admin) {
  const { payload, headers } = multipartBody(files);
  return call(t, session, {
    method: 'POST',
    url: `/web/v2/pipelines/${pipelineId}/files`,
    payload,
    headers,
    moduleId: moduleA,
  });
}

async function loadThroughRun(pipelineId: number, fileIds: number[]) {
  const ids = await addExecution(t.database.db, moduleA, pipelineId, uniqueName('files job'));
  await t.database.db
    .updateTable('uploaded_file')
    .set({ job_execution_id: ids.jobExecutionId })
    .where('id', 'in', fileIds)
    .execute();
  await runPipelineActivity(
    workerContext(t.database.db, testConfig({ dataDir })),
    pipelineRun(moduleA, pipelineId, ids),
  ).catch(() => undefined);
  return ids.jobExecutionId;
}

describe('POST /v2/pipelines/{id}/files', () => {
  it('streams each file to DATA_DIR with its hash and answers its status, audited', async () => {
    const id = await filePipeline();
    const content = 'reference,amount\nR1,10.00\n';
    const res = await upload(id, [
      { name: 'day1.csv', content },
      { name: 'day2.CSV', content: 'reference,amount\nR2,20.00\n' },
    ]);
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().data;
    expect(first).toMatchObject({
      fileName: 'day1.csv',
      status: 'UPLOADED',
      uploadStatus: 'UPLOADED',
      // Read once at upload: the header matches the config.
      errorKind: 'No Error',
      sizeBytes: content.length,
    });
    expect(second).toMatchObject({ fileName: 'day2.CSV', status: 'UPLOADED' });
    const row = await t.database.db
      .selectFrom('uploaded_file')
      .selectAll()
      .where('id', '=', first.fileId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      module_id: moduleA,
      pipeline_id: id,
      uploaded_by: admin.userId,
      size_bytes: content.length,
      total_rows: 1,
    });
    expect(row.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(dataDir, row.stored_path), 'utf8')).toBe(content);
    const audit = (await auditRows(t, 'FILE_UPLOADED')).find((r) => r.entity_id === String(first.fileId));
    expect(audit).toMatchObject({ outcome: 'SUCCESS', module_id: moduleA });
  });

  it('tells the rows and the header check of a file waiting for its run, which it keeps either way', async () => {
    const id = await filePipeline();
    const reorderedContent = 'amount,reference\n10.00,R1\n20.00,R2\n30.00,R3\n';
    const res = await upload(id, [
      { name: 'reordered.csv', content: reorderedContent },
      { name: 'short.csv', content: 'reference\nR1\n' },
    ]);
    const [reordered, short] = res.json().data;
    expect(reordered).toMatchObject({ status: 'UPLOADED', errorKind: 'Column Order Changed' });
    expect(short).toMatchObject({
      status: 'UPLOADED',
      errorKind: 'Columns Deleted',
      errorMessage: 'Columns missing from the file: amount',
    });
    const history = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/files?status=UPLOADED&pipelineId=${id}`,
      moduleId: moduleA,
    });
    const rows = history.json().data as { fileName: string; totalRows: number | null; sizeBytes: number }[];
    expect(rows.find((r) => r.fileName === 'reordered.csv')).toMatchObject({
      totalRows: 3,
      sizeBytes: reorderedContent.length,
    });
  });

  it('stores a file with the wrong extension as INVALID with Invalid File Extension', async () => {
    const id = await filePipeline('xlsx');
    const res = await upload(id, [{ name: 'statement.csv', content: 'a,b\n1,2\n' }]);
    expect(res.json().data[0]).toMatchObject({
      status: 'INVALID',
      uploadStatus: 'INVALID',
      errorKind: 'Invalid File Extension',
      errorMessage: 'The pipeline takes .xlsx files',
    });
  });

  it('keeps no bytes of a file over UPLOAD_MAX_BYTES and says so', async () => {
    const id = await filePipeline();
    const res = await upload(id, [{ name: 'huge.csv', content: `reference,amount\n${'R,1\n'.repeat(UPLOAD_LIMIT)}` }]);
    const result = res.json().data[0];
    expect(result).toMatchObject({
      status: 'INVALID',
      errorKind: 'Invalid File Content',
      errorMessage: `The file is larger than the upload limit of ${UPLOAD_LIMIT} bytes`,
    });
    const row = await t.database.db
      .selectFrom('uploaded_file')
      .select('stored_path')
      .where('id', '=', result.fileId)
      .executeTakeFirstOrThrow();
    expect(existsSync(join(dataDir, row.stored_path))).toBe(false);
  });

  it('answers Duplicate Records File and Duplicate File Name for content or a name already loaded', async () => {
    const id = await filePipeline();
    const content = 'reference,amount\nR9,9.00\n';
    const first = (await upload(id, [{ name: 'loaded.csv', content }])).json().data[0];
    await loadThroughRun(id, [first.fileId]);
    const again = (
      await upload(id, [
        { name: 'renamed.csv', content },
        { name: 'loaded.csv', content: 'reference,amount\nR10,1\n' },
      ])
    ).json().data;
    expect(again.map((f: { errorKind: string; status: string }) => [f.status, f.errorKind])).toEqual([
      ['INVALID', 'Duplicate Records File'],
      ['INVALID', 'Duplicate File Name'],
    ]);
  });

  it('answers 400 without files or without multipart, 404 for another module, 403 and 401', async () => {
    const id = await filePipeline();
    const none = await upload(id, []);
    expect([none.statusCode, none.json().message]).toEqual([400, FILE_TEXTS.fileRequired]);
    const json = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/pipelines/${id}/files`,
      payload: {},
      moduleId: moduleA,
    });
    expect([json.statusCode, json.json().message]).toEqual([400, FILE_TEXTS.notMultipart]);
    const other = await upload(pipelineB, [{ name: 'x.csv', content: 'reference\nR\n' }]);
    expect([other.statusCode, other.json()]).toEqual([404, [{ message: PIPELINE_TEXTS.notFound, code: 'NOT_FOUND' }]]);
    const unconfigured = await addPipeline(t.database.db, moduleA, uniqueName('no config'), tableA);
    expect((await upload(unconfigured, [{ name: 'x.csv', content: 'a\n' }])).json().message).toBe(
      FILE_TEXTS.configMissing,
    );
    expect((await upload(id, [{ name: 'x.csv', content: 'a\n' }], support)).statusCode).toBe(403);
    expect((await upload(id, [{ name: 'x.csv', content: 'a\n' }], operator)).statusCode).toBe(200);
    const { payload, headers } = multipartBody([{ name: 'x.csv', content: 'a\n' }]);
    const anonymous = await call(t, null, {
      method: 'POST',
      url: `/web/v2/pipelines/${id}/files`,
      payload,
      headers,
      moduleId: moduleA,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('an upload request refused midway stores none of its files (issue 11.4, 11.5)', () => {
  const rowsOf = (pipelineId: number) =>
    t.database.db.selectFrom('uploaded_file').select('id').where('pipeline_id', '=', pipelineId).execute();
  const bytesOf = (pipelineId: number) => {
    const dir = join(dataDir, 'uploads', String(moduleA), String(pipelineId));
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('answers 413 to 21 files and keeps none of the first 20', async () => {
    const id = await filePipeline();
    const files = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, i) => ({
      name: `part-${i}.csv`,
      content: `reference,amount\nR${i},1\n`,
    }));
    const res = await upload(id, files);
    expect([res.statusCode, res.json()]).toEqual([
      413,
      [{ message: FILE_TEXTS.tooManyFiles, code: 'PAYLOAD_TOO_LARGE' }],
    ]);
    expect(await rowsOf(id)).toEqual([]);
    expect(bytesOf(id)).toEqual([]);
    // 20 is the limit, not a refusal.
    const twenty = await upload(id, files.slice(0, MAX_FILES_PER_UPLOAD));
    expect([twenty.statusCode, twenty.json().data.length]).toEqual([200, MAX_FILES_PER_UPLOAD]);
  });

  it('answers 400, not 500, to a multipart body cut off midway, and keeps nothing of it', async () => {
    const id = await filePipeline();
    const { payload, headers } = multipartBody([
      { name: 'whole.csv', content: 'reference,amount\nR1,1\n' },
      { name: 'cut.csv', content: `reference,amount\n${'R2,2\n'.repeat(100)}` },
    ]);
    const res = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/pipelines/${id}/files`,
      payload: payload.subarray(0, payload.length - 200),
      headers,
      moduleId: moduleA,
    });
    expect([res.statusCode, res.json()]).toEqual([400, invalidBody('files', FILE_TEXTS.bodyCutOff)]);
    expect(await rowsOf(id)).toEqual([]);
    expect(bytesOf(id)).toEqual([]);
  });
});

describe('DELETE /v2/files/{id}: an uploaded file no run took (issue 11.4)', () => {
  it('discards it: DELETED with the reason, bytes removed, audited; refuses a file a run took or a discarded one', async () => {
    const id = await filePipeline();
    const [left, run] = (
      await upload(id, [
        { name: 'left-behind.csv', content: 'reference,amount\nL1,1\n' },
        { name: 'run.csv', content: 'reference,amount\nL2,2\n' },
      ])
    ).json().data;
    const stored = join(dataDir, 'uploads', String(moduleA), String(id), String(left.fileId));
    expect(existsSync(stored)).toBe(true);
    const listed = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/files?status=UPLOADED&pipelineId=${id}`,
      moduleId: moduleA,
    });
    expect(
      listed
        .json()
        .data.map((f: { fileName: string }) => f.fileName)
        .sort(),
    ).toEqual(['left-behind.csv', 'run.csv']);

    const res = await call(t, operator, { method: 'DELETE', url: `/web/v2/files/${left.fileId}`, moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DELETED', errorMessage: FILE_TEXTS.discarded('f-operator') });
    expect(existsSync(stored)).toBe(false);
    const audit = (await auditRows(t, 'FILE_DISCARDED')).find((r) => r.entity_id === String(left.fileId));
    expect(audit).toMatchObject({ outcome: 'SUCCESS', user_id: operator.userId, module_id: moduleA });

    const again = await call(t, admin, { method: 'DELETE', url: `/web/v2/files/${left.fileId}`, moduleId: moduleA });
    expect([again.statusCode, again.json()]).toEqual([409, [{ message: FILE_TEXTS.notDiscardable, code: 'CONFLICT' }]]);
    await loadThroughRun(id, [run.fileId]);
    const taken = await call(t, admin, { method: 'DELETE', url: `/web/v2/files/${run.fileId}`, moduleId: moduleA });
    expect(taken.statusCode).toBe(409);
    const support403 = await call(t, support, {
      method: 'DELETE',
      url: `/web/v2/files/${run.fileId}`,
      moduleId: moduleA,
    });
    expect(support403.statusCode).toBe(403);
    const otherModule = await call(t, admin, {
      method: 'DELETE',
      url: `/web/v2/files/${run.fileId}`,
      moduleId: moduleB,
    });
    expect(otherModule.statusCode).toBe(403);
  });
});

describe('file summary, history and detail', () => {
  it('summarises the files of one execution with their counts', async () => {
    const id = await filePipeline();
    const files = (await upload(id, [{ name: 'good.csv', content: 'reference,amount\nR1,1.00\nR2,abc\n' }])).json()
      .data;
    const executionId = await loadThroughRun(id, [files[0].fileId]);
    const res = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/pipelines/${id}/file_summary?jobExecutionId=${executionId}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        fileId: files[0].fileId,
        fileName: 'good.csv',
        status: 'FINISHED',
        errorKind: 'File Contains Invalid Records',
        totalRows: 2,
        validRows: 1,
        invalidRows: 1,
        duplicateRows: 0,
      }),
    ]);
    const missing = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/pipelines/${id}/file_summary`,
      moduleId: moduleA,
    });
    expect([missing.statusCode, missing.json().message]).toEqual([400, FILE_TEXTS.jobExecutionIdRequired]);
    const other = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/pipelines/${pipelineB}/file_summary?jobExecutionId=${executionId}`,
      moduleId: moduleA,
    });
    expect(other.statusCode).toBe(404);
    const summaryUrl = `/web/v2/pipelines/${id}/file_summary?jobExecutionId=${executionId}`;
    expect((await call(t, support, { method: 'GET', url: summaryUrl, moduleId: moduleA })).statusCode).toBe(403);
    expect((await call(t, null, { method: 'GET', url: summaryUrl, moduleId: moduleA })).statusCode).toBe(401);
  });

  it('pages the history newest first, filtered by pipeline and status, searched and ordered by column', async () => {
    const id = await filePipeline();
    await upload(id, [{ name: 'alpha.csv', content: 'reference,amount\nA,1\n' }]);
    await upload(id, [{ name: 'beta.xlsx', content: 'not a workbook' }]);
    await upload(id, [{ name: 'gamma.csv', content: 'reference,amount\nG,1\n' }]);
    const list = async (query: string, session = operator) =>
      call(t, session, { method: 'GET', url: `/web/v2/files?pipelineId=${id}&${query}`, moduleId: moduleA });
    const all = (await list('start=0&length=10&draw=3')).json();
    expect(all).toMatchObject({ draw: 3, recordsFiltered: 3 });
    expect(all.data.map((f: { fileName: string }) => f.fileName)).toEqual(['gamma.csv', 'beta.xlsx', 'alpha.csv']);
    expect(all.data[0]).toMatchObject({ pipelineId: id, status: 'UPLOADED', uploadedBy: 'f-admin' });
    const invalid = (await list('status=INVALID')).json();
    expect(invalid.data.map((f: { fileName: string; errorKind: string }) => [f.fileName, f.errorKind])).toEqual([
      ['beta.xlsx', 'Invalid File Extension'],
    ]);
    const searched = (await list('columns[0][data]=fileName&columns[0][search][value]=ALP')).json();
    expect(searched.data.map((f: { fileName: string }) => f.fileName)).toEqual(['alpha.csv']);
    const ordered = (await list('columns[0][data]=fileName&order[0][column]=0&order[0][dir]=asc&length=2')).json();
    expect([ordered.recordsFiltered, ordered.data.map((f: { fileName: string }) => f.fileName)]).toEqual([
      3,
      ['alpha.csv', 'beta.xlsx'],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`fromDate=${today}&toDate=${today}`)).json().recordsFiltered).toBe(3);
    expect((await list('fromDate=2020-01-02&toDate=2020-01-01')).json().message).toBe(FILE_TEXTS.dateRangeInvalid);
    expect((await list('', support)).statusCode).toBe(403);
  });

  it('answers one file, and 404 for a file of another module', async () => {
    const id = await filePipeline();
    const [f] = (await upload(id, [{ name: 'one.csv', content: 'reference,amount\nO,1\n' }])).json().data;
    const res = await call(t, operator, { method: 'GET', url: `/web/v2/files/${f.fileId}`, moduleId: moduleA });
    expect(res.json()).toMatchObject({
      id: f.fileId,
      fileName: 'one.csv',
      pipelineId: id,
      jobExecutionId: null,
      sizeBytes: 21,
    });
    const foreign = await t.database.db
      .insertInto('uploaded_file')
      .values({
        module_id: moduleB,
        pipeline_id: pipelineB,
        original_name: 'b.csv',
        stored_path: '',
        size_bytes: 0,
        content_sha256: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await call(t, operator, { method: 'GET', url: `/web/v2/files/${foreign.id}`, moduleId: moduleA });
    expect([other.statusCode, other.json()]).toEqual([404, [{ message: FILE_TEXTS.notFound, code: 'NOT_FOUND' }]]);
    expect(
      (await call(t, null, { method: 'GET', url: `/web/v2/files/${f.fileId}`, moduleId: moduleA })).statusCode,
    ).toBe(401);
  });
});
