import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type BenchServer, signInDemo, startBenchServer } from './server.ts';

/**
 * Ingestion through the real server: a 1M-row CSV and a 200k-row XLSX are uploaded to a FILE pipeline and
 * loaded by a MANUAL_JOB_EXEC run of a one-activity job (the worker in the server process runs it). Measured:
 * upload time, time from upload complete to the run's end, the activity's own duration, the server's RSS growth
 * (VmRSS of its process, sampled every 50 ms), and the floor — a bare COPY of the same CSV into a text table.
 * The machine's load average is recorded before each load: other work on the 2 cores slows every number.
 *
 * The date index (decision 0009): a data source on a table indexes it on (its first date column, _id). The CSV is
 * loaded into tables without a data source and into tables with one (created through POST /v2/datasources, as
 * the product does), alternately, twice each, to price that index under the same load. BENCH_INGEST_SEARCH_INDEX=1
 * adds two loads into tables that also carry a `lower(column) text_pattern_ops` index per text column — what a
 * global search by index would need (decision 0009 explains why the product does not create them).
 */
export const TARGETS = { csvLoadSeconds: 6, memoryGrowthMb: 200, xlsxLoadSeconds: 8 } as const;

const PORT = 8298;
const CSV_ROWS = 1_000_000;
const XLSX_ROWS = 200_000;
const COLUMNS = [
  { name: 'ref', dataType: 'VARCHAR' },
  { name: 'acct', dataType: 'VARCHAR' },
  { name: 'value_date', dataType: 'DATE', dateFormat: 'DD-MM-YYYY' },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
  { name: 'fee', dataType: 'DOUBLE', isMoney: true },
  { name: 'units', dataType: 'INT' },
  { name: 'currency', dataType: 'VARCHAR' },
  { name: 'channel', dataType: 'VARCHAR' },
  { name: 'narration', dataType: 'VARCHAR' },
  { name: 'utr', dataType: 'VARCHAR' },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');
function rowValues(i: number): [string, string, string, string, string, number, string, string, string, string] {
  const day = 1 + (i % 28);
  return [
    `T${i}`,
    `A${i % 5000}`,
    `${pad(day)}-10-2026`,
    `${Math.floor((i * 7919) % 10_000_000) / 100}`,
    `${i % 10}.50`,
    i % 9,
    'INR',
    i % 3 ? 'UPI' : 'NEFT',
    `PAY ${i % 977}`,
    `U${(i * 13) % 100_000_000}`,
  ];
}

async function writeCsv(path: string) {
  const out = createWriteStream(path);
  out.write(`${COLUMNS.map((c) => c.name).join(',')}\n`);
  let chunk = '';
  for (let i = 1; i <= CSV_ROWS; i++) {
    chunk += `${rowValues(i).join(',')}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
      chunk = '';
    }
  }
  await new Promise<void>((resolve, reject) => out.end(chunk, () => resolve()).once('error', reject));
}

async function writeXlsx(path: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  const sheet = wb.addWorksheet('Data');
  sheet.addRow(COLUMNS.map((c) => c.name)).commit();
  for (let i = 1; i <= XLSX_ROWS; i++) {
    const v = rowValues(i);
    const row = sheet.addRow([
      v[0],
      v[1],
      new Date(Date.UTC(2026, 9, 1 + (i % 28))),
      Number(v[3]),
      Number(v[4]),
      v[5],
      v[6],
      v[7],
      v[8],
      v[9],
    ]);
    row.getCell(3).numFmt = 'dd-mm-yyyy';
    row.commit();
  }
  sheet.commit();
  await wb.commit();
}

/** VmRSS of a process in MB, sampled until stopped. */
function rssSampler(pid: number) {
  const read = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  let max = read();
  const timer = setInterval(() => {
    max = Math.max(max, read());
  }, 50);
  return {
    now: read,
    resetMax: () => {
      max = read();
    },
    max: () => max,
    stop: () => clearInterval(timer),
  };
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by the server process itself (Node: parsing, checks, encoding) and by its
 * descendants (the embedded PostgreSQL: COPY, indexes, WAL). Unlike wall time, this barely changes when other
 * work shares the cores, so it says which side a load spends on.
 */
function cpuSeconds(serverPid: number) {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  const isDescendant = (pid: number): boolean => {
    for (let p = stats.get(pid)?.ppid; p !== undefined && p > 1; p = stats.get(p)?.ppid)
      if (p === serverPid) return true;
    return false;
  };
  let postgres = 0;
  for (const [pid, s] of stats) if (isDescendant(pid)) postgres += s.ticks;
  return {
    node: (stats.get(serverPid)?.ticks ?? 0) / CLOCK_TICKS_PER_SECOND,
    postgres: postgres / CLOCK_TICKS_PER_SECOND,
  };
}

type Api = (method: string, path: string, body?: unknown) => Promise<unknown>;

function apiOf(server: BenchServer, user: { id: number; authToken: string }, moduleId: number): Api {
  return async (method, path, body) => {
    const r = await fetch(`${server.url}/web${path}`, {
      method,
      headers: {
        authorization: `Bearer ${user.authToken}`,
        'x-user-id': String(user.id),
        'x-module-id': String(moduleId),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
}

/** What the loaded table carries besides its own indexes: none, a data source (its date index), or also search indexes. */
type TableIndexes = 'none' | 'dataSource' | 'dataSourceAndSearch';
let stamps = 0;

async function setUpPipeline(
  api: Api,
  db: pg.Client,
  moduleId: number,
  kind: 'csv' | 'xlsx',
  indexes: TableIndexes = 'dataSource',
) {
  stamps += 1;
  const stamp = `${kind}${Date.now() % 1_000_000}_${stamps}`;
  const table = (await api('POST', '/v2/datatables', {
    name: `bench_${stamp}`,
    columns: COLUMNS.map((c) => ({ name: c.name, dataType: c.dataType, isMoney: 'isMoney' in c })),
  })) as { id: number; tableName: string; historyTableName: string; invalidTableName: string };
  const p = (await api('POST', '/v2/pipeline', { name: `Bench ${stamp}`, source: 'FILE', dataTableId: table.id })) as {
    id: number;
  };
  if (indexes !== 'none') {
    const recon = (await api('POST', '/v2/recons', { name: `Bench ${stamp}` })) as { id: number };
    await api('POST', '/v2/datasources', {
      product: { id: moduleId },
      name: `Bench ${stamp}`,
      recon: { id: recon.id },
      pipeline: { id: p.id },
      pipelineIdForInvalidData: p.id,
      maxDuplicateRecord: '0',
      maxInvalidRecord: '0',
      table: table.tableName,
      historyTable: table.historyTableName,
      invalidTable: table.invalidTableName,
    });
  }
  if (indexes === 'dataSourceAndSearch') {
    for (const c of COLUMNS.filter((c) => c.dataType === 'VARCHAR'))
      await db.query(`CREATE INDEX ON recon_data."${table.tableName}" (lower(${c.name}) text_pattern_ops)`);
  }
  const indexNames = await db.query<{ name: string }>(
    `SELECT indexrelid::regclass::text AS name FROM pg_index WHERE indrelid = $1::regclass ORDER BY 1`,
    [`recon_data."${table.tableName}"`],
  );
  await api('POST', `/v2/admin/pipelines/${p.id}/file_upload_configs`, {
    fileKind: kind,
    mappings: COLUMNS.map((c) => ({
      fileColumn: c.name,
      tableColumn: c.name,
      dataType: c.dataType,
      dateFormat: 'dateFormat' in c ? c.dateFormat : null,
    })),
  });
  const job = await db.query<{ id: number }>(
    `INSERT INTO job (module_id, name, additional_settings) VALUES ($1, $2, '{}') RETURNING id`,
    [moduleId, `Bench ${stamp}`],
  );
  const jobId = Number(job.rows[0]?.id);
  await db.query(
    `INSERT INTO job_activity (job_id, sequence, type, type_id, pipeline_source) VALUES ($1, 1, 'PIPE_LINE', $2, 'FILE')`,
    [jobId, p.id],
  );
  return { pipelineId: p.id, jobId, indexes: indexNames.rows.map((r) => r.name) };
}

async function uploadAndLoad(
  server: BenchServer,
  user: { id: number; authToken: string },
  api: Api,
  db: pg.Client,
  ids: { pipelineId: number; jobId: number; indexes: string[] },
  file: { path: string; name: string },
) {
  const loadAverageBefore = loadavg().map(round);
  const rss = rssSampler(server.process.pid as number);
  const baseline = rss.now();
  const form = new FormData();
  form.append('files', await openAsBlob(file.path), file.name);
  const u0 = performance.now();
  const res = await fetch(`${server.url}/web/v2/pipelines/${ids.pipelineId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.authToken}`, 'x-user-id': String(user.id), 'x-module-id': '1' },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const uploaded = ((await res.json()) as { data: { fileId: number; status: string }[] }).data[0];
  const uploadSeconds = (performance.now() - u0) / 1000;
  const uploadRssMb = rss.max() - baseline;
  if (uploaded?.status !== 'UPLOADED') throw new Error(`upload refused: ${JSON.stringify(uploaded)}`);

  rss.resetMax();
  const loadBaseline = rss.now();
  const cpuBefore = cpuSeconds(server.process.pid as number);
  const t0 = performance.now();
  const run = (await api('POST', '/v2/jobs?opertionType=MANUAL_JOB_EXEC', {
    id: ids.jobId,
    jobExecutionParam: {},
    fileIds: [uploaded.fileId],
  })) as { id: number };
  let status = 'RUNNABLE';
  while (status === 'RUNNABLE' || status === 'RUNNING') {
    await new Promise((r) => setTimeout(r, 50));
    status = (await db.query('SELECT status FROM job_execution WHERE id = $1', [run.id])).rows[0]?.status;
  }
  const loadSeconds = (performance.now() - t0) / 1000;
  const cpuAfter = cpuSeconds(server.process.pid as number);
  rss.stop();
  const activity = await db.query(
    `SELECT status, counts, error_message, extract(epoch FROM finished_at - started_at)::float8 AS seconds
       FROM activity_execution WHERE job_execution_id = $1`,
    [run.id],
  );
  const a = activity.rows[0];
  return {
    bytes: statSync(file.path).size,
    uploadSeconds: round(uploadSeconds),
    uploadRssGrowthMb: Math.round(uploadRssMb),
    loadSeconds: round(loadSeconds),
    activitySeconds: round(a?.seconds ?? 0),
    loadCpuSeconds: {
      node: round(cpuAfter.node - cpuBefore.node),
      postgres: round(cpuAfter.postgres - cpuBefore.postgres),
    },
    loadRssGrowthMb: Math.round(rss.max() - loadBaseline),
    executionStatus: status,
    activityStatus: a?.status,
    counts: a?.counts,
    error: a?.error_message ?? null,
    tableIndexes: ids.indexes,
    loadAverageBefore,
  };
}

const round = (s: number) => Math.round(s * 100) / 100;

/** A bare COPY of the CSV into a text table: the floor the load is compared against. */
async function copyFloor(db: pg.Client, path: string) {
  await db.query(`DROP TABLE IF EXISTS bench_copy_floor`);
  await db.query(`CREATE TABLE bench_copy_floor (${COLUMNS.map((c) => `${c.name} text`).join(', ')})`);
  const t0 = performance.now();
  await pipeline(
    createReadStream(path),
    db.query(copyFrom('COPY bench_copy_floor FROM STDIN (FORMAT csv, HEADER true)')),
  );
  const seconds = (performance.now() - t0) / 1000;
  await db.query('DROP TABLE bench_copy_floor');
  return round(seconds);
}

export async function benchIngest() {
  const dir = mkdtempSync(join(tmpdir(), 'recon-bench-ingest-'));
  const csvPath = join(dir, 'settlement.csv');
  const xlsxPath = join(dir, 'settlement.xlsx');
  await writeCsv(csvPath);
  await writeXlsx(xlsxPath);
  const server = await startBenchServer(PORT);
  const db = new pg.Client({ connectionString: server.pgUrl });
  await db.connect();
  try {
    const user = await signInDemo(server.url);
    const api = apiOf(server, user, 1);
    // Without and with the date index, alternately (same load), then optionally with search indexes too.
    const order: TableIndexes[] = ['none', 'dataSource', 'none', 'dataSource'];
    if (process.env.BENCH_INGEST_SEARCH_INDEX === '1') order.push('dataSourceAndSearch', 'dataSourceAndSearch');
    const loads: { indexes: TableIndexes; result: Awaited<ReturnType<typeof uploadAndLoad>> }[] = [];
    for (const indexes of order) {
      const ids = await setUpPipeline(api, db, 1, 'csv', indexes);
      loads.push({
        indexes,
        result: await uploadAndLoad(server, user, api, db, ids, { path: csvPath, name: 'settlement.csv' }),
      });
    }
    const csv = loads.find((l) => l.indexes === 'dataSource')?.result as Awaited<ReturnType<typeof uploadAndLoad>>;
    const summary = (indexes: TableIndexes) => {
      const of = loads.filter((l) => l.indexes === indexes).map((l) => l.result);
      if (of.length === 0) return undefined;
      return {
        loadSeconds: of.map((r) => r.loadSeconds),
        postgresCpuSeconds: of.map((r) => r.loadCpuSeconds.postgres),
        nodeCpuSeconds: of.map((r) => r.loadCpuSeconds.node),
        loadAverageBefore: of.map((r) => r.loadAverageBefore[0]),
        tableIndexes: of[0]?.tableIndexes,
      };
    };
    const dateIndexCost = {
      withoutDataSource: summary('none'),
      withDataSource: summary('dataSource'),
      withDataSourceAndSearchIndexes: summary('dataSourceAndSearch'),
    };
    const floorSeconds = await copyFloor(db, csvPath);
    const xlsxIds = await setUpPipeline(api, db, 1, 'xlsx');
    const xlsx = await uploadAndLoad(server, user, api, db, xlsxIds, { path: xlsxPath, name: 'settlement.xlsx' });
    return {
      csv: {
        rows: CSV_ROWS,
        ...csv,
        copyFloorSeconds: floorSeconds,
        ratioToFloor: round(csv.loadSeconds / floorSeconds),
        meetsTarget: csv.loadSeconds <= TARGETS.csvLoadSeconds && csv.loadRssGrowthMb <= TARGETS.memoryGrowthMb,
      },
      dateIndexCost,
      xlsx: {
        rows: XLSX_ROWS,
        ...xlsx,
        meetsTarget: xlsx.loadSeconds <= TARGETS.xlsxLoadSeconds && xlsx.loadRssGrowthMb <= TARGETS.memoryGrowthMb,
      },
      targets: TARGETS,
    };
  } finally {
    await db.end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
