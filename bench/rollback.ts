import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type BenchServer, signInDemo, startBenchServer } from './server.ts';

/**
 * The rollback of a job execution through the real server: a job loads a 1M-row file into each side of a recon
 * (PIPE_LINE, PIPE_LINE) and matches them one to one (RECON: 1M groups), then the execution is rolled back with
 * the API — rollback_impact, the request, and the background work to ROLLBACK_FINISHED: the recon run's 2M state
 * rows removed, 2M data rows and the invalid rows deleted, the files and the execution marked. Each step's
 * time comes from its record. The machine's load average is recorded before the rollback.
 */
export const TARGETS = { rollbackSeconds: 10 } as const;

const PORT = 8296;
const ROWS = Number(process.env.BENCH_ROLLBACK_ROWS ?? 1_000_000);
/** One row in this many is invalid (an amount that is not a number): the invalid-rows table has rows too. */
const INVALID_EVERY = 1000;
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

const round = (s: number) => Math.round(s * 100) / 100;
const pad = (n: number) => String(n).padStart(2, '0');

async function writeCsv(path: string) {
  const out = createWriteStream(path);
  out.write(`${COLUMNS.map((c) => c.name).join(',')}\n`);
  let chunk = '';
  for (let i = 1; i <= ROWS; i++) {
    const amount = i % INVALID_EVERY === 0 ? 'n/a' : `${Math.floor((i * 7919) % 10_000_000) / 100}`;
    chunk += `T${i},A${i % 5000},${pad(1 + (i % 28))}-10-2026,${amount},${i % 10}.50,${i % 9},INR,${i % 3 ? 'UPI' : 'NEFT'},PAY ${i % 977},U${(i * 13) % 100_000_000}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
      chunk = '';
    }
  }
  out.write(chunk);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
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

/** A data table and a FILE pipeline with its upload config, through the API. */
async function addSide(api: Api, name: string) {
  const table = (await api('POST', '/v2/datatables', {
    name,
    columns: COLUMNS.map((c) => ({ name: c.name, dataType: c.dataType, isMoney: 'isMoney' in c })),
  })) as { id: number };
  const p = (await api('POST', '/v2/pipeline', { name: `Bench ${name}`, source: 'FILE', dataTableId: table.id })) as {
    id: number;
  };
  await api('POST', `/v2/admin/pipelines/${p.id}/file_upload_configs`, {
    fileKind: 'csv',
    mappings: COLUMNS.map((c) => ({
      fileColumn: c.name,
      tableColumn: c.name,
      dataType: c.dataType,
      dateFormat: 'dateFormat' in c ? c.dateFormat : null,
    })),
  });
  return { dataTableId: table.id, pipelineId: p.id };
}

const condition = (sequence: number, a: number, b: number, column: string) => ({
  sequence,
  ruleConditionType: 'MATCHING',
  conditionJointType: 'AND',
  primaryCondition: false,
  conditionEnable: true,
  elementOne: {
    valueType: 'COLUMN',
    dataSourceId: a,
    columnName: column,
    value: null,
    transforms: [],
    aggregation: null,
  },
  operator: 'EQUAL',
  elementSecond: {
    valueType: 'COLUMN',
    dataSourceId: b,
    columnName: column,
    value: null,
    transforms: [],
    aggregation: null,
  },
  tolerance: null,
});

/** The recon (side A, side B, one rule: reference and amount equal) and the job, written straight to the database. */
async function addReconAndJob(db: pg.Client, stamp: string, a: Awaited<ReturnType<typeof addSide>>, b: typeof a) {
  const one = async (text: string, values: unknown[]) => Number((await db.query(text, values)).rows[0]?.id);
  const reconId = await one(`INSERT INTO recon (module_id, name) VALUES (1, $1) RETURNING id`, [`Bench ${stamp}`]);
  const source = (side: 'A' | 'B', s: typeof a, sequence: number) =>
    one(
      `INSERT INTO data_source (module_id, name, recon_id, pipeline_id, invalid_pipeline_id, data_table_id,
         max_invalid_record, max_invalid_unit, max_duplicate_record, max_duplicate_unit, sequence)
       VALUES (1, $1, $2, $3, $3, $4, 100, 'PERCENTAGE', 100, 'PERCENTAGE', $5) RETURNING id`,
      [`Bench ${stamp} ${side}`, reconId, s.pipelineId, s.dataTableId, sequence],
    );
  const dsA = await source('A', a, 1);
  const dsB = await source('B', b, 2);
  const group = await one(`INSERT INTO rule_group (module_id, recon_id) VALUES (1, $1) RETURNING id`, [reconId]);
  await db.query(
    `INSERT INTO recon_rule (module_id, recon_id, rule_group_id, name, rule_type, sequence, conditions)
     VALUES (1, $1, $2, 'Reference and amount', 'RECONCILED', 1, $3)`,
    [reconId, group, JSON.stringify([condition(1, dsA, dsB, 'ref'), condition(2, dsA, dsB, 'amount')])],
  );
  const jobId = await one(`INSERT INTO job (module_id, name, additional_settings) VALUES (1, $1, '{}') RETURNING id`, [
    `Bench rollback ${stamp}`,
  ]);
  for (const [i, [type, typeId]] of [
    ['PIPE_LINE', a.pipelineId],
    ['PIPE_LINE', b.pipelineId],
    ['RECON', reconId],
  ].entries()) {
    await db.query(
      `INSERT INTO job_activity (job_id, sequence, type, type_id, pipeline_source) VALUES ($1, $2, $3, $4, 'FILE')`,
      [jobId, i + 1, type, typeId],
    );
  }
  return { reconId, jobId };
}

async function upload(server: BenchServer, user: { id: number; authToken: string }, pipelineId: number, path: string) {
  const form = new FormData();
  form.append('files', await openAsBlob(path), `side-${pipelineId}.csv`);
  const res = await fetch(`${server.url}/web/v2/pipelines/${pipelineId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.authToken}`, 'x-user-id': String(user.id), 'x-module-id': '1' },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { fileId: number }[] }).data[0]?.fileId as number;
}

async function waitUntil<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

type Detail = {
  status: string;
  errorMessage: string | null;
  records: {
    entityKind: string;
    entityName: string;
    counts: Record<string, number>;
    startedAt: string;
    finishedAt: string;
  }[];
};

export async function benchRollback() {
  const dir = mkdtempSync(join(tmpdir(), 'recon-bench-rollback-'));
  const csvPath = join(dir, 'side.csv');
  await writeCsv(csvPath);
  const server = await startBenchServer(PORT);
  const db = new pg.Client({ connectionString: server.pgUrl });
  await db.connect();
  try {
    const user = await signInDemo(server.url);
    const api = apiOf(server, user, 1);
    const stamp = String(Date.now() % 1_000_000);
    const a = await addSide(api, `rb_a_${stamp}`);
    const b = await addSide(api, `rb_b_${stamp}`);
    const { jobId } = await addReconAndJob(db, stamp, a, b);
    const fileIds = [
      await upload(server, user, a.pipelineId, csvPath),
      await upload(server, user, b.pipelineId, csvPath),
    ];

    const r0 = performance.now();
    const run = (await api('POST', '/v2/jobs?opertionType=MANUAL_JOB_EXEC', {
      id: jobId,
      jobExecutionParam: {},
      fileIds,
    })) as {
      id: number;
    };
    const runStatus = await waitUntil(async () => {
      const s = (await db.query('SELECT status FROM job_execution WHERE id = $1', [run.id])).rows[0]?.status as string;
      return ['RUNNABLE', 'RUNNING'].includes(s) ? undefined : s;
    }, 600_000);
    const runSeconds = (performance.now() - r0) / 1000;
    const recon = (await db.query(`SELECT summary FROM recon_run WHERE job_execution_id = $1`, [run.id])).rows[0]
      ?.summary;

    const loadAverageBefore = loadavg().map(round);
    const i0 = performance.now();
    const impact = (await api('GET', `/v2/jobexecutions/${run.id}/rollback_impact`)) as {
      canRollBack: boolean;
      tables: { rows: number; invalidRows: number }[];
      reconRuns: { rowsClosed: number }[];
    };
    const impactSeconds = (performance.now() - i0) / 1000;

    const t0 = performance.now();
    const request = (await api('PUT', `/v2/executionrollbacks?Operation=RetryFailedJob&jobExecution=${run.id}`)) as {
      rollbackId: number;
    };
    const requestSeconds = (performance.now() - t0) / 1000;
    const done = await waitUntil(async () => {
      const d = (await api('GET', `/v2/executionrollbacks/${request.rollbackId}`)) as Detail;
      return d.status === 'QUEUED' || d.status === 'ONGOING' ? undefined : d;
    }, 600_000);
    const rollbackSeconds = (performance.now() - t0) / 1000;
    const left = await db.query(
      `SELECT (SELECT count(*)::int FROM uploaded_file WHERE id = ANY($1::bigint[]) AND status <> 'ROLLED_BACK') AS files,
              (SELECT status FROM job_execution WHERE id = $2) AS execution`,
      [fileIds, run.id],
    );
    return {
      rowsPerSide: ROWS,
      execution: { status: runStatus, seconds: round(runSeconds), recon },
      impact: {
        seconds: round(impactSeconds),
        canRollBack: impact.canRollBack,
        tables: impact.tables,
        reconRuns: impact.reconRuns,
      },
      rollback: {
        status: done.status,
        error: done.errorMessage,
        requestSeconds: round(requestSeconds),
        seconds: round(rollbackSeconds),
        steps: done.records.map((r) => ({
          step: `${r.entityKind} ${r.entityName}`,
          seconds: round((Date.parse(r.finishedAt) - Date.parse(r.startedAt)) / 1000),
          ...r.counts,
        })),
        filesNotRolledBack: left.rows[0]?.files,
        executionStatus: left.rows[0]?.execution,
      },
      loadAverageBefore,
      targets: TARGETS,
      met: { rollback: done.status === 'ROLLBACK_FINISHED' && rollbackSeconds <= TARGETS.rollbackSeconds },
    };
  } finally {
    await db.end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
