import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DASHBOARD_TEXTS, DOWNLOAD_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReconNow } from '@/lib/recon/recon-runner.ts';
import { csvLinesOfDownload } from '@/testing/download-lines.ts';
import { FORBIDDEN_BODY } from '@/testing/error-bodies.ts';
import { addReconFixture, addRules, matchOn, type ReconFixture } from '@/testing/recon-fixtures.ts';
import {
  addModule,
  addRoleWith,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';

/**
 * Dashlets and dashboards (decision 0037) against a hand-made fixture: every expected figure is worked out here
 * from the fixture's rows in whole paise and whole counts, independently of the SQL. Days are relative to today.
 */

const DAY_MS = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const dated = (age: number) => new Date(Date.parse(TODAY) - age * DAY_MS).toISOString().slice(0, 10);
const text = (paise: number) => (paise / 100).toFixed(2);
const money = (paise: number) => `${paise < 0 ? '-' : ''}${(Math.abs(paise) / 100).toFixed(2)}`;

type Row = { key: string; age: number; paise: number; partner: string; matched?: boolean; duplicate?: boolean };
const BANK: Row[] = [
  { key: 'M1', age: 0, paise: 100010, partner: 'Acme', matched: true },
  { key: 'X2', age: 1, paise: 25025, partner: 'Acme' },
  { key: 'X3', age: 8, paise: 9999, partner: 'Beta' },
  { key: 'M4', age: 2, paise: 123456, partner: 'Beta', matched: true },
  { key: 'X5', age: 16, paise: -4550, partner: 'Acme' },
  { key: 'X6', age: 45, paise: 50000, partner: 'Gamma' },
  { key: 'X7', age: 120, paise: 1, partner: 'Beta' },
  { key: 'X8', age: 1, paise: 7000, partner: 'Acme', duplicate: true },
];
const LEDGER: Row[] = [
  { key: 'M1', age: 0, paise: 100010, partner: '', matched: true },
  { key: 'M4', age: 2, paise: 123456, partner: '', matched: true },
  { key: 'Y1', age: 3, paise: 40040, partner: '' },
];
const BOUNDS = [7, 15, 30, 60, 90];
const bucketOf = (age: number) => {
  const i = BOUNDS.findIndex((b) => age <= b);
  return i < 0 ? BOUNDS.length : i;
};
const loaded = (rows: Row[]) => rows.filter((r) => !r.duplicate);
const open = (rows: Row[]) => loaded(rows).filter((r) => !r.matched);
const sum = (rows: Row[]) => rows.reduce((n, r) => n + r.paise, 0);

let t: TestApp;
let dataDir: string;
let moduleId: number;
let emptyModule: number;
let admin: Session;
let viewer: Session;
let f: ReconFixture;
let names: { recon: string; A: string; B: string };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'recon-dash-'));
  t = await createTestApp({ dataDir });
  moduleId = await addModule(t, 'Dashboard module');
  emptyModule = await addModule(t, 'Module without recons');
  await addUser(t, { userName: 'dash-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId, emptyModule] });
  await addRoleWith(t, 'ROLE_DASH_VIEWER', ['dashboards']);
  await addUser(t, { userName: 'dash-viewer', roles: ['ROLE_DASH_VIEWER'], moduleIds: [moduleId] });
  admin = await signIn(t, 'dash-admin');
  viewer = await signIn(t, 'dash-viewer');
  f = await addReconFixture(
    t,
    moduleId,
    {
      A: {
        columns: [
          { name: 'reference', dataType: 'VARCHAR' },
          { name: 'value_date', dataType: 'DATE' },
          { name: 'amount', dataType: 'DOUBLE', isMoney: true },
          { name: 'partner', dataType: 'VARCHAR' },
        ],
        rows: BANK.map((r) => ({
          reference: r.key,
          value_date: dated(r.age),
          amount: text(r.paise),
          partner: r.partner,
          ...(r.duplicate ? { _recon_status: 'DUPLICATE' } : {}),
        })),
      },
      B: {
        columns: [
          { name: 'ref', dataType: 'VARCHAR' },
          { name: 'txn_date', dataType: 'DATE' },
          { name: 'amount', dataType: 'DOUBLE', isMoney: true },
        ],
        rows: LEDGER.map((r) => ({ ref: r.key, txn_date: dated(r.age), amount: text(r.paise) })),
      },
    },
    'dash',
  );
  await addRules(t, moduleId, f, [
    {
      name: 'Reference and amount',
      ruleType: 'RECONCILED',
      conditions: [matchOn(f, 1, 'reference', 'ref'), matchOn(f, 2, 'amount', 'amount')],
    },
  ]);
  const run = await runReconNow(t.database.db, { moduleId, reconId: f.reconId, startedBy: null, dryRun: false });
  expect(run.status).toBe('COMPLETED');
  const recon = await t.database.db
    .selectFrom('recon')
    .select('name')
    .where('id', '=', f.reconId)
    .executeTakeFirstOrThrow();
  const sourceName = async (id: number) =>
    (await t.database.db.selectFrom('data_source').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
  names = {
    recon: recon.name,
    A: await sourceName(f.sides.A.dataSourceId),
    B: await sourceName(f.sides.B.dataSourceId),
  };
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, s = admin, m = moduleId) =>
  call(t, s, { method, url: `/web${url}`, moduleId: m, ...(payload === undefined ? {} : { payload }) });
const preview = (body: Record<string, unknown>) => send('POST', '/v2/dashlets/preview', { name: 'x', ...body });

describe('dashlet figures', () => {
  it('match rate: rows, matched and open per data source and in total, duplicates left out', async () => {
    const res = await preview({ kind: 'MATCH_RATE', reconId: f.reconId, chartType: 'NUMBER' });
    expect(res.statusCode, res.body).toBe(200);
    const fig = res.json();
    const line = (name: string, rows: Row[]) => {
      const total = loaded(rows).length;
      const matched = loaded(rows).filter((r) => r.matched).length;
      return { name, total, matched, open: total - matched, openAmount: money(sum(open(rows))) };
    };
    const all = [...BANK, ...LEDGER];
    expect(fig.rows).toMatchObject([line(names.A, BANK), line(names.B, LEDGER), line('Total', all)]);
    // 4 matched of 10 loaded rows.
    expect(fig.rows[2].rate).toBe('40.00');
    expect(fig.headline).toEqual({ label: 'Match rate', value: '40.00%' });
  });

  it('match rate over the last 2 days counts only rows dated today and yesterday', async () => {
    const fig = (
      await preview({ kind: 'MATCH_RATE', reconId: f.reconId, chartType: 'NUMBER', parameters: { days: 2 } })
    ).json();
    const recent = [...BANK, ...LEDGER].filter((r) => r.age <= 1 && !r.duplicate);
    expect(recent.map((r) => r.key).sort()).toEqual(['M1', 'M1', 'X2']);
    expect(fig.rows.at(-1)).toMatchObject({ total: 3, matched: 2, open: 1, rate: '66.67', openAmount: money(25025) });
  });

  it('open rows and amount by age bucket, in paise', async () => {
    const fig = (await preview({ kind: 'OPEN_BY_AGE', reconId: f.reconId, chartType: 'BAR' })).json();
    const expected = ['0-7', '8-15', '16-30', '31-60', '61-90', '90+'].map((bucket, i) => {
      const rows = [...open(BANK), ...open(LEDGER)].filter((r) => bucketOf(r.age) === i);
      return { bucket, count: rows.length, amount: money(sum(rows)) };
    });
    expect(fig.rows).toEqual(expected);
    expect(expected[0]).toEqual({ bucket: '0-7', count: 2, amount: money(25025 + 40040) });
    expect(fig.headline.value).toBe(String(open(BANK).length + open(LEDGER).length));
  });

  it('trend: matched and open per day over the last N days, every day listed', async () => {
    const fig = (
      await preview({ kind: 'TREND', reconId: f.reconId, chartType: 'LINE', parameters: { days: 4 } })
    ).json();
    const expected = [3, 2, 1, 0].map((age) => {
      const rows = loaded([...BANK, ...LEDGER]).filter((r) => r.age === age);
      return {
        day: dated(age),
        matched: rows.filter((r) => r.matched).length,
        open: rows.filter((r) => !r.matched).length,
      };
    });
    expect(fig.rows).toEqual(expected);
    expect(expected).toEqual([
      { day: dated(3), matched: 0, open: 1 },
      { day: dated(2), matched: 2, open: 0 },
      { day: dated(1), matched: 0, open: 1 },
      { day: dated(0), matched: 2, open: 0 },
    ]);
  });

  it('top breaks: open rows grouped by the chosen column, largest amount first', async () => {
    const fig = (
      await preview({
        kind: 'TOP_BREAKS',
        reconId: f.reconId,
        chartType: 'TABLE',
        parameters: { dataSourceId: f.sides.A.dataSourceId, column: 'partner', limit: 2 },
      })
    ).json();
    const groups = new Map<string, Row[]>();
    for (const r of open(BANK)) groups.set(r.partner, [...(groups.get(r.partner) ?? []), r]);
    const expected = [...groups.entries()]
      .map(([key, rows]) => ({ key, count: rows.length, amount: money(sum(rows)) }))
      .sort((a, b) => Math.abs(Number(b.amount)) - Math.abs(Number(a.amount)))
      .slice(0, 2);
    expect(fig.rows).toEqual(expected);
    expect(fig.rows[0]).toEqual({ key: 'Gamma', count: 1, amount: money(50000) });
  });

  it('runs and failures: the module’s job executions per day', async () => {
    const job = await t.database.db
      .insertInto('job')
      .values({ module_id: moduleId, name: 'Nightly' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = (age: number) => new Date(Date.parse(TODAY) - age * DAY_MS + 3_600_000);
    await t.database.db
      .insertInto('job_execution')
      .values([
        { module_id: moduleId, job_id: job.id, status: 'COMPLETED', created_at: at(0) },
        { module_id: moduleId, job_id: job.id, status: 'FAILED', created_at: at(0) },
        { module_id: moduleId, job_id: job.id, status: 'FAILED', created_at: at(2) },
        { module_id: moduleId, job_id: job.id, status: 'FAILED', created_at: at(9) },
      ])
      .execute();
    const fig = (await preview({ kind: 'RUNS', chartType: 'BAR', parameters: { days: 3 } })).json();
    expect(fig.rows).toEqual([
      { day: dated(2), runs: 1, failed: 1 },
      { day: dated(1), runs: 0, failed: 0 },
      { day: dated(0), runs: 2, failed: 1 },
    ]);
    expect(fig.headline.value).toBe('2 / 3');
  });

  it('refuses a dashlet without a recon, with a column not of the data source, or a recon of another module', async () => {
    const noRecon = await preview({ kind: 'OPEN_BY_AGE', chartType: 'BAR' });
    expect(noRecon.statusCode).toBe(400);
    expect(noRecon.json().message).toBe(DASHBOARD_TEXTS.reconRequired);
    const badColumn = await preview({
      kind: 'TOP_BREAKS',
      reconId: f.reconId,
      chartType: 'TABLE',
      parameters: { dataSourceId: f.sides.A.dataSourceId, column: 'nope' },
    });
    expect(badColumn.json().message).toBe(DASHBOARD_TEXTS.columnNotFound);
    const other = await send(
      'POST',
      '/v2/dashlets/preview',
      { name: 'x', kind: 'MATCH_RATE', reconId: f.reconId, chartType: 'NUMBER' },
      admin,
      emptyModule,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(DASHBOARD_TEXTS.reconNotFound);
  });
});

describe('dashlets and dashboards', () => {
  let dashletId: number;
  let dashboardId: number;

  it('a dashlet is created, audited, read back with its figures, and its name is unique in the module', async () => {
    const res = await send('POST', '/v2/dashlets', {
      name: 'Open by age',
      kind: 'OPEN_BY_AGE',
      reconId: f.reconId,
      chartType: 'BAR',
    });
    expect(res.statusCode, res.body).toBe(200);
    dashletId = res.json().id;
    expect(res.json()).toMatchObject({ name: 'Open by age', reconName: names.recon, dashboardCount: 0 });
    expect((await auditRows(t, 'DASHLET_CREATED')).at(-1)).toMatchObject({ entity_id: String(dashletId) });
    const data = await send('GET', `/v2/dashlets/${dashletId}/data`, undefined, viewer);
    expect(data.statusCode).toBe(200);
    expect(data.json().rows[0]).toEqual({ bucket: '0-7', count: 2, amount: money(25025 + 40040) });
    const again = await send('POST', '/v2/dashlets', { name: 'open BY age', kind: 'RUNS', chartType: 'BAR' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(DASHBOARD_TEXTS.dashletNameTaken);
  });

  it('a dashlet’s figures are downloaded as a DASHLET request, listed on dashboard-downloads', async () => {
    const res = await send(
      'POST',
      '/v2/dashletdownloads',
      { reportType: 'DASHLET', format: 'CSV', scope: 'ALL_COLUMNS', view: { dashletId } },
      viewer,
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ reportType: 'DASHLET', status: 'SUBMITTED', format: 'CSV' });
    const lines = await csvLinesOfDownload(t, dataDir, res.json().id);
    expect(lines[0]).toBe('Age (days),Open rows,Open amount');
    // "0-7" is kept as text for Excel (it would read a date): the writers' own guard.
    expect(lines[1]).toBe(`"=""0-7""",2,${money(25025 + 40040)}`);
    expect(lines).toHaveLength(7);
    const listed = await send('GET', '/v2/dashletdownloads?reportType=DASHLET&start=0&length=10', undefined, viewer);
    expect(listed.json().data.map((d: { id: number }) => d.id)).toContain(res.json().id);
    const missing = await send('POST', '/v2/dashletdownloads', {
      reportType: 'DASHLET',
      format: 'CSV',
      scope: 'ALL_COLUMNS',
      view: {},
    });
    expect(missing.json().message).toBe(DOWNLOAD_TEXTS.viewRequired);
    const elsewhere = await send(
      'POST',
      '/v2/dashletdownloads',
      { reportType: 'DASHLET', format: 'CSV', scope: 'ALL_COLUMNS', view: { dashletId } },
      admin,
      emptyModule,
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('a viewer with only dashboards reads but may not create dashlets or dashboards', async () => {
    expect((await send('GET', '/v2/dashlets', undefined, viewer)).statusCode).toBe(200);
    const refused = await send('POST', '/v2/dashlets', { name: 'Mine', kind: 'RUNS', chartType: 'BAR' }, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(FORBIDDEN_BODY);
    const board = await send('POST', '/v2/dashboards', { name: 'Mine', layout: [] }, viewer);
    expect(board.statusCode).toBe(403);
  });

  it('a dashboard places dashlets; its layout is saved after a drag; a placed dashlet cannot be deleted', async () => {
    const res = await send('POST', '/v2/dashboards', {
      name: 'Breaks',
      layout: [{ dashletId, x: 0, y: 0, w: 6, h: 4 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    dashboardId = res.json().id;
    expect(res.json().layout).toMatchObject([{ dashletId, x: 0, y: 0, w: 6, h: 4, dashlet: { name: 'Open by age' } }]);
    const moved = await send('PUT', `/v2/dashboards/${dashboardId}/layout`, {
      layout: [{ dashletId, x: 6, y: 2, w: 6, h: 5 }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await send('GET', `/v2/dashboards/${dashboardId}`)).json().layout).toMatchObject([
      { dashletId, x: 6, y: 2, w: 6, h: 5 },
    ]);
    expect((await auditRows(t, 'DASHBOARD_LAYOUT_SAVED')).length).toBeGreaterThan(0);
    const outside = await send('PUT', `/v2/dashboards/${dashboardId}/layout`, {
      layout: [{ dashletId, x: 8, y: 0, w: 6, h: 4 }],
    });
    expect(outside.json().message).toBe(DASHBOARD_TEXTS.layoutInvalid);
    const del = await send('DELETE', `/v2/dashlets/${dashletId}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe(DASHBOARD_TEXTS.dashletInUse);
  });

  it('a dashboard of another module is not found', async () => {
    const res = await send('GET', `/v2/dashboards/${dashboardId}`, undefined, admin, emptyModule);
    expect(res.statusCode).toBe(404);
  });

  it('deleting the dashboard frees its dashlet for deletion', async () => {
    expect((await send('DELETE', `/v2/dashboards/${dashboardId}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/v2/dashlets/${dashletId}`)).statusCode).toBe(200);
  });
});

describe('the default dashboard', () => {
  it('a module with no dashboard gets one showing its recons’ health, made once', async () => {
    const fresh = await addModule(t, 'Fresh module');
    await addUser(t, { userName: 'dash-fresh', roles: ['ROLE_ADMIN'], moduleIds: [fresh, moduleId] });
    const s = await signIn(t, 'dash-fresh');
    const [first, second] = await Promise.all([
      send('GET', '/v2/dashboards', undefined, s, fresh),
      send('GET', '/v2/dashboards', undefined, s, fresh),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().data).toHaveLength(1);
    expect(first.json().data).toMatchObject([{ name: 'Recon health', isDefault: true, dashletCount: 1 }]);
  });

  it('with recons, the default dashboard shows match rate, age and trend of each and the runs', async () => {
    const list = await send('GET', '/v2/dashboards');
    const def = list.json().data.find((d: { isDefault: boolean }) => d.isDefault);
    const board = (await send('GET', `/v2/dashboards/${def.id}`)).json();
    expect(board.layout.map((p: { dashlet: { name: string } }) => p.dashlet.name)).toEqual([
      `${names.recon} · Match rate`,
      `${names.recon} · Open by age`,
      `${names.recon} · Trend`,
      'Runs and failures',
    ]);
    const rate = board.layout[0].dashlet.id;
    expect((await send('GET', `/v2/dashlets/${rate}/data`)).json().headline.value).toBe('40.00%');
  });
});
