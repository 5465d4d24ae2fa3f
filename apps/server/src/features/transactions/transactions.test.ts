import { TRANSACTION_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRules, matchOn } from '@/testing/recon-fixtures.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';
import { addRoleWith, bankVsGateway, getTransactions, type Scenario, setState } from './transactions.fixtures.ts';

let t: TestApp;
let operator: Session;
let support: Session;
let reversalOnly: Session;
let moduleA: number;
let moduleB: number;
let s: Scenario;
let other: Scenario;
let reversalMatchId: number;

type Row = {
  id: number;
  status: string;
  matchId: number | null;
  ruleName: string | null;
  values: Record<string, string | null>;
};

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Tx A');
  moduleB = await addModule(t, 'Tx B');
  await addUser(t, { userName: 'tx-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'tx-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  await addRoleWith(t, 'ROLE_TX_REVERSAL', ['reversal']);
  await addUser(t, { userName: 'tx-reversal', roles: ['ROLE_TX_REVERSAL'], moduleIds: [moduleA] });
  operator = await signIn(t, 'tx-operator');
  support = await signIn(t, 'tx-support');
  reversalOnly = await signIn(t, 'tx-reversal');
  s = await bankVsGateway(t, moduleA);
  other = await bankVsGateway(t, moduleB, 'other');
  reversalMatchId = (await setState(t, s.f.sides.A.stateTable, [s.ids.A.R5 as number, s.ids.A.R6 as number], {
    status: 'SAME_SIDE_REVERSAL',
  })) as number;
});
afterAll(() => t.close());

const tab = (name: string, extra = '', session: Session = operator, side: 'A' | 'B' = 'A') =>
  getTransactions(
    t,
    session,
    moduleA,
    `Find=ByTab&tab=${name}&reconId=${s.f.reconId}&dataSourceId=${s.f.sides[side].dataSourceId}${extra}`,
  );
const refs = (body: { data: Row[] }) => body.data.map((r) => r.values.reference);

describe('GET /v2/transactions?Find=Recons', () => {
  it("lists the module's recons with side A and side B, their columns and date columns", async () => {
    const res = await getTransactions(t, support, moduleA, 'Find=Recons');
    expect(res.statusCode).toBe(200);
    const recon = res.json().data.find((r: { id: number }) => r.id === s.f.reconId);
    expect(recon.dataSources.map((d: { side: string }) => d.side)).toEqual(['A', 'B']);
    expect(recon.dataSources[0]).toMatchObject({
      id: s.f.sides.A.dataSourceId,
      dateColumns: ['value_date', 'posted_at'],
      columns: [
        { name: 'reference', type: 'VARCHAR', isMoney: false, isShown: true },
        { name: 'value_date', type: 'DATE', isMoney: false, isShown: true },
        { name: 'posted_at', type: 'DATETIME', isMoney: false, isShown: true },
        { name: 'amount', type: 'DOUBLE', isMoney: true, isShown: true },
        { name: 'narration', type: 'VARCHAR', isMoney: false, isShown: true },
      ],
    });
    expect(res.json().data.some((r: { id: number }) => r.id === other.f.reconId)).toBe(false);
  });
});

describe('GET /v2/transactions?Find=ByTab', () => {
  it('pages the reconciled tab with status, group, rule and exact money as text, newest date first', async () => {
    const res = await tab('reconciled', '&draw=4');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ draw: 4, recordsTotal: 3, recordsFiltered: 3, dateColumn: 'value_date' });
    expect(body.data.map((r: Row) => [r.values.reference, r.status, r.ruleName])).toEqual([
      ['r3 ', 'PROPOSE_MATCH', 'Reference ignoring case, amount within 5'],
      ['R2', 'RECONCILED', 'Exact reference and amount'],
      ['R1', 'RECONCILED', 'Exact reference and amount'],
    ]);
    expect(body.data[1]).toMatchObject({
      values: { amount: '250.5000', value_date: '2026-10-02', posted_at: '2026-10-02 23:59:00' },
      closedBy: 'ENGINE',
      closedByUser: null,
    });
    expect(body.data[1].matchId).toEqual(expect.any(Number));
  });

  it('keeps each status to its tab and loaded duplicates out of every tab', async () => {
    expect(refs((await tab('unreconciled')).json())).toEqual(['R4']);
    expect(refs((await tab('reversal')).json())).toEqual(['R6', 'R5']);
    expect((await tab('knockoff')).json().recordsTotal).toBe(0);
    expect((await tab('duplicate-match')).json().recordsTotal).toBe(0);
    const all = (await tab('all')).json();
    expect(all.recordsTotal).toBe(6);
    expect(all.data.some((r: Row) => r.values.narration === 'dup')).toBe(false);
    const openB = (await tab('unreconciled', '', operator, 'B')).json();
    expect(openB.data.map((r: Row) => r.values.utr)).toEqual(['R800', 'R700']);
  });

  it('narrows a tab by status and refuses a status of another tab', async () => {
    const proposed = (await tab('reconciled', '&status=PROPOSE_MATCH')).json();
    expect([proposed.recordsTotal, proposed.recordsFiltered, refs(proposed)]).toEqual([3, 1, ['r3 ']]);
    const bad = await tab('reconciled', '&status=UNRECONCILED');
    expect([bad.statusCode, bad.json().message]).toEqual([400, TRANSACTION_TEXTS.statusNotInTab]);
  });

  it('filters columns with typed operators', async () => {
    const f = (i: number, data: string, type: string, value: string) =>
      `&columns[${i}][data]=${data}&columns[${i}][search][type]=${type}&columns[${i}][search][value]=${encodeURIComponent(value)}`;
    const cases: [string, (string | undefined)[]][] = [
      [f(0, 'amount', 'EQUAL', '250.5'), ['R2']],
      [f(0, 'amount', 'GREATER_THAN', '300'), ['R5', 'R4']],
      [f(0, 'amount', 'BETWEEN', '100, 300'), ['r3 ', 'R2', 'R1']],
      [f(0, 'value_date', 'LESS_THAN_EQUAL', '2026-10-02'), ['R2', 'R1']],
      [f(0, 'posted_at', 'EQUAL', '2026-10-02'), ['R2']],
      [f(0, 'posted_at', 'GREATER_THAN_EQUAL', '2026-10-05 12:00'), ['R6', 'R5']],
      [f(0, 'reference', 'IN', 'R1,R4'), ['R4', 'R1']],
      [f(0, 'narration', 'IS_NULL', ''), ['R4']],
      [f(0, 'narration', 'NOT_EQUAL', 'NEFT R1'), ['R6', 'R5', 'R4', 'r3 ', 'R2']],
      [f(0, 'narration', 'STARTS_WITH', 'neft'), ['R5', 'R1']],
      [`&columns[0][data]=narration&columns[0][search][value]=R5`, ['R6', 'R5']],
      [f(0, '_status', 'IN', 'reconciled,same_side_reversal'), ['R6', 'R5', 'R2', 'R1']],
      [f(0, '_rule_name', 'CONTAINS', 'ignoring'), ['r3 ']],
      [f(0, 'amount', 'LESS_THAN', '0') + f(1, 'reference', 'EQUAL', 'R6'), ['R6']],
    ];
    for (const [query, expected] of cases) {
      const res = await tab('all', query);
      expect([query, res.statusCode, refs(res.json())]).toEqual([query, 200, expected]);
    }
  });

  it('answers 400 naming the column for a bad operator or value, and ignores unknown columns', async () => {
    const bad = async (query: string) => (await tab('all', query)).json().message;
    expect(await bad('&columns[0][data]=amount&columns[0][search][type]=EQUAL&columns[0][search][value]=12a')).toBe(
      'Filter on amount: "12a" is not a number',
    );
    expect(
      await bad('&columns[0][data]=value_date&columns[0][search][type]=EQUAL&columns[0][search][value]=01-10-2026'),
    ).toBe('Filter on value_date: "01-10-2026" is not a date (YYYY-MM-DD)');
    expect(await bad('&columns[0][data]=amount&columns[0][search][type]=BETWEEN&columns[0][search][value]=1')).toBe(
      'Filter on amount: Between takes two values separated by a comma',
    );
    expect(await bad('&columns[0][data]=amount&columns[0][search][type]=ABOUT&columns[0][search][value]=1')).toBe(
      'Filter on amount: "ABOUT" is not a filter operator',
    );
    const unknown = await tab(
      'all',
      '&columns[0][data]=_secret&columns[0][search][value]=x&columns[1][data]=pg_sleep&columns[1][search][value]=1',
    );
    expect([unknown.statusCode, unknown.json().recordsFiltered]).toEqual([200, 6]);
  });

  it('sorts by any column or field, then by id', async () => {
    const sorted = (data: string, dir: string) =>
      tab('all', `&columns[0][data]=${data}&order[0][column]=0&order[0][dir]=${dir}`).then((r) => refs(r.json()));
    expect(await sorted('amount', 'asc')).toEqual(['R6', 'R1', 'R2', 'r3 ', 'R4', 'R5']);
    // PostgreSQL's NULLS placement (first when descending), so an index on the column serves the order.
    expect(await sorted('narration', 'desc')).toEqual(['R4', 'r3 ', 'R6', 'R5', 'R1', 'R2']);
    expect((await sorted('_status', 'asc'))[0]).toBe('r3 ');
  });

  it('keeps to a date range on the chosen date column and offers the latest date when the range is empty', async () => {
    const range = (await tab('all', '&fromDate=2026-10-02&toDate=2026-10-04')).json();
    expect(refs(range)).toEqual(['R4', 'r3 ', 'R2']);
    const byPosting = (await tab('all', '&dateColumn=posted_at&fromDate=2026-10-02&toDate=2026-10-02')).json();
    expect([byPosting.dateColumn, refs(byPosting)]).toEqual(['posted_at', ['R2']]);
    const empty = (await tab('unreconciled', '&fromDate=2026-11-01&toDate=2026-11-15')).json();
    expect([empty.recordsTotal, empty.latestDate]).toEqual([0, '2026-10-04']);
    const loaded = (await tab('all', '&dateColumn=_loaded_at&fromDate=2020-01-01&toDate=2020-01-02')).json();
    expect(loaded.recordsTotal).toBe(0);
    expect((await tab('all', '&dateColumn=narration')).json().message).toBe(TRANSACTION_TEXTS.dateColumnInvalid);
    expect((await tab('all', '&fromDate=2026-10-05&toDate=2026-10-01')).json().message).toBe(
      TRANSACTION_TEXTS.dateRangeInvalid,
    );
    expect((await tab('all', '&fromDate=05-10-2026')).json().message).toBe(TRANSACTION_TEXTS.dateInvalid);
  });

  it('caps the counts on request and answers the exact ones with Find=ByTabCount', async () => {
    const big = await bankVsGateway(t, moduleA, 'big');
    await t.database.pool.query(
      `INSERT INTO ${big.f.sides.B.table} (utr, txn_date, net_amount)
       SELECT 'BIG' || g, date '2026-10-01' + (g % 5), g FROM generate_series(1, 10050) g`,
    );
    const q = `reconId=${big.f.reconId}&dataSourceId=${big.f.sides.B.dataSourceId}&tab=unreconciled`;
    const capped = (await getTransactions(t, operator, moduleA, `Find=ByTab&${q}&count=capped&length=5`)).json();
    expect([capped.recordsTotal, capped.recordsFiltered, capped.isCountCapped, capped.data.length]).toEqual([
      10_001,
      10_001,
      true,
      5,
    ]);
    const exact = (await getTransactions(t, operator, moduleA, `Find=ByTabCount&${q}`)).json();
    expect(exact).toEqual({ recordsTotal: 10_052, recordsFiltered: 10_052 });
    const small = (await tab('unreconciled', '&count=capped')).json();
    expect([small.recordsTotal, small.isCountCapped]).toEqual([1, false]);
    expect((await getTransactions(t, support, moduleA, `Find=ByTabCount&${q}`)).statusCode).toBe(403);
  });

  it('pages with start and length', async () => {
    const page = (await tab('all', '&start=2&length=2')).json();
    expect([page.recordsFiltered, refs(page)]).toEqual([6, ['R4', 'r3 ']]);
  });

  it("answers 403 without the tab's privilege and 401 without a session", async () => {
    expect((await tab('all', '', support)).statusCode).toBe(200);
    expect((await tab('reconciled', '', support)).statusCode).toBe(403);
    expect((await tab('unreconciled', '', reversalOnly)).statusCode).toBe(403);
    expect((await tab('reversal', '', reversalOnly)).statusCode).toBe(200);
    expect((await getTransactions(t, null, moduleA, 'Find=Recons')).statusCode).toBe(401);
  });

  it('answers 404 for a recon or data source of another module, 400 for a data source of another recon', async () => {
    const q = (reconId: number, dataSourceId: number) =>
      getTransactions(t, operator, moduleA, `Find=ByTab&tab=all&reconId=${reconId}&dataSourceId=${dataSourceId}`);
    const foreignRecon = await q(other.f.reconId, other.f.sides.A.dataSourceId);
    expect([foreignRecon.statusCode, foreignRecon.json()[0].message]).toEqual([404, TRANSACTION_TEXTS.reconNotFound]);
    const foreignSource = await q(s.f.reconId, other.f.sides.A.dataSourceId);
    expect([foreignSource.statusCode, foreignSource.json()[0].message]).toEqual([
      404,
      TRANSACTION_TEXTS.dataSourceNotFound,
    ]);
    const third = await bankVsGateway(t, moduleA, 'third');
    const otherRecon = await q(s.f.reconId, third.f.sides.A.dataSourceId);
    expect([otherRecon.statusCode, otherRecon.json().message]).toEqual([400, TRANSACTION_TEXTS.dataSourceNotInRecon]);
    const missing = await getTransactions(t, operator, moduleA, 'Find=ByTab&tab=all');
    expect([missing.statusCode, missing.json().message]).toEqual([400, TRANSACTION_TEXTS.reconRequired]);
  });
});

describe('GET /v2/transactions/group/{matchId}', () => {
  const group = (matchId: number, session: Session = operator, reconId = s.f.reconId) =>
    call(t, session, {
      method: 'GET',
      url: `/web/v2/transactions/group/${matchId}?reconId=${reconId}`,
      moduleId: moduleA,
    });

  it('answers every row of a group from both sides, side A first', async () => {
    const r1 = (
      await tab('reconciled', '&columns[0][data]=reference&columns[0][search][type]=EQUAL&columns[0][search][value]=R1')
    ).json().data[0] as Row;
    const res = await group(r1.matchId as number);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().rows.map((r: Row & { side: string }) => [r.side, r.values.reference ?? r.values.utr, r.status]),
    ).toEqual([
      ['A', 'R1', 'RECONCILED'],
      ['B', 'R1', 'RECONCILED'],
    ]);
    const reversal = (await group(reversalMatchId, reversalOnly)).json();
    expect(reversal.rows.map((r: Row & { side: string }) => [r.side, r.values.reference])).toEqual([
      ['A', 'R5'],
      ['A', 'R6'],
    ]);
  });

  it('answers 404 for an unknown group or a recon of another module', async () => {
    const unknown = await group(999_999);
    expect([unknown.statusCode, unknown.json()[0].message]).toEqual([404, TRANSACTION_TEXTS.groupNotFound]);
    expect((await group(reversalMatchId, operator, other.f.reconId)).statusCode).toBe(404);
  });
});

describe('GET /v2/transactions?Find=MappedRow', () => {
  const mapped = (side: 'A' | 'B', rowId: number, session: Session = operator) =>
    getTransactions(
      t,
      session,
      moduleA,
      `Find=MappedRow&reconId=${s.f.reconId}&dataSourceId=${s.f.sides[side].dataSourceId}&rowId=${rowId}`,
    );

  it('answers a matched row with its group and an open row alone', async () => {
    const matched = (await mapped('B', s.ids.B.R2 as number)).json();
    expect(matched.row).toMatchObject({ side: 'B', status: 'RECONCILED', values: { utr: 'R2' } });
    expect(matched.group.rows.map((r: Row) => r.values.reference ?? r.values.utr)).toEqual(['R2', 'R2']);
    const open = (await mapped('A', s.ids.A.R4 as number)).json();
    expect([open.row.status, open.group]).toEqual(['UNRECONCILED', null]);
  });

  it('answers 404 for a row that does not exist and 403 without viewMappedRow', async () => {
    const missing = await mapped('A', 999_999);
    expect([missing.statusCode, missing.json()[0].message]).toEqual([404, TRANSACTION_TEXTS.rowNotFound]);
    expect((await mapped('A', s.ids.A.R4 as number, support)).statusCode).toBe(403);
  });
});

describe('GET /v2/transactions?Find=GlobalSearch', () => {
  const search = (value: string, session: Session = operator) =>
    getTransactions(t, session, moduleA, `Find=GlobalSearch&value=${encodeURIComponent(value)}`);

  it('finds a reference across every data source of the module by equality or prefix, ignoring case', async () => {
    const res = await search('neft r');
    expect(res.statusCode).toBe(200);
    const hits = res.json().data.filter((h: { reconId: number }) => h.reconId === s.f.reconId);
    expect(
      hits.map((h: Row & { matchedColumns: string[] }) => [h.values.reference, h.status, h.matchedColumns]),
    ).toEqual([
      ['R1', 'RECONCILED', ['narration']],
      ['R5', 'SAME_SIDE_REVERSAL', ['narration']],
    ]);
    const both = (await search('r70')).json().data;
    expect(both.map((h: { side: string; status: string }) => [h.side, h.status])).toContainEqual(['B', 'UNRECONCILED']);
    expect((await search('r70')).json().data.some((h: { reconId: number }) => h.reconId === other.f.reconId)).toBe(
      false,
    );
  });

  it('caps the rows of a data source and says which data sources have more', async () => {
    const capped = await bankVsGateway(t, moduleA, 'capped');
    const values = Array.from({ length: 25 }, (_, i) => `('CAPREF${i}', '2026-10-01', 1)`).join(', ');
    await t.database.pool.query(`INSERT INTO ${capped.f.sides.B.table} (utr, txn_date, net_amount) VALUES ${values}`);
    const body = (await search('capref')).json();
    expect(body.data).toHaveLength(20);
    expect(body.cappedDataSourceIds).toEqual([capped.f.sides.B.dataSourceId]);
  });

  it('answers 400 for fewer than 3 characters and 403 without globalSearch', async () => {
    const short = await search(' r1 ');
    expect([short.statusCode, short.json().message]).toEqual([400, TRANSACTION_TEXTS.searchTooShort]);
    expect((await search('R10', reversalOnly)).statusCode).toBe(403);
  });
});

describe('GET /v2/transactions?Find=ReconMapping', () => {
  it('pairs each side A column with the side B column its rules compare it with', async () => {
    const res = await getTransactions(t, operator, moduleA, `Find=ReconMapping&reconId=${s.f.reconId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sideA).toEqual({ id: s.f.sides.A.dataSourceId, name: expect.any(String) });
    expect(
      body.data.map((r: { columnA: string; columnB: string; rules: { ruleName: string }[] }) => [
        r.columnA,
        r.columnB,
        r.rules.map((x) => x.ruleName),
      ]),
    ).toEqual([
      ['reference', 'utr', ['Exact reference and amount', 'Reference ignoring case, amount within 5']],
      ['amount', 'net_amount', ['Exact reference and amount', 'Reference ignoring case, amount within 5']],
    ]);
    expect(body.data[0].rules[1].a.transforms).toEqual([
      { type: 'TRIM', argument: null },
      { type: 'UPPERCASE', argument: null },
    ]);
    expect(body.data[1].rules[1].tolerance).toBe(5);
    expect(body.data[1].rules[1].toleranceType).toBe('AMOUNT');
  });

  it('answers 403 without viewMapping and 404 for a recon of another module', async () => {
    expect((await getTransactions(t, support, moduleA, `Find=ReconMapping&reconId=${s.f.reconId}`)).statusCode).toBe(
      403,
    );
    expect(
      (await getTransactions(t, operator, moduleA, `Find=ReconMapping&reconId=${other.f.reconId}`)).statusCode,
    ).toBe(404);
  });

  // Last in the file: the rule it adds would change the mapping the first test reads.
  it('answers the named arguments of a transform, so the page can show the pattern an extract uses', async () => {
    const condition = matchOn(s.f, 1, 'narration', 'utr');
    condition.elementSecond.transforms = [
      { type: 'REGEX_EXTRACT', argument: null, args: { pattern: 'UTR-([0-9]{12})', group: 1 } } as never,
      { type: 'TRIM', argument: null },
    ];
    await addRules(t, moduleA, s.f, [{ name: 'UTR extracted', ruleType: 'RECONCILED', conditions: [condition] }]);
    const res = await getTransactions(t, operator, moduleA, `Find=ReconMapping&reconId=${s.f.reconId}`);
    const row = res.json().data.find((r: { columnA: string }) => r.columnA === 'narration');
    expect(row.rules[0].b.transforms).toEqual([
      { type: 'REGEX_EXTRACT', argument: null, args: { pattern: 'UTR-([0-9]{12})', group: 1 } },
      { type: 'TRIM', argument: null },
    ]);
  });
});
