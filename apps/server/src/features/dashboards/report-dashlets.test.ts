import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DASHBOARD_TEXTS, REPORT_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLinesOfDownload } from '@/testing/download-lines.ts';
import { addReconFixture, type ReconFixture } from '@/testing/recon-fixtures.ts';
import {
  addModule,
  addRoleWith,
  addUser,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';

/**
 * REPORT dashlets (decision 0037, section 2026-11-27): a report config over a hand-made data source, grouped with SUM
 * and COUNT, shown as a dashlet. Every expected figure is worked out here from the fixture's rows in whole paise.
 */

type Row = { ref: string; region: string; paise: number; qty: number };
const ROWS: Row[] = [
  { ref: 'R1', region: 'NORTH', paise: 100010, qty: 1 },
  { ref: 'R2', region: 'NORTH', paise: 25025, qty: 2 },
  { ref: 'R3', region: 'SOUTH', paise: 9999, qty: 3 },
  { ref: 'R4', region: 'SOUTH', paise: -4550, qty: 4 },
  { ref: 'R5', region: 'WEST', paise: 50000, qty: 5 },
  { ref: 'R6', region: 'WEST', paise: 1, qty: 6 },
  { ref: 'R7', region: 'EAST', paise: 77777, qty: 7 },
  { ref: 'R8', region: 'CENTRAL', paise: 33, qty: 8 },
];
const text = (paise: number) => (paise / 100).toFixed(2);
const money = (paise: number) => `${paise < 0 ? '-' : ''}${(Math.abs(paise) / 100).toFixed(2)}`;

let t: TestApp;
let dataDir: string;
let moduleId: number;
let otherModule: number;
let admin: Session;
let maker: Session;
let f: ReconFixture;
let reportId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'recon-repdash-'));
  t = await createTestApp({ dataDir });
  moduleId = await addModule(t, 'Report dashlets module');
  otherModule = await addModule(t, 'Other report dashlets module');
  await addUser(t, { userName: 'rd-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId, otherModule] });
  admin = await signIn(t, 'rd-admin');
  await addRoleWith(t, 'ROLE_DASHLET_MAKER', ['dashletConfig']);
  await addUser(t, { userName: 'rd-maker', roles: ['ROLE_DASHLET_MAKER'], moduleIds: [moduleId] });
  maker = await signIn(t, 'rd-maker');
  f = await addReconFixture(
    t,
    moduleId,
    {
      A: {
        columns: [
          { name: 'reference', dataType: 'VARCHAR' },
          { name: 'region', dataType: 'VARCHAR' },
          { name: 'amount', dataType: 'DOUBLE', isMoney: true },
          { name: 'qty', dataType: 'INT' },
        ],
        rows: ROWS.map((r) => ({ reference: r.ref, region: r.region, amount: text(r.paise), qty: r.qty })),
      },
      B: { columns: [{ name: 'ref', dataType: 'VARCHAR' }], rows: [] },
    },
    'rd',
  );
  // Per region, EAST left out by a dynamic filter whose saved value is the default; largest total first.
  const res = await send('POST', '/v2/reports', {
    name: 'Totals by region',
    dataSourceId: f.sides.A.dataSourceId,
    columns: [{ field: 'region', label: 'Region' }],
    filters: [{ field: 'region', operator: 'NOT_EQUAL', values: ['EAST'], dynamic: true }],
    groupBy: ['region'],
    aggregates: [
      { function: 'SUM', field: 'amount', label: 'Total' },
      { function: 'COUNT', label: 'Rows' },
      { function: 'SUM', field: 'qty', label: 'Quantity' },
    ],
    sort: [{ column: 'Total', direction: 'DESC' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  reportId = res.json().id;
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, s = admin, m = moduleId) {
  return call(t, s, { method, url: `/web${url}`, moduleId: m, ...(payload === undefined ? {} : { payload }) });
}
const preview = (body: Record<string, unknown>, m = moduleId) =>
  send('POST', '/v2/dashlets/preview', { name: 'x', kind: 'REPORT', ...body }, admin, m);

/** The report's groups as the test works them out: region, total in paise, rows, quantity; largest total first. */
function expectedGroups() {
  const groups = new Map<string, { paise: number; rows: number; qty: number }>();
  for (const r of ROWS.filter((x) => x.region !== 'EAST')) {
    const g = groups.get(r.region) ?? { paise: 0, rows: 0, qty: 0 };
    groups.set(r.region, { paise: g.paise + r.paise, rows: g.rows + 1, qty: g.qty + r.qty });
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].paise - a[1].paise)
    .map(([region, g]) => ({ c1: region, c2: money(g.paise), c3: g.rows, c4: g.qty }));
}

describe('REPORT dashlets', () => {
  it('show the report’s first rows in its sort, with its columns and aggregates, money exact', async () => {
    const res = await preview({ chartType: 'BAR', parameters: { reportConfigId: reportId, limit: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const fig = res.json();
    expect(fig.columns).toEqual([
      { key: 'c1', label: 'Region', kind: 'label' },
      { key: 'c2', label: 'Total', kind: 'money' },
      { key: 'c3', label: 'Rows', kind: 'count' },
      { key: 'c4', label: 'Quantity', kind: 'count' },
    ]);
    const expected = expectedGroups().slice(0, 2);
    expect(fig.rows).toEqual(expected);
    // NORTH 1000.10 + 250.25; WEST 500.00 + 0.01 (EAST's 777.77 is filtered out by the saved dynamic value).
    expect(expected).toEqual([
      { c1: 'NORTH', c2: '1250.35', c3: 2, c4: 3 },
      { c1: 'WEST', c2: '500.01', c3: 2, c4: 11 },
    ]);
    // Groups cut by the limit: no total over them.
    expect(fig.headline).toBeNull();
    expect(fig.kind).toBe('REPORT');
  });

  it('on a NUMBER chart the headline is the first row’s first aggregate; the limit defaults to 10', async () => {
    const fig = (await preview({ chartType: 'NUMBER', parameters: { reportConfigId: reportId } })).json();
    expect(fig.headline).toEqual({ label: 'Total', value: money(100010 + 25025) });
    expect(fig.rows).toEqual(expectedGroups());
    expect(fig.rows.at(-1)).toEqual({ c1: 'CENTRAL', c2: '0.33', c3: 1, c4: 8 });
  });

  it('shows an edit of its report at once, though no row was written (the figures cache keys on the report)', async () => {
    const body = { chartType: 'TABLE', parameters: { reportConfigId: reportId, limit: 1 } };
    expect((await preview(body)).json().columns[1]).toMatchObject({ label: 'Total' });
    const report = (await send('GET', `/v2/reports/${reportId}`)).json();
    const saved = {
      name: report.name,
      dataSourceId: report.dataSourceId,
      columns: report.columns,
      filters: report.filters,
      groupBy: report.groupBy,
      aggregates: report.aggregates,
      sort: report.sort,
    };
    const put = await send('PUT', `/v2/reports/${reportId}`, {
      ...saved,
      aggregates: saved.aggregates.map((a: { label: string }) =>
        a.label === 'Total' ? { ...a, label: 'Net total' } : a,
      ),
      sort: [{ column: 'Net total', direction: 'DESC' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await preview(body)).json().columns[1]).toMatchObject({ label: 'Net total' });
    // Back as it was for the tests after this one.
    expect((await send('PUT', `/v2/reports/${reportId}`, saved)).statusCode).toBe(200);
  });

  it('the dashlet editor (dashletConfig only) lists the module’s reports to pick from', async () => {
    const res = await send('GET', '/v2/reports?start=0&length=50', undefined, maker);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { name: string }) => r.name)).toEqual(['Totals by region']);
  });

  it('refuses no report, a report of another module, and a limit over 100', async () => {
    const none = await preview({ chartType: 'TABLE', parameters: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(DASHBOARD_TEXTS.reportRequired);
    const other = await preview({ chartType: 'TABLE', parameters: { reportConfigId: reportId } }, otherModule);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(DASHBOARD_TEXTS.reportNotFound);
    const saved = await send(
      'POST',
      '/v2/dashlets',
      { name: 'Elsewhere', kind: 'REPORT', chartType: 'TABLE', parameters: { reportConfigId: reportId } },
      admin,
      otherModule,
    );
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toBe(DASHBOARD_TEXTS.reportNotFound);
    const tooMany = await preview({ chartType: 'TABLE', parameters: { reportConfigId: reportId, limit: 101 } });
    expect(tooMany.statusCode).toBe(400);
  });

  it('a saved REPORT dashlet keeps its report, holds it from deletion, and is downloaded as a DASHLET CSV', async () => {
    const res = await send('POST', '/v2/dashlets', {
      name: 'Regions',
      kind: 'REPORT',
      reconId: f.reconId,
      chartType: 'TABLE',
      parameters: { reportConfigId: reportId, limit: 3, days: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const dashletId = res.json().id;
    expect(res.json()).toMatchObject({
      reconId: null,
      reportName: 'Totals by region',
      parameters: { reportConfigId: reportId, limit: 3 },
    });
    expect(res.json().parameters.days ?? null).toBeNull();
    const data = await send('GET', `/v2/dashlets/${dashletId}/data`);
    expect(data.json().rows).toEqual(expectedGroups().slice(0, 3));

    const refused = await send('DELETE', `/v2/reports/${reportId}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(REPORT_TEXTS.inUseByDashlets('Regions'));
    expect((await send('GET', `/v2/reports/${reportId}`)).statusCode).toBe(200);

    const download = await send('POST', '/v2/dashletdownloads', {
      reportType: 'DASHLET',
      format: 'CSV',
      scope: 'ALL_COLUMNS',
      view: { dashletId },
    });
    expect(download.statusCode, download.body).toBe(202);
    const lines = await csvLinesOfDownload(t, dataDir, download.json().id);
    expect(lines).toEqual([
      'Region,Total,Rows,Quantity',
      ...expectedGroups()
        .slice(0, 3)
        .map((g) => `${g.c1},${g.c2},${g.c3},${g.c4}`),
    ]);

    expect((await send('DELETE', `/v2/dashlets/${dashletId}`)).statusCode).toBe(200);
    const deleted = await send('DELETE', `/v2/reports/${reportId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});
