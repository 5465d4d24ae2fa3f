export { addRoleWith } from '@/testing/test-app.ts';

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateDownloadRequest } from '@recon/contract';
import pino from 'pino';
import { runDownload } from '@/lib/downloads/run-export.ts';
import { addReconFixture, type ReconFixture } from '@/testing/recon-fixtures.ts';
import { call, createTestApp, type Session, type TestApp } from '@/testing/test-app.ts';

/**
 * A bank statement (side A) whose narrations look like formulas and whose UTRs look like numbers or dates
 * (12 digits, leading zeros), against a tiny side B. Rows R1 and R2 are one
 * RECONCILED group; the rest are open.
 */
export const STATEMENT_COLUMNS = [
  { name: 'reference', dataType: 'VARCHAR' as const },
  { name: 'value_date', dataType: 'DATE' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
  { name: 'narration', dataType: 'VARCHAR' as const },
  { name: 'utr', dataType: 'VARCHAR' as const },
];

export const STATEMENT_ROWS = [
  { reference: 'R1', value_date: '2026-10-01', amount: '100.0000', narration: 'NEFT R1', utr: '002245201234' },
  {
    reference: 'R2',
    value_date: '2026-10-02',
    amount: '250.5000',
    narration: '=HYPERLINK("http://x","y")',
    utr: '224520123456',
  },
  { reference: 'R3', value_date: '2026-10-03', amount: '-300.2500', narration: '+91 98765', utr: '01-02-2026' },
  { reference: 'R4', value_date: '2026-10-04', amount: '400.1234', narration: '-2+3', utr: 'UTR-4' },
  { reference: 'R5', value_date: '2026-10-05', amount: '12345678901234.5678', narration: '@SUM(A1)', utr: '1e5' },
  { reference: 'R6', value_date: '2026-10-06', amount: '0.0000', narration: '\tcmd', utr: null },
  { reference: 'R7', value_date: '2026-10-07', amount: '1.0050', narration: 'a, "quoted"\nline', utr: null },
  { reference: '=R8', value_date: '2026-10-08', amount: '8.0000', narration: null, utr: null },
];

const dataDirs = new WeakMap<TestApp, string>();

export type DownloadScenario = { f: ReconFixture; matchId: number };

/** The app with its files in a temp DATA_DIR. */
export async function createDownloadsApp(): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'recon-downloads-'));
  const t = await createTestApp({ dataDir });
  dataDirs.set(t, dataDir);
  return t;
}

export async function statementScenario(t: TestApp, moduleId: number, label = 'dl'): Promise<DownloadScenario> {
  const f = await addReconFixture(
    t,
    moduleId,
    {
      A: { columns: STATEMENT_COLUMNS, rows: STATEMENT_ROWS },
      B: { columns: [{ name: 'utr', dataType: 'VARCHAR' }], rows: [{ utr: 'R1' }] },
    },
    label,
  );
  const matchId = Number((await t.database.pool.query(`SELECT recon_match_id() AS id`)).rows[0].id);
  const ids = await t.database.pool.query(`SELECT _id FROM ${f.sides.A.table} WHERE reference IN ('R1', 'R2')`);
  for (const r of ids.rows) {
    await t.database.pool.query(
      `INSERT INTO ${f.sides.A.stateTable} (_id, status, match_id, run_id) VALUES ($1, 'RECONCILED', $2, 0)`,
      [r._id, matchId],
    );
  }
  return { f, matchId };
}

/** The Find=ByTab query of side A of the scenario, plus any DataTables keys. */
export function viewOf(s: DownloadScenario, tab = 'all', extra: Record<string, string> = {}) {
  return { tab, reconId: String(s.f.reconId), dataSourceId: String(s.f.sides.A.dataSourceId), ...extra };
}

export function postDownload(t: TestApp, session: Session, moduleId: number, body: CreateDownloadRequest) {
  return call(t, session, { method: 'POST', url: '/web/v2/dashletdownloads', moduleId, payload: body });
}

/** What the worker does for a queued request, run here directly (API tests start no worker). */
export function work(t: TestApp, requestId: number) {
  return runDownload(
    { db: t.database.db, dataDir: dataDirOf(t), log: pino({ level: 'silent' }), now: () => t.clock.now },
    requestId,
  );
}

export function dataDirOf(t: TestApp): string {
  const dir = dataDirs.get(t);
  if (!dir) throw new Error('create the app with createDownloadsApp');
  return dir;
}
