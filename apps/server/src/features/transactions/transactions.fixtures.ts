export { addRoleWith } from '@/testing/test-app.ts';

import { runReconNow } from '@/lib/recon/recon-runner.ts';
import { addReconFixture, addRules, matchOn, type ReconFixture } from '@/testing/recon-fixtures.ts';
import { call, type Session, type TestApp } from '@/testing/test-app.ts';

/**
 * A bank statement (side A) against a gateway settlement (side B), run once: two exact pairs (RECONCILED), one
 * pair that only matches ignoring case and within ₹5 (PROPOSE_MATCH), open rows on both sides and one row loaded
 * as DUPLICATE. Rows by reference: `ids.A.R1` …
 */
export const BANK_COLUMNS = [
  { name: 'reference', dataType: 'VARCHAR' as const },
  { name: 'value_date', dataType: 'DATE' as const },
  { name: 'posted_at', dataType: 'DATETIME' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
  { name: 'narration', dataType: 'VARCHAR' as const },
];
export const GATEWAY_COLUMNS = [
  { name: 'utr', dataType: 'VARCHAR' as const },
  { name: 'txn_date', dataType: 'DATE' as const },
  { name: 'net_amount', dataType: 'DOUBLE' as const, isMoney: true },
];

export type Scenario = { f: ReconFixture; ids: Record<'A' | 'B', Record<string, number>> };

export async function bankVsGateway(t: TestApp, moduleId: number, label = 'tx'): Promise<Scenario> {
  const f = await addReconFixture(
    t,
    moduleId,
    {
      A: {
        columns: BANK_COLUMNS,
        rows: [
          {
            reference: 'R1',
            value_date: '2026-10-01',
            posted_at: '2026-10-01 09:30:00',
            amount: '100.0000',
            narration: 'NEFT R1',
          },
          {
            reference: 'R2',
            value_date: '2026-10-02',
            posted_at: '2026-10-02 23:59:00',
            amount: '250.5000',
            narration: 'IMPS R2',
          },
          {
            reference: 'r3 ',
            value_date: '2026-10-03',
            posted_at: '2026-10-03 10:00:00',
            amount: '300.0000',
            narration: 'UPI R3',
          },
          { reference: 'R4', value_date: '2026-10-04', posted_at: null, amount: '400.1234', narration: null },
          {
            reference: 'R5',
            value_date: '2026-10-05',
            posted_at: '2026-10-05 12:00:00',
            amount: '500.0000',
            narration: 'NEFT R5',
          },
          {
            reference: 'R6',
            value_date: '2026-10-06',
            posted_at: '2026-10-06 12:00:00',
            amount: '-500.0000',
            narration: 'REV R5',
          },
          {
            reference: 'R1',
            value_date: '2026-10-01',
            posted_at: null,
            amount: '100.0000',
            narration: 'dup',
            _recon_status: 'DUPLICATE',
          },
        ],
      },
      B: {
        columns: GATEWAY_COLUMNS,
        rows: [
          { utr: 'R1', txn_date: '2026-10-01', net_amount: '100.0000' },
          { utr: 'R2', txn_date: '2026-10-02', net_amount: '250.5000' },
          { utr: 'R3', txn_date: '2026-10-03', net_amount: '302.0000' },
          { utr: 'R700', txn_date: '2026-10-07', net_amount: '700.0000' },
          { utr: 'R800', txn_date: '2026-10-08', net_amount: '800.0000' },
        ],
      },
    },
    label,
  );
  await addRules(t, moduleId, f, [
    {
      name: 'Exact reference and amount',
      ruleType: 'RECONCILED',
      conditions: [matchOn(f, 1, 'reference', 'utr'), matchOn(f, 2, 'amount', 'net_amount')],
    },
    {
      name: 'Reference ignoring case, amount within 5',
      ruleType: 'PROPOSE_MATCH',
      conditions: [
        matchOn(f, 1, 'reference', 'utr', { transforms: ['TRIM', 'UPPERCASE'] }),
        matchOn(f, 2, 'amount', 'net_amount', { tolerance: 5 }),
      ],
    },
  ]);
  const run = await runReconNow(t.database.db, { moduleId, reconId: f.reconId, startedBy: null, dryRun: false });
  if (run.status !== 'COMPLETED') throw new Error(`fixture run failed: ${run.error}`);
  const ids = { A: {} as Record<string, number>, B: {} as Record<string, number> };
  for (const side of ['A', 'B'] as const) {
    const key = side === 'A' ? 'reference' : 'utr';
    const rows = await t.database.pool.query(
      `SELECT _id, ${key} AS k, _recon_status FROM ${f.sides[side].table} ORDER BY _id`,
    );
    for (const r of rows.rows)
      ids[side][r._recon_status === 'DUPLICATE' ? 'DUP' : String(r.k).trim().toUpperCase()] = Number(r._id);
  }
  return { f, ids };
}

/** Closes rows with a status directly in the state table (statuses no rule of the scenario produces). */
export async function setState(
  t: TestApp,
  table: string,
  rows: readonly number[],
  state: { status: string; matchId?: number | null; reason?: string | null },
): Promise<number | null> {
  const matchId =
    state.matchId === undefined
      ? Number((await t.database.pool.query(`SELECT recon_match_id() AS id`)).rows[0].id)
      : state.matchId;
  const run = await t.database.pool.query(`SELECT coalesce(max(id), 0) AS id FROM recon_run`);
  for (const id of rows) {
    await t.database.pool.query(
      `INSERT INTO ${table} (_id, status, match_id, run_id, reason) VALUES ($1, $2, $3, $4, $5)`,
      [id, state.status, matchId, run.rows[0].id, state.reason ?? null],
    );
  }
  return matchId;
}

export function getTransactions(t: TestApp, session: Session | null, moduleId: number, query: string) {
  return call(t, session, { method: 'GET', url: `/web/v2/transactions?${query}`, moduleId });
}

export function putTransactions(
  t: TestApp,
  session: Session | null,
  moduleId: number,
  operation: string,
  payload: unknown,
) {
  return call(t, session, {
    method: 'PUT',
    url: `/web/v2/transactions?Operation=${operation}`,
    moduleId,
    payload: payload as Record<string, unknown>,
  });
}
