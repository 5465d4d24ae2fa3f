import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type BenchServer, signInDemo, startBenchServer } from './server.ts';

/**
 * Exports through the real server (production mode, demo seed, the job worker's download queue): a million rows
 * generated into side A of the demo recon, then POST /v2/dashletdownloads for the whole Transactions view (all
 * tab, every date, newest first, ALL_COLUMNS) and GET /v2/dashletdownloads polled until READYFORDOWNLOAD. Measured:
 * request → ready, the server's RSS growth (VmRSS every 50 ms), and the floor — a bare COPY of the same table to
 * nowhere in the same database. An XLSX of 100k rows of the same view is measured for reference.
 */
export const TARGETS = { csvSeconds: 15, memoryGrowthMb: 200 } as const;

const PORT = 8398;
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const XLSX_ROWS = 100_000;
const POLL_MS = 100;

const round = (n: number) => Math.round(n * 100) / 100;

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

/** VmRSS of a process in MB, with the largest value seen since start. */
function rssSampler(pid: number) {
  const read = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  let max = read();
  const timer = setInterval(() => {
    max = Math.max(max, read());
  }, 50);
  return { now: read, max: () => max, stop: () => clearInterval(timer) };
}

/** A value of each catalog type for row g; every 1000th text looks like a formula (the escaping path runs). */
function generated(column: { name: string; data_type: string; is_money: boolean }, index: number): string {
  if (column.is_money || column.data_type === 'DOUBLE' || column.data_type === 'FLOAT') {
    return `(g * 7919 % 10000000) / 100.0 - ${index % 2 ? 0 : 5000}`;
  }
  switch (column.data_type) {
    case 'DATE':
      return `date '2026-10-01' + (g % 28)::int`;
    case 'DATETIME':
      return `timestamp '2026-10-01' + (g % 2419200) * interval '1 second'`;
    case 'INT':
    case 'BIGINT':
      return `(g % 1000)::int`;
    default:
      return `CASE WHEN g % 1000 = 0 THEN '=SUM(A1)' ELSE '${column.name.slice(0, 3).toUpperCase()}' || g END`;
  }
}

/** Side A of the demo recon, filled with ROWS generated rows; answers the ids the export view needs. */
async function fillDemoSide(api: Api, db: pg.Client) {
  const recons = (await api('GET', '/v2/transactions?Find=Recons')) as {
    data: { id: number; dataSources: { id: number; side: string | null; dateColumns: string[] }[] }[];
  };
  const recon = recons.data.find((r) => r.dataSources.some((d) => d.side === 'A'));
  const source = recon?.dataSources.find((d) => d.side === 'A');
  if (!recon || !source) throw new Error('the demo module has no recon with a side A');
  const table = await db.query<{ id: number; table_name: string }>(
    'SELECT t.id, t.table_name FROM data_source ds JOIN data_table t ON t.id = ds.data_table_id WHERE ds.id = $1',
    [source.id],
  );
  const t = table.rows[0];
  if (!t) throw new Error('no data table');
  const columns = await db.query<{ name: string; data_type: string; is_money: boolean }>(
    'SELECT name, data_type, is_money FROM data_table_column WHERE data_table_id = $1 ORDER BY sequence, id',
    [t.id],
  );
  const physical = `recon_data."${t.table_name}"`;
  await db.query(`INSERT INTO ${physical} (${columns.rows.map((c) => `"${c.name}"`).join(', ')})
    SELECT ${columns.rows.map((c, i) => generated(c, i)).join(', ')} FROM generate_series(1::bigint, ${ROWS}::bigint) g`);
  await db.query(`VACUUM ANALYZE ${physical}`);
  const count = await db.query<{ n: string; min_id: string }>(
    `SELECT count(*) AS n, min(_id) AS min_id FROM ${physical}`,
  );
  return {
    reconId: recon.id,
    dataSourceId: source.id,
    dateColumn: source.dateColumns[0] ?? null,
    physical,
    rows: Number(count.rows[0]?.n),
    minId: Number(count.rows[0]?.min_id),
    columns: columns.rows.length,
  };
}

type Download = { id: number; status: string; rowCount: number | null; size: number | null; error: string | null };

/** POST the export, poll the list until it is done; seconds from the request to READYFORDOWNLOAD. */
async function exportAndWait(server: BenchServer, api: Api, body: unknown) {
  const rss = rssSampler(server.process.pid as number);
  const baseline = rss.now();
  const loadAverageBefore = loadavg().map(round);
  const started = performance.now();
  const created = (await api('POST', '/v2/dashletdownloads', body)) as Download;
  let done: Download | undefined;
  while (!done) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const list = (await api('GET', '/v2/dashletdownloads?maxResults=6')) as { data: Download[] };
    const mine = list.data.find((d) => d.id === created.id);
    if (mine && mine.status !== 'SUBMITTED' && mine.status !== 'INPROCESS') done = mine;
  }
  const seconds = round((performance.now() - started) / 1000);
  rss.stop();
  return {
    status: done.status,
    error: done.error,
    seconds,
    rows: done.rowCount,
    sizeMb: round((done.size ?? 0) / 2 ** 20),
    rssGrowthMb: round(rss.max() - baseline),
    loadAverageBefore,
  };
}

/** The floor: PostgreSQL writing the same table as CSV to nowhere, no join, no order, no Node. */
async function copyFloor(db: pg.Client, physical: string) {
  const started = performance.now();
  const sink = new Writable({ write: (_chunk, _enc, done) => done() });
  await pipeline(db.query(copyTo(`COPY (SELECT * FROM ${physical}) TO STDOUT (FORMAT csv)`)), sink);
  return round((performance.now() - started) / 1000);
}

export async function benchExport() {
  const server = await startBenchServer(PORT);
  const db = new pg.Client({ connectionString: server.pgUrl });
  await db.connect();
  try {
    const user = await signInDemo(server.url);
    const api = apiOf(server, user, 1);
    const side = await fillDemoSide(api, db);
    const view = {
      Find: 'ByTab',
      tab: 'all',
      reconId: side.reconId,
      dataSourceId: side.dataSourceId,
      ...(side.dateColumn ? { fromDate: '2000-01-01', toDate: '2099-12-31', dateColumn: side.dateColumn } : {}),
    };
    const csv = await exportAndWait(server, api, {
      reportType: 'TRANSACTIONS',
      format: 'CSV',
      scope: 'ALL_COLUMNS',
      view,
    });
    const floorSeconds = await copyFloor(db, side.physical);
    const xlsx = await exportAndWait(server, api, {
      reportType: 'TRANSACTIONS',
      format: 'XLSX',
      scope: 'ALL_COLUMNS',
      view: {
        ...view,
        'columns[0][data]': '_id',
        'columns[0][search][type]': 'LESS_THAN',
        'columns[0][search][value]': String(side.minId + XLSX_ROWS),
      },
    });
    return {
      table: { rows: side.rows, columns: side.columns },
      csv: {
        ...csv,
        copyFloorSeconds: floorSeconds,
        ratioToFloor: round(csv.seconds / floorSeconds),
        meetsTarget:
          csv.status === 'READYFORDOWNLOAD' &&
          csv.seconds <= TARGETS.csvSeconds &&
          csv.rssGrowthMb <= TARGETS.memoryGrowthMb,
      },
      xlsx,
      targets: TARGETS,
    };
  } finally {
    await db.end();
    await server.stop();
  }
}
