import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { testConfig } from '@/config.ts';
import type { Worker } from '@/jobs/worker.ts';
import { startTestWorker } from '@/testing/job-fixtures.ts';
import { multipartBody } from '@/testing/multipart.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

/**
 * The golden cases of the bank-xlsx and network-raw families set a recon up the way a client does, through the
 * HTTP API only: data tables, FILE pipelines with their file-upload configs, a recon with its data sources,
 * rules, a job; then the fixture files are uploaded, the job runs on a real worker, and the results are read
 * back through the transactions and file-history calls. Only the module and its admin are seeded directly.
 */

export type GoldenWorld = {
  t: TestApp;
  admin: Session;
  moduleId: number;
  close: () => Promise<void>;
};

export async function startGoldenWorld(label: string): Promise<GoldenWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), `recon-golden-${label}-`));
  const t = await createTestApp({ dataDir });
  const moduleId = await addModule(t, `${label} golden`);
  await addUser(t, { userName: `${label}-admin`, roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  const admin = await signIn(t, `${label}-admin`);
  const worker: Worker = await startTestWorker(t, { config: testConfig({ dataDir }) });
  return {
    t,
    admin,
    moduleId,
    close: async () => {
      await worker.stop();
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An API call of the world's admin in its module; fails the test on any other status than `status`. */
export async function api<T = Record<string, unknown>>(
  w: GoldenWorld,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers?: Record<string, string>,
  status = 200,
): Promise<T> {
  const res = await call(w.t, w.admin, {
    method,
    url: `/web${url}`,
    moduleId: w.moduleId,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    ...(headers ? { headers } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json() as T;
}

export type Column = { name: string; dataType: 'VARCHAR' | 'DATE' | 'DOUBLE' | 'INT' | 'DATETIME' };

export async function createDataTable(w: GoldenWorld, name: string, columns: readonly Column[]) {
  return api<{ id: number; tableName: string; historyTableName: string; invalidTableName: string }>(
    w,
    'POST',
    '/v2/datatables',
    { name, columns },
  );
}

/** A FILE pipeline into the table, with its file-upload config (the body the pipeline editor sends). */
export async function createFilePipeline(w: GoldenWorld, name: string, dataTableId: number, config: object) {
  const { id } = await api<{ id: number }>(w, 'POST', '/v2/pipeline', { name, source: 'FILE', dataTableId });
  await api(w, 'POST', `/v2/admin/pipelines/${id}/file_upload_configs`, config);
  return id;
}

export async function createRecon(w: GoldenWorld, name: string) {
  return (await api<{ id: number }>(w, 'POST', '/v2/recons', { name })).id;
}

/** A data source of the recon on a table (every column a data element), loaded by the pipeline. */
export async function createDataSource(
  w: GoldenWorld,
  s: {
    reconId: number;
    name: string;
    pipelineId: number;
    table: Awaited<ReturnType<typeof createDataTable>>;
  },
) {
  const body = {
    product: { id: w.moduleId },
    name: s.name,
    recon: { id: s.reconId },
    pipeline: { id: s.pipelineId },
    pipelineIdForInvalidData: s.pipelineId,
    maxDuplicateRecord: '0',
    maxDuplicateRecordCountMethod: 'COUNT',
    maxInvalidRecord: '0',
    maxInvalidRecordCountMethod: 'COUNT',
    table: s.table.tableName,
    historyTable: s.table.historyTableName,
    invalidTable: s.table.invalidTableName,
  };
  return (await api<{ id: number }>(w, 'POST', '/v2/datasources', body)).id;
}

// Rule conditions in the stored form the rule editor sends.

type Transform = { type: string; argument?: number | null; args?: Record<string, string | number> };
type Element = ReturnType<typeof column> | ReturnType<typeof constant>;

export const column = (dataSourceId: number, columnName: string, transforms: Transform[] = []) => ({
  valueType: 'COLUMN',
  dataSourceId,
  columnName,
  transforms: transforms.map((x) => ({ argument: null, ...x })),
  aggregation: null,
});
export const constant = (value: string) => ({ valueType: 'CONSTANT', value });

export function condition(
  sequence: number,
  one: Element,
  two: Element,
  more: { type?: 'MATCHING' | 'FILTER'; tolerance?: number } = {},
) {
  return {
    sequence,
    ruleConditionType: more.type ?? 'MATCHING',
    conditionJointType: 'AND',
    primaryCondition: false,
    conditionEnable: true,
    elementOne: one,
    operator: 'EQUAL',
    elementSecond: two,
    tolerance: more.tolerance ?? null,
  };
}

export async function createRule(w: GoldenWorld, reconId: number, name: string, conditions: object[]) {
  await api(w, 'POST', '/v2/rules', {
    reconId,
    name,
    description: name,
    ruleType: 'RECONCILED',
    enabled: true,
    conditions,
  });
}

/** A manual job: one PIPE_LINE activity per pipeline, in order, then the recon. */
export async function createJob(w: GoldenWorld, name: string, pipelineIds: readonly number[], reconId: number) {
  const activities = [
    ...pipelineIds.map((typeId) => ({ type: 'PIPE_LINE', activity: { typeId, pipelineSource: 'FILE' } })),
    { type: 'RECON', activity: { typeId: reconId } },
  ].map((a, i) => ({ sequence: i + 1, enabled: true, ...a }));
  const body = {
    name,
    description: name,
    noOfRetrial: 0,
    retrialInterval: 0,
    scheduleType: 'MANUAL',
    activities,
    jobFilters: [],
  };
  return (await api<{ id: number }>(w, 'POST', '/v2/jobs', body)).id;
}

/** Uploads one file of a fixture folder to the pipeline; answers its file id. */
export async function uploadFixture(w: GoldenWorld, pipelineId: number, folder: string, fileName: string) {
  const content = await readFile(join(folder, fileName));
  const { payload, headers } = multipartBody([{ name: fileName, content }]);
  const res = await api<{ data: { fileId: number; status: string }[] }>(
    w,
    'POST',
    `/v2/pipelines/${pipelineId}/files`,
    payload as unknown as object,
    headers,
  );
  expect(res.data.map((f) => f.status)).toEqual(['UPLOADED']);
  return res.data[0]?.fileId as number;
}

/** Runs the job on the uploaded files as the Run button does and waits for the execution to end. */
export async function runJob(w: GoldenWorld, jobId: number, fileIds: readonly number[]) {
  const run = await api<{ id: number }>(w, 'POST', '/v2/jobs?opertionType=MANUAL_JOB_EXEC', {
    id: jobId,
    jobExecutionParam: {},
    fileIds,
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const execution = await api<{ status: string }>(w, 'GET', `/v2/jobexecutions/${run.id}`);
    if (!['RUNNING', 'RUNNABLE'].includes(execution.status)) return execution.status;
    if (Date.now() > deadline) throw new Error(`execution ${run.id} still ${execution.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs a recon on its own (the Run button of Recon Runs) and waits for the run to end. */
export async function runRecon(w: GoldenWorld, reconId: number) {
  const run = await api<{ id: number }>(w, 'POST', '/v2/reconruns', { reconId }, undefined, 202);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await api<{ status: string }>(w, 'GET', `/v2/reconruns/${run.id}`);
    if (!['RUNNING', 'QUEUED'].includes(r.status)) return r.status;
    if (Date.now() > deadline) throw new Error(`recon run ${run.id} still ${r.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export type TabRow = {
  id: number;
  status: string;
  matchId: number | null;
  ruleName: string | null;
  fileName: string | null;
  values: Record<string, string | null>;
};

/** Every row of one tab of a data source (Find=ByTab), with the tab's count (Find=ByTabCount). */
export async function tabOf(w: GoldenWorld, reconId: number, dataSourceId: number, tab: string) {
  const q = `tab=${tab}&reconId=${reconId}&dataSourceId=${dataSourceId}`;
  const page = await api<{ data: TabRow[]; recordsTotal: number }>(
    w,
    'GET',
    `/v2/transactions?Find=ByTab&${q}&start=0&length=2000`,
  );
  const counts = await api<{ recordsTotal: number }>(w, 'GET', `/v2/transactions?Find=ByTabCount&${q}`);
  expect(counts.recordsTotal).toBe(page.data.length);
  return page.data;
}

export type FileHistoryRow = {
  fileName: string;
  status: string;
  errorKind: string | null;
  totalRows: number | null;
  validRows: number | null;
  invalidRows: number | null;
  skippedRows?: number | null;
  skipped?: { reason: string; count: number }[];
};

/** The file-upload history of a pipeline (File Upload › history). */
export async function fileHistory(w: GoldenWorld, pipelineId: number) {
  return (await api<{ data: FileHistoryRow[] }>(w, 'GET', `/v2/files?pipelineId=${pipelineId}&length=100`)).data;
}

// Money to the paisa without floating point: decimal strings ↔ integer paise.

export function paise(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new Error(`not a decimal amount: ${amount}`);
  const fraction = (m[3] ?? '').padEnd(2, '0');
  if (/[1-9]/.test(fraction.slice(2))) throw new Error(`${amount} has a fraction of a paisa`);
  const value = BigInt(m[2] as string) * 100n + BigInt(fraction.slice(0, 2));
  return m[1] === '-' ? -value : value;
}

export function rupees(p: bigint): string {
  const sign = p < 0n ? '-' : '';
  const abs = p < 0n ? -p : p;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** An amount as two decimals ("118000.0000" → "118000.00"); null stays null. */
export const money = (amount: string | null | undefined) =>
  amount === null || amount === undefined ? null : rupees(paise(amount));

export const sumPaise = (amounts: readonly string[]) => amounts.reduce((s, a) => s + paise(a), 0n);
