import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataType } from '@recon/contract';
import { expect } from 'vitest';
import { testConfig } from '@/config.ts';
import type { Worker } from '@/jobs/worker.ts';
import { startTestWorker, waitForStatus } from '@/testing/job-fixtures.ts';
import { multipartBody } from '@/testing/multipart.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, uniqueName } from '@/testing/test-app.ts';

/**
 * What the real-file golden cases do through the HTTP API, as a client sets up a recon: data tables, FILE
 * pipelines with their upload configs, recons, data sources, rules and a job; files uploaded and the job run by
 * the real worker (PIPE_LINE then RECON activities); results read from the transactions tabs. Every call must
 * answer 2xx: a refused setup fails the test with the server's message.
 */

export const familyDir = (family: string) => join(import.meta.dirname, family);
export const readFixture = (family: string, name: string) => readFileSync(join(familyDir(family), name));
export const readExpected = <T>(family: string): T =>
  JSON.parse(readFileSync(join(familyDir(family), 'expected.json'), 'utf8')) as T;

export type Column = { name: string; dataType: DataType; isMoney?: boolean };

/**
 * The real app on a fresh database with its own DATA_DIR (uploads are stored by module, pipeline and file id,
 * which repeat across cloned databases), and the worker config that reads the same files.
 */
export async function createGoldenApp() {
  const dataDir = mkdtempSync(join(tmpdir(), 'recon-golden-'));
  const t = await createTestApp({ dataDir });
  return {
    t,
    dataDir,
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type GoldenApp = Awaited<ReturnType<typeof createGoldenApp>>;

/** A client of one module, signed in as its admin. */
export type ApiClient = ReturnType<typeof clientOf>;

export async function newModuleClient(g: GoldenApp, label: string) {
  const moduleId = await addModule(g.t, uniqueName(label));
  const userName = uniqueName(`${label}-admin`).toLowerCase();
  await addUser(g.t, { userName, roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  return clientOf(g, await signIn(g.t, userName), moduleId);
}

function clientOf(g: GoldenApp, session: Session, moduleId: number) {
  const t = g.t;
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await call(t, session, { method, url: `/web/v2${url}`, ...(payload && { payload }), moduleId });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const c = {
    t,
    moduleId,
    get: (url: string) => send('GET', url),
    post: (url: string, payload: object) => send('POST', url, payload),
    put: (url: string, payload: object) => send('PUT', url, payload),

    async createTable(name: string, columns: readonly Column[]): Promise<CreatedTable> {
      return c.post('/datatables', { name, description: 'Real-file golden case', columns });
    },

    /** A FILE pipeline into the table, with its file upload config (the body of the config screen). */
    async createFilePipeline(name: string, dataTableId: number, config: object): Promise<number> {
      const pipeline = await c.post('/pipeline', { name, source: 'FILE', dataTableId });
      await c.post(`/admin/pipelines/${pipeline.id}/file_upload_configs`, config);
      return pipeline.id as number;
    },

    async createRecon(name: string): Promise<number> {
      return (await c.post('/recons', { name, description: 'Real-file golden case' })).id as number;
    },

    /** A data source of the recon over the pipeline's table; every column of the table is a data element. */
    async createDataSource(reconId: number, name: string, pipelineId: number, table: CreatedTable): Promise<number> {
      const ds = await c.post('/datasources', {
        product: { id: moduleId },
        name,
        recon: { id: reconId },
        pipeline: { id: pipelineId },
        pipelineIdForInvalidData: pipelineId,
        maxDuplicateRecord: '100',
        maxDuplicateRecordCountMethod: 'PERCENTAGE',
        maxInvalidRecord: '0',
        maxInvalidRecordCountMethod: 'COUNT',
        table: table.tableName,
        historyTable: table.historyTableName,
        invalidTable: table.invalidTableName,
      });
      return ds.id as number;
    },

    /** The same table and pipeline as data source `id`, in another recon (Data Sources › Duplicate). */
    async duplicateDataSource(id: number, reconId: number, name: string): Promise<number> {
      return (await c.post(`/datasources/${id}/duplicate`, { name, reconId })).id as number;
    },

    async createRule(reconId: number, name: string, ruleType: string, conditions: object[]): Promise<number> {
      const rule = await c.post('/rules', { reconId, name, description: name, ruleType, enabled: true, conditions });
      return rule.id as number;
    },

    async updateRule(id: number, reconId: number, name: string, ruleType: string, conditions: object[]) {
      await c.put('/rules', { id, reconId, name, description: name, ruleType, enabled: true, conditions });
    },

    /** Uploads the files (in this order) to the pipeline; answers their ids. */
    async upload(pipelineId: number, files: readonly { name: string; content: Buffer }[]): Promise<number[]> {
      const { payload, headers } = multipartBody(files);
      const res = await call(t, session, {
        method: 'POST',
        url: `/web/v2/pipelines/${pipelineId}/files`,
        payload,
        headers,
        moduleId,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { fileId: number }[]).map((f) => f.fileId);
    },

    /** A manual job: one PIPE_LINE activity per pipeline, then one RECON activity per recon, in the order given. */
    async createJob(pipelineIds: readonly number[], reconIds: readonly number[]): Promise<number> {
      const activities = [
        ...pipelineIds.map((typeId) => ({ type: 'PIPE_LINE', activity: { typeId, pipelineSource: 'FILE' } })),
        ...reconIds.map((typeId) => ({ type: 'RECON', activity: { typeId } })),
      ].map((a, i) => ({ ...a, sequence: i + 1, enabled: true }));
      const job = await c.post('/jobs', {
        name: uniqueName('Golden job'),
        description: 'Loads the files and runs the recons',
        noOfRetrial: 0,
        retrialInterval: 0,
        scheduleType: 'MANUAL',
        activities,
        jobFilters: [],
      });
      return job.id as number;
    },

    /** Runs the job on the uploaded files with a real worker; answers once the run is COMPLETED. */
    async runJob(jobId: number, fileIds: readonly number[]): Promise<number> {
      const run = await c.post('/jobs?opertionType=MANUAL_JOB_EXEC', { id: jobId, jobExecutionParam: {}, fileIds });
      const worker: Worker = await startTestWorker(t, { config: testConfig({ dataDir: g.dataDir }) });
      try {
        const status = await waitForStatus(t, run.id, ['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED'], 60_000);
        if (status !== 'COMPLETED') {
          const detail = await c.get(`/jobexecutions/${run.id}`).catch(() => null);
          expect.fail(`job run ${run.id} ended ${status}: ${JSON.stringify(detail)}`);
        }
      } finally {
        await worker.stop();
      }
      return run.id as number;
    },

    /** Runs a recon now (Recons › Run) and waits for its run to finish. */
    async runRecon(reconId: number) {
      const started = await c.post('/reconruns', { reconId, dryRun: false });
      for (let i = 0; i < 600; i++) {
        const run = await c.get(`/reconruns/${started.id}`);
        if (run.status !== 'RUNNING') {
          expect(run.status, JSON.stringify(run)).toBe('COMPLETED');
          return run;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`recon run ${started.id} did not finish`);
    },

    /** A file as File Upload history shows it. */
    file: (id: number) => c.get(`/files/${id}`) as Promise<FileAnswer>,

    /** Every row of a data source in a transactions tab (Find=ByTab), and the count the tab shows. */
    async tab(reconId: number, dataSourceId: number, tab: string): Promise<{ rows: TabRow[]; count: number }> {
      const q = `tab=${tab}&reconId=${reconId}&dataSourceId=${dataSourceId}`;
      const page = await c.get(`/transactions?Find=ByTab&${q}&start=0&length=2000`);
      const counts = await c.get(`/transactions?Find=ByTabCount&${q}`);
      expect(page.data).toHaveLength(page.recordsTotal);
      return { rows: page.data as TabRow[], count: counts.recordsTotal as number };
    },
  };
  return c;
}

export type CreatedTable = { id: number; tableName: string; historyTableName: string; invalidTableName: string };

export type FileAnswer = {
  fileName: string;
  status: string;
  errorKind: string | null;
  totalRows: number | null;
  validRows: number | null;
  invalidRows: number | null;
  skippedRows?: number | null;
  skipped?: { reason: string; count: number }[];
};

export type TabRow = {
  id: number;
  status: string;
  matchId: number | null;
  ruleName: string | null;
  values: Record<string, string | null>;
};

/** Exact sum of decimal strings, to the paisa (integer paise; never floats). */
export function sumToPaisa(values: readonly (string | null)[]): string {
  let paise = 0n;
  for (const v of values) if (v !== null) paise += toPaise(v);
  return fromPaise(paise);
}

/** a − b of two decimal strings, to the paisa. */
export const differenceToPaisa = (a: string, b: string) => fromPaise(toPaise(a) - toPaise(b));

export function toPaise(value: string): bigint {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal: ${value}`);
  const fraction = (m[3] ?? '').padEnd(4, '0');
  if (/[1-9]/.test(fraction.slice(2))) throw new Error(`${value} has a fraction of a paisa`);
  const paise = BigInt(m[2] as string) * 100n + BigInt(fraction.slice(0, 2));
  return m[1] ? -paise : paise;
}

export function fromPaise(paise: bigint): string {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Rows of a tab grouped by match id (each group's rows in id order). */
export function groupsOf(rows: readonly TabRow[]): TabRow[][] {
  const byMatch = new Map<number, TabRow[]>();
  for (const r of rows) {
    if (r.matchId === null) continue;
    byMatch.set(r.matchId, [...(byMatch.get(r.matchId) ?? []), r]);
  }
  return [...byMatch.values()];
}

/** A rule element: a column of a data source with transforms (compact `{ type, args }`) and an aggregation. */
export function column(
  dataSourceId: number,
  columnName: string,
  transforms: { type: string; args?: Record<string, string | number>; argument?: number }[] = [],
  aggregation: 'SUM' | 'AVERAGE' | 'MIN' | 'MAX' | null = null,
) {
  return {
    valueType: 'COLUMN',
    dataSourceId,
    columnName,
    value: null,
    transforms: transforms.map((x) => ({ type: x.type, argument: x.argument ?? null, args: x.args ?? null })),
    aggregation,
  };
}

export const constant = (value: string) => ({ valueType: 'CONSTANT', value, transforms: [], aggregation: null });

type Element = ReturnType<typeof column> | ReturnType<typeof constant>;

/** A matching condition (Equal, optionally within a tolerance: an amount, days for dates, or a percentage). */
export function matching(
  sequence: number,
  one: Element,
  two: Element,
  tolerance: number | null = null,
  toleranceType: 'AMOUNT' | 'PERCENT' = 'AMOUNT',
) {
  return {
    sequence,
    ruleConditionType: 'MATCHING',
    conditionJointType: 'AND',
    primaryCondition: false,
    conditionEnable: true,
    elementOne: one,
    operator: 'EQUAL',
    elementSecond: two,
    tolerance,
    toleranceType,
  };
}

/** A primary filter: only rows of the element's side whose value equals the constant take part. */
export function filterEquals(sequence: number, one: ReturnType<typeof column>, value: string) {
  return {
    sequence,
    ruleConditionType: 'FILTER',
    conditionJointType: 'AND',
    primaryCondition: true,
    conditionEnable: true,
    elementOne: one,
    operator: 'EQUAL',
    elementSecond: constant(value),
    tolerance: null,
  };
}

/** A Group by: how the side an aggregate adds up is grouped (here without any key the other side shares). */
export function groupBy(sequence: number, one: ReturnType<typeof column>) {
  return {
    sequence,
    ruleConditionType: 'GROUP_BY',
    conditionJointType: 'AND',
    primaryCondition: false,
    conditionEnable: true,
    elementOne: one,
    operator: 'EQUAL',
    elementSecond: constant(''),
    tolerance: null,
    toleranceType: null,
  };
}
