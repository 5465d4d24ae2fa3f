import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollBack, runExecution } from '@/features/rollbacks/rollbacks.fixtures.ts';
import { AUTO_TICKET_REMARKS } from '@/features/tickets/auto-ticketing.service.ts';
import { addFileConfig } from '@/ingest/test-fixtures.ts';
import { addReconFixture, addRules, matchOn } from '@/testing/recon-fixtures.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

// Auto-ticketing after recon runs and rollbacks (issue 14; decision 0031): real executions load real files and run
// the recon through the RECON activity; the same recon runs three times and one execution is rolled back. The
// tickets, their links and statuses are compared with what the test computes from the rows it loaded.

let t: TestApp;
let admin: Session;
let moduleId: number;
let operatorId: number;

const COLUMNS = [
  { name: 'ref', dataType: 'VARCHAR' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
  { name: 'brand', dataType: 'VARCHAR' as const },
  { name: 'partner', dataType: 'VARCHAR' as const },
];
type Row = { ref: string; amount: string; brand: string; partner: string };
const csv = (rows: Row[]) =>
  `ref,amount,brand,partner\n${rows.map((r) => [r.ref, r.amount, r.brand, r.partner].join(',')).join('\n')}\n`;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Auto tickets runs');
  await addUser(t, { userName: 'atr-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  operatorId = await addUser(t, { userName: 'atr-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
  admin = await signIn(t, 'atr-admin');
});
afterAll(() => t.close());

async function addBrand(name: string) {
  const row = await t.database.db
    .insertInto('bot_credential')
    .values({ module_id: moduleId, name, bot_type: 'AMAZON', user_name: 'bot', password_sealed: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What the test expects: one ticket per brand / partner group that ever had an open row of side A. */
type Expected = Map<string, { refs: Set<string>; open: Set<string> }>;
const keyOf = (r: Row) => `${r.brand.trim().toLowerCase()}|${r.partner.trim().toLowerCase()}`;
function expectedTickets(loadedA: Row[], matched: Set<string>, before: Expected = new Map()): Expected {
  const out: Expected = new Map([...before].map(([k, v]) => [k, { refs: new Set(v.refs), open: new Set<string>() }]));
  for (const r of loadedA) {
    if (matched.has(r.ref)) continue;
    const g = out.get(keyOf(r)) ?? { refs: new Set<string>(), open: new Set<string>() };
    g.refs.add(r.ref);
    g.open.add(r.ref);
    out.set(keyOf(r), g);
  }
  return out;
}

/** The module's auto-tickets as stored: group, status, linked refs, people. */
async function actualTickets(tableA: string) {
  const r = await t.database.pool.query(
    `SELECT g.group_key, t.id, t.status, t.origin, t.external_provider,
       (SELECT array_agg(a.ref ORDER BY a.ref) FROM ticket_transaction tt JOIN ${tableA} a ON a._id = tt.row_id
         WHERE tt.ticket_id = t.id) AS refs,
       (SELECT array_agg(coalesce(tu.user_id::text, tu.external_email) || ':' || tu.associated_as ORDER BY tu.id)
         FROM ticket_user tu WHERE tu.ticket_id = t.id) AS people
     FROM auto_ticket_group g JOIN ticket t ON t.id = g.ticket_id WHERE t.module_id = $1 ORDER BY g.group_key`,
    [moduleId],
  );
  return r.rows as {
    group_key: string;
    id: number;
    status: string;
    origin: string;
    external_provider: string;
    refs: string[] | null;
    people: string[] | null;
  }[];
}

const historyCount = async () =>
  Number(
    (
      await t.database.pool.query(
        'SELECT count(*) FROM ticket_history h JOIN ticket t ON t.id = h.ticket_id WHERE t.module_id = $1',
        [moduleId],
      )
    ).rows[0].count,
  );

describe('auto-ticketing across recon runs and a rollback', () => {
  it('raises one ticket per group, never twice, closes it when its rows match, reopens it when a rollback opens them', async () => {
    // A recon of marketplace settlements (A) against the bank (B) by reference and amount; side A auto-tickets.
    const f = await addReconFixture(t, moduleId, {
      A: { columns: COLUMNS, rows: [] },
      B: { columns: COLUMNS, rows: [] },
    });
    for (const side of ['A', 'B'] as const)
      await addFileConfig(
        t.database.db,
        f.sides[side].pipelineId,
        COLUMNS.map((c) => ({ fileColumn: c.name, dataType: c.dataType })),
      );
    await addRules(t, moduleId, f, [
      {
        name: 'Reference and amount',
        ruleType: 'RECONCILED',
        conditions: [matchOn(f, 1, 'ref', 'ref'), matchOn(f, 2, 'amount', 'amount')],
      },
    ]);
    const env = { f, moduleId, dataDir: mkdtempSync(join(tmpdir(), 'recon-autoticket-')) };
    const amazon = await addBrand('Amazon');
    const flipkart = await addBrand('Flipkart');
    const save = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/autoTicketConfig',
      moduleId,
      payload: {
        configEnabled: true,
        brandColumn: 'brand',
        partnerColumn: 'partner',
        orderIdColumn: 'ref',
        dataSource: { id: f.sides.A.dataSourceId },
        assignees: [
          {
            marketplaceBrand: { id: amazon },
            assignees: [{ associatedAs: 'ASSIGNED', assignedTo: { id: operatorId } }],
          },
          {
            marketplaceBrand: { id: flipkart },
            assignees: [
              { associatedAs: 'ASSIGNED', assignedToEmail: 'ops@flipkart.test' },
              { associatedAs: 'CCED', assignedTo: { id: operatorId } },
            ],
          },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(201);

    const loadedA: Row[] = [
      { ref: 'R1', amount: '100.00', brand: 'Amazon', partner: 'P1' },
      { ref: 'R2', amount: '200.00', brand: 'Amazon', partner: 'P1' },
      { ref: 'R3', amount: '300.00', brand: 'amazon ', partner: 'P2' },
      { ref: 'R4', amount: '400.00', brand: 'Flipkart', partner: 'P1' },
      { ref: 'R5', amount: '500.00', brand: 'Flipkart', partner: 'P1' },
    ];
    const bank1: Row[] = [{ ref: 'R1', amount: '100.00', brand: '', partner: '' }];
    const bank2: Row[] = [
      { ref: 'R2', amount: '200.00', brand: '', partner: '' },
      { ref: 'R3', amount: '300.00', brand: '', partner: '' },
      { ref: 'R4', amount: '400.00', brand: '', partner: '' },
    ];
    const check = async (expected: Expected) => {
      const actual = await actualTickets(f.sides.A.table);
      expect(actual.map((a) => a.group_key)).toEqual([...expected.keys()].sort());
      for (const a of actual) {
        const e = expected.get(a.group_key);
        expect(a.refs ?? [], a.group_key).toEqual([...(e?.refs ?? [])].sort());
        expect(a.origin).toBe('EXTERNAL');
      }
      return actual;
    };

    // Run 1: loads both sides and runs the recon: R1 matches, the rest of A is open in three groups.
    await runExecution(t, env, { A: csv(loadedA), B: csv(bank1) });
    let expected = expectedTickets(loadedA, new Set(['R1']));
    const first = await check(expected);
    expect(first.map((a) => a.status)).toEqual(['ASSIGNED', 'ASSIGNED', 'ASSIGNED']);
    expect(first.find((a) => a.group_key === 'amazon|p1')?.people).toEqual([`${operatorId}:ASSIGNED`]);
    expect(first.find((a) => a.group_key === 'flipkart|p1')?.people).toEqual([
      'ops@flipkart.test:ASSIGNED',
      `${operatorId}:CCED`,
    ]);
    const ids = first.map((a) => a.id);
    const entries = await historyCount();

    // Runs 2 and 3: the same recon again, nothing changed: the same tickets, links, statuses, no new history.
    for (let i = 0; i < 2; i++) {
      await runExecution(t, env, { recon: true });
      const again = await check(expected);
      expect(again.map((a) => a.id)).toEqual(ids);
      expect(again.map((a) => a.status)).toEqual(['ASSIGNED', 'ASSIGNED', 'ASSIGNED']);
      expect(await historyCount()).toBe(entries);
    }

    // An execution loads the bank's R2, R3, R4: amazon|p1 and amazon|p2 have no open row left (closed);
    // flipkart|p1 keeps R5 open (updated: 2 → 1 open rows, still assigned).
    const e2 = await runExecution(t, env, { B: csv(bank2) });
    const matched2 = new Set(['R1', 'R2', 'R3', 'R4']);
    expected = expectedTickets(loadedA, matched2, expected);
    const afterMatch = await check(expected);
    expect(Object.fromEntries(afterMatch.map((a) => [a.group_key, a.status]))).toEqual({
      'amazon|p1': 'CLOSED',
      'amazon|p2': 'CLOSED',
      'flipkart|p1': 'ASSIGNED',
    });
    const closed = afterMatch.find((a) => a.group_key === 'amazon|p1');
    const history = await call(t, admin, { method: 'GET', url: `/web/v2/tickets/${closed?.id}/history`, moduleId });
    expect(history.json().data.at(-1)).toMatchObject({
      action: 'CLOSED',
      fromValue: 'ASSIGNED',
      toValue: 'CLOSED',
      remark: AUTO_TICKET_REMARKS.closed,
    });

    const kept = afterMatch.find((a) => a.group_key === 'flipkart|p1');
    const keptHistory = await call(t, admin, { method: 'GET', url: `/web/v2/tickets/${kept?.id}/history`, moduleId });
    expect(keptHistory.json().data.at(-1)).toMatchObject({
      action: 'EDITED',
      field: 'openRows',
      fromValue: '2',
      toValue: '1',
    });

    // The bank's file rolled back: R2, R3, R4 are open again: the closed tickets reopen, linked to the same rows.
    const detail = await rollBack(t, admin, moduleId, e2.executionId);
    expect(detail.status).toBe('ROLLBACK_FINISHED');
    expected = expectedTickets(loadedA, new Set(['R1']), expected);
    const afterRollback = await check(expected);
    expect(afterRollback.map((a) => a.id)).toEqual(ids);
    expect(Object.fromEntries(afterRollback.map((a) => [a.group_key, a.status]))).toEqual({
      'amazon|p1': 'REOPEN',
      'amazon|p2': 'REOPEN',
      'flipkart|p1': 'ASSIGNED',
    });
    const reopened = await call(t, admin, { method: 'GET', url: `/web/v2/tickets/${closed?.id}/history`, moduleId });
    expect(reopened.json().data.at(-1)).toMatchObject({
      action: 'REOPENED',
      fromValue: 'CLOSED',
      toValue: 'REOPEN',
      remark: AUTO_TICKET_REMARKS.reopened,
    });

    // Once more the same recon: nothing moves.
    const settled = await historyCount();
    await runExecution(t, env, { recon: true });
    expect((await check(expected)).map((a) => a.status)).toEqual(['REOPEN', 'REOPEN', 'ASSIGNED']);
    expect(await historyCount()).toBe(settled);
  });
});
