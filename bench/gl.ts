import { loadavg } from 'node:os';
import pg from 'pg';
import { type BenchUser, demoSideA, headersOf, round, signInDemo, startBenchServer } from './server.ts';

/**
 * General ledger figures through the real server (decision 0034): side A of the demo recon filled with 2.2M
 * generated rows over 120 value days, one in eleven closed in its state table, so 2M rows are open. A GL
 * configuration (made by POST /v2/glconfigurations) has two items on that data source — credits and debits by the
 * debit_credit column, the debits with sign -1 — so every row is read once per item. GET /v2/gl/{id}/report and
 * GET /v2/gl/{id}/ageing_report_summary are each asked RUNS times after a warm up; p50 / p95 in ms.
 */
export const TARGETS = { p95Ms: 2_000 } as const;

const PORT = 8397;
const ROWS = Number(process.env.BENCH_GL_ROWS ?? 2_200_000);
const RUNS = Number(process.env.BENCH_GL_RUNS ?? 5);
const WARM_UP = 1;
const DAYS = 120;

async function measure(url: string, user: BenchUser) {
  const times: number[] = [];
  let body: unknown;
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const t0 = performance.now();
    const r = await fetch(url, { headers: headersOf(user) });
    body = await r.json();
    if (!r.ok) throw new Error(`${url}: ${r.status} ${JSON.stringify(body)}`);
    if (i >= WARM_UP) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0);
  return { p50Ms: at(0.5), p95Ms: at(0.95), body };
}

export async function benchGl() {
  const server = await startBenchServer(PORT);
  const db = new pg.Client({ connectionString: server.pgUrl });
  await db.connect();
  try {
    const user = await signInDemo(server.url);
    const { dataSourceId, physical, state } = await demoSideA(server.url, user, db);
    const fillStarted = performance.now();
    await db.query(`INSERT INTO ${physical} (reference, value_date, narration, debit_credit, amount, balance, utr)
      SELECT 'GL' || lpad(g::text, 9, '0'), date '2026-07-01' + (g % ${DAYS})::int, 'NEFT', CASE WHEN g % 7 = 0 THEN 'DR' ELSE 'CR' END,
             (g * 7919 % 10000000) / 100.0, 0, g::text
      FROM generate_series(1::bigint, ${ROWS}::bigint) g`);
    await db.query(`INSERT INTO ${state} (_id, status, match_id, run_id)
      SELECT _id, 'RECONCILED', _id, 1 FROM ${physical}
      WHERE _id % 11 = 0 AND NOT EXISTS (SELECT 1 FROM ${state} s WHERE s._id = ${physical}._id)`);
    await db.query(`VACUUM ANALYZE ${physical}`);
    await db.query(`VACUUM ANALYZE ${state}`);
    const open = (
      await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${physical} r WHERE r._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM ${state} s WHERE s._id = r._id)`,
      )
    ).rows[0]?.n;
    const fillMs = round(performance.now() - fillStarted);
    const created = await fetch(`${server.url}/web/v2/glconfigurations`, {
      method: 'POST',
      headers: headersOf(user),
      body: JSON.stringify({
        glName: `Bench GL ${Date.now()}`,
        items: [
          {
            name: 'Credits',
            side: 'CREDIT',
            sign: 1,
            sources: [
              {
                dataSourceId,
                amountColumn: 'amount',
                filters: [{ field: 'debit_credit', operator: 'EQUAL', values: ['CR'] }],
              },
            ],
          },
          {
            name: 'Debits',
            side: 'DEBIT',
            sign: -1,
            sources: [
              {
                dataSourceId,
                amountColumn: 'amount',
                filters: [{ field: 'debit_credit', operator: 'EQUAL', values: ['DR'] }],
              },
            ],
          },
        ],
      }),
    });
    const gl = (await created.json()) as { id: number };
    if (!created.ok) throw new Error(`GL config: ${created.status} ${JSON.stringify(gl)}`);
    const loadAverageBefore = loadavg().map((n) => round(n));
    const report = await measure(`${server.url}/web/v2/gl/${gl.id}/report?asOnDate=2026-10-31`, user);
    const ageing = await measure(
      `${server.url}/web/v2/gl/${gl.id}/ageing_report_summary?startDate=2026-01-01&endDate=2026-10-31`,
      user,
    );
    const summary = await measure(
      `${server.url}/web/v2/gl/${gl.id}/report_summary?startDate=2026-08-01&endDate=2026-10-31`,
      user,
    );
    const lines = (report.body as { lines: { openCount: number }[] }).lines;
    const explain = process.env.BENCH_GL_EXPLAIN ? await explainAgeing(db, physical, state) : undefined;
    return {
      rows: ROWS,
      openRows: Number(open),
      openRowsInReport: lines.reduce((n, l) => n + l.openCount, 0),
      runs: RUNS,
      fillMs,
      loadAverageBefore,
      loadAverageAfter: loadavg().map((n) => round(n)),
      report: { p50Ms: report.p50Ms, p95Ms: report.p95Ms, meetsTarget: report.p95Ms <= TARGETS.p95Ms },
      ageing: { p50Ms: ageing.p50Ms, p95Ms: ageing.p95Ms, meetsTarget: ageing.p95Ms <= TARGETS.p95Ms },
      summary: { p50Ms: summary.p50Ms, p95Ms: summary.p95Ms },
      targets: TARGETS,
      ...(explain ? { explain } : {}),
    };
  } finally {
    await db.end();
    await server.stop();
  }
}

/**
 * BENCH_GL_EXPLAIN=1: EXPLAIN ANALYZE of the ageing statement as the server words it (lib/gl/gl-figures.ts, two
 * items on one source), bucketing every row (before) and bucketing the per-day sums (after), same data, one after
 * the other.
 */
async function explainAgeing(db: pg.Client, physical: string, state: string) {
  const open = `r._recon_status = 'UNRECONCILED' AND r."value_date" < $1::date + 1
    AND NOT EXISTS (SELECT 1 FROM ${state} x WHERE x._id = r._id AND x.reconciled_at < $1::date + 1)
    AND r."value_date" >= $2::date AND (r."debit_credit" = 'CR' OR r."debit_credit" = 'DR')`;
  const bucket = (age: string) =>
    `CASE WHEN ${age} <= 7 THEN 0 WHEN ${age} <= 15 THEN 1 WHEN ${age} <= 30 THEN 2 WHEN ${age} <= 60 THEN 3 WHEN ${age} <= 90 THEN 4 ELSE 5 END`;
  const member = (k: number, v: string) =>
    `sum((r."amount")::numeric) FILTER (WHERE r."debit_credit" = '${v}') AS t${k}, count(*) FILTER (WHERE r."debit_credit" = '${v}') AS n${k}`;
  const perRow = `SELECT ${bucket('($1::date - (r."value_date")::date)')} AS bucket, ${member(0, 'CR')}, ${member(1, 'DR')}
    FROM ${physical} r WHERE ${open} GROUP BY 1`;
  const perDay = `SELECT ${bucket('($1::date - d.day)')} AS bucket, sum(d.t0), sum(d.n0), sum(d.t1), sum(d.n1)
    FROM (SELECT (r."value_date")::date AS day, ${member(0, 'CR')}, ${member(1, 'DR')}
      FROM ${physical} r WHERE ${open} GROUP BY 1) d GROUP BY 1`;
  const plan = async (text: string) =>
    (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, ['2026-10-31', '2026-01-01'])).rows.map(
      (r) => r['QUERY PLAN'] as string,
    );
  return { perRow: await plan(perRow), perDay: await plan(perDay), perRowAgain: await plan(perRow) };
}
