import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPool, migrate, startEmbeddedPostgres } from '@recon/db';
import { columnSql, type EngineSide, type EngineTransform, Params } from '@recon/recon-engine';

/**
 * Rule transforms on 1M values in PostgreSQL: the SQL the engine writes for a transform, evaluated by
 * `SELECT count(<expression>)` over a 1M-row table of text (dates in DD/MM/YYYY, a tenth of them impossible, e.g.
 * 31/04), against the bare `count(<column>)` of the same table. Each figure is the best of three runs, in ms.
 */
export const TARGETS = { parseDateMillionMs: 2000 } as const;

const ROWS = Number(process.env.BENCH_TRANSFORM_ROWS ?? 1_000_000);
const side: EngineSide = {
  dataSourceId: 1,
  dataTableId: 1,
  table: 'bench_dates',
  stateTable: 'unused',
  columns: new Map([
    ['dmy', 'text'],
    ['stamp', 'text'],
    ['narration', 'text'],
    ['epoch', 'text'],
  ]),
};

const CASES: { name: string; column: string; transforms: EngineTransform[] }[] = [
  { name: 'bare column', column: 'dmy', transforms: [] },
  {
    name: 'Parse date DD/MM/YYYY',
    column: 'dmy',
    transforms: [{ type: 'PARSE_DATE', args: { pattern: 'DD/MM/YYYY' } }],
  },
  {
    name: 'Parse date DD/MM/YY or DD/MM/YYYY',
    column: 'dmy',
    transforms: [{ type: 'PARSE_DATE', args: { pattern: 'DD/MM/YY', pattern2: 'DD/MM/YYYY' } }],
  },
  {
    name: 'Parse date and time DD/MM/YYYY HH:mm:ss',
    column: 'stamp',
    transforms: [{ type: 'PARSE_TIMESTAMP', args: { pattern: 'DD/MM/YYYY HH:mm:ss' } }],
  },
  { name: 'Epoch seconds of text', column: 'epoch', transforms: [{ type: 'EPOCH_SECONDS' }] },
  {
    name: 'Extract NEFT-([A-Z0-9]+)-',
    column: 'narration',
    transforms: [{ type: 'REGEX_EXTRACT', args: { pattern: 'NEFT-([A-Z0-9]+)-', group: 1 } }],
  },
];

export async function benchTransforms() {
  const dir = mkdtempSync(join(tmpdir(), 'recon-bench-transforms-'));
  const server = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), port: 28_433, database: 'bench' });
  const db = createPool(server.url, { max: 1 });
  try {
    await migrate(db);
    await db.query(
      `CREATE TABLE bench_dates AS SELECT
         CASE WHEN g % 10 = 0 THEN '31/04/2026' ELSE to_char(date '2000-01-01' + (g % 9000), 'DD/MM/YYYY') END AS dmy,
         to_char(timestamp '2026-01-01' + g * interval '7 seconds', 'DD/MM/YYYY HH24:MI:SS') AS stamp,
         'NEFT-N' || g || '-ACME PAYMENTS LTD' AS narration,
         (1772668800 + g)::text AS epoch
       FROM generate_series(1, $1::int) g`,
      [ROWS],
    );
    await db.query('VACUUM ANALYZE bench_dates');
    const results: Record<string, { ms: number; nonNull: number }> = {};
    for (const c of CASES) {
      const params = new Params();
      const expr = columnSql(
        params,
        { valueType: 'COLUMN', columnName: c.column, transforms: c.transforms },
        side,
        't',
      );
      let best = Number.POSITIVE_INFINITY;
      let nonNull = 0;
      for (let run = 0; run < 3; run++) {
        const start = performance.now();
        const r = await db.query(`SELECT count(${expr.sql})::int AS n FROM bench_dates t`, params.values);
        best = Math.min(best, performance.now() - start);
        nonNull = r.rows[0].n;
      }
      results[c.name] = { ms: Math.round(best), nonNull };
    }
    return { rows: ROWS, loadAverage: loadavg()[0], results, targets: TARGETS };
  } finally {
    await db.end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
