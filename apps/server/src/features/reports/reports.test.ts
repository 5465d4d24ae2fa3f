import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILTER_PROBLEMS, filterValueMessage, REPORT_TEXTS, reportColumnNotFound } from '@recon/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportActivity, runReportGroupActivity } from '@/jobs/activities/report.ts';
import { csvLinesOfDownload } from '@/testing/download-lines.ts';
import { FORBIDDEN_BODY, invalidBody, notFoundBody } from '@/testing/error-bodies.ts';
import { addReconFixture, insertRows, type ReconFixture } from '@/testing/recon-fixtures.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';

/**
 * Reports against a hand-made fixture (decision 0036): every expected figure is worked out here from the fixture's
 * rows in whole paise, independently of the SQL.
 */

type Row = { ref: string; region: string; day: string; paise: number; qty: number };
const ROWS: Row[] = [
  { ref: 'R1', region: 'NORTH', day: '2026-10-01', paise: 100010, qty: 1 },
  { ref: 'R2', region: 'NORTH', day: '2026-10-02', paise: 25025, qty: 2 },
  { ref: 'R3', region: 'SOUTH', day: '2026-10-03', paise: 9999, qty: 3 },
  { ref: 'R4', region: 'SOUTH', day: '2026-10-04', paise: -4550, qty: 4 },
  { ref: 'R5', region: 'WEST', day: '2026-10-05', paise: 50000, qty: 5 },
  { ref: 'R6', region: 'WEST', day: '2026-10-06', paise: 1, qty: 6 },
  { ref: 'R7', region: 'EAST', day: '2026-10-07', paise: 77777, qty: 7 },
  { ref: "R8'; DROP TABLE report_config; --", region: 'EAST', day: '2026-10-08', paise: 33333, qty: 8 },
];
const text = (paise: number) => (paise / 100).toFixed(2);
const money = (paise: number) => `${paise < 0 ? '-' : ''}${(Math.abs(paise) / 100).toFixed(2)}`;

let t: TestApp;
let moduleId: number;
let otherModule: number;
let admin: Session;
let runner: Session;
let outsider: Session;
let f: ReconFixture;
let dataDir: string;

async function roleWith(name: string, codes: string[]) {
  const { id } = await t.database.db.insertInto('role').values({ name }).returning('id').executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('role_privilege')
    .values(codes.map((code) => ({ role_id: id, code, version: 'v2' })))
    .execute();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'recon-reports-'));
  t = await createTestApp({ dataDir });
  moduleId = await addModule(t, 'Reports module');
  otherModule = await addModule(t, 'Other reports module');
  await roleWith('ROLE_REPORT_RUNNER', ['reportExecutions']);
  await roleWith('ROLE_REPORT_NONE', ['recons']);
  await addUser(t, { userName: 'rp-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId, otherModule] });
  await addUser(t, { userName: 'rp-runner', roles: ['ROLE_REPORT_RUNNER'], moduleIds: [moduleId] });
  await addUser(t, { userName: 'rp-outsider', roles: ['ROLE_REPORT_NONE'], moduleIds: [moduleId] });
  admin = await signIn(t, 'rp-admin');
  runner = await signIn(t, 'rp-runner');
  outsider = await signIn(t, 'rp-outsider');
  f = await addReconFixture(
    t,
    moduleId,
    {
      A: {
        columns: [
          { name: 'reference', dataType: 'VARCHAR' },
          { name: 'region', dataType: 'VARCHAR' },
          { name: 'value_date', dataType: 'DATE' },
          { name: 'amount', dataType: 'DOUBLE', isMoney: true },
          { name: 'qty', dataType: 'INT' },
        ],
        rows: ROWS.map((r) => ({
          reference: r.ref,
          region: r.region,
          value_date: r.day,
          amount: text(r.paise),
          qty: r.qty,
        })),
      },
      B: { columns: [{ name: 'ref', dataType: 'VARCHAR' }], rows: [] },
    },
    'rp',
  );
});
afterAll(() => t.close());

const A = () => f.sides.A.dataSourceId;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, s = admin, m = moduleId) =>
  call(t, s, { method, url: `/web${url}`, moduleId: m, ...(payload ? { payload } : {}) });

/** Rows by region: amount over 100.00 OR region WEST, AND qty below 8 (AND binds first). */
const byRegionBody = (name: string) => ({
  name,
  description: 'Totals per region',
  dataSourceId: A(),
  columns: [{ field: 'region', label: 'Region' }],
  filters: [
    { field: 'region', operator: 'EQUAL', values: ['WEST'] },
    { field: 'amount', operator: 'GREATER_THAN', values: ['100.00'], connector: 'OR' },
    { field: 'qty', operator: 'LESS_THAN', values: ['8'], connector: 'AND' },
  ],
  groupBy: ['region'],
  aggregates: [
    { function: 'COUNT', label: 'Rows' },
    { function: 'SUM', field: 'amount', label: 'Total' },
    { function: 'MAX', field: 'value_date', label: 'Latest' },
  ],
  sort: [{ column: 'Total', direction: 'DESC' }],
});

let groupedId: number;
let listId: number;

describe('report configs', () => {
  it('are created, listed as a DataTables page, read back and audited', async () => {
    const res = await req('POST', '/v2/reports', byRegionBody('By region'));
    expect(res.statusCode, res.body).toBe(200);
    groupedId = res.json().id;
    expect(res.json()).toMatchObject({
      name: 'By region',
      dataSourceId: A(),
      columns: [{ field: 'region', label: 'Region' }],
      groupBy: ['region'],
      lastRun: null,
    });
    const list = await req('GET', '/v2/reports?start=0&length=10&draw=3');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ draw: 3, recordsTotal: 1, recordsFiltered: 1, data: [{ id: groupedId }] });
    expect((await req('GET', `/v2/reports/${groupedId}`)).json().name).toBe('By region');
    expect((await auditRows(t, 'REPORT_CONFIG_CREATED')).at(-1)?.entity_id).toBe(String(groupedId));
  });

  it('are of their module: another module’s id is a 404, and each call needs its privilege', async () => {
    expect((await req('GET', `/v2/reports/${groupedId}`, undefined, admin, otherModule)).json()).toEqual(
      notFoundBody(REPORT_TEXTS.notFound),
    );
    expect((await req('GET', '/v2/reports?start=0', undefined, admin, otherModule)).json().recordsTotal).toBe(0);
    const outside = await req('GET', '/v2/reports?start=0', undefined, outsider);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual(FORBIDDEN_BODY);
    // A runner reads and runs reports but does not configure them.
    expect((await req('GET', '/v2/reports?start=0', undefined, runner)).statusCode).toBe(200);
    expect((await req('POST', '/v2/reports', byRegionBody('Runner made'), runner)).statusCode).toBe(403);
    expect((await req('DELETE', `/v2/reports/${groupedId}`, undefined, runner)).statusCode).toBe(403);
  });

  it('refuse names and columns that are not the data source’s, SQL in a column name included', async () => {
    const base = byRegionBody('Bad');
    const bad = async (payload: object, field: string, message: string) => {
      const res = await req('POST', '/v2/reports', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(invalidBody(field, message));
    };
    await bad({ ...base, name: ' ' }, 'name', REPORT_TEXTS.nameRequired);
    await bad({ ...base, name: 'BY REGION' }, 'name', REPORT_TEXTS.nameTaken);
    const injected = 'amount" FROM pg_user; --';
    await bad(
      { ...base, columns: [{ field: injected, label: 'x' }], groupBy: [injected] },
      'columns',
      reportColumnNotFound(injected, (await sourceName()) as string),
    );
    await bad(
      { ...base, filters: [{ field: 'region; DELETE FROM report_config', operator: 'EQUAL', values: ['x'] }] },
      'filters',
      reportColumnNotFound('region; DELETE FROM report_config', (await sourceName()) as string),
    );
    await bad({ ...base, groupBy: [] }, 'groupBy', REPORT_TEXTS.notGrouped('Region'));
    await bad({ ...base, columns: [{ field: 'reference', label: 'Ref' }] }, 'groupBy', REPORT_TEXTS.notGrouped('Ref'));
    await bad(
      { ...base, aggregates: [{ function: 'SUM', field: 'region', label: 'S' }] },
      'aggregates',
      REPORT_TEXTS.aggregateNotNumber('SUM', 'region'),
    );
    await bad({ ...base, sort: [{ column: 'qty', direction: 'ASC' }] }, 'sort', REPORT_TEXTS.sortNotShown('qty'));
    await bad(
      { ...base, filters: [{ field: 'amount', operator: 'EQUAL', values: ['1 OR 1=1'] }] },
      'amount',
      filterValueMessage('amount', FILTER_PROBLEMS.notNumber('1 OR 1=1')),
    );
    const other = await req('POST', '/v2/reports', { ...base, dataSourceId: 999_999 });
    expect(other.json().message).toBe('Data source 999999 not found in this product');
  });
});

async function sourceName() {
  const r = await t.database.db.selectFrom('data_source').select('name').where('id', '=', A()).executeTakeFirst();
  return r?.name;
}

describe('running a report', () => {
  it('groups, adds up and sorts to the paisa, AND before OR', async () => {
    const res = await req('POST', `/v2/reports/${groupedId}/executions`, {}, runner);
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json();
    // (region = WEST) OR (amount > 100.00 AND qty < 8), worked out here.
    const kept = ROWS.filter((r) => r.region === 'WEST' || (r.paise > 10000 && r.qty < 8));
    const regions = [...new Set(kept.map((r) => r.region))];
    const expected = regions
      .map((region) => {
        const rows = kept.filter((r) => r.region === region);
        return {
          region,
          count: rows.length,
          paise: rows.reduce((n, r) => n + r.paise, 0),
          latest: rows
            .map((r) => r.day)
            .sort()
            .at(-1),
        };
      })
      .sort((a, b) => b.paise - a.paise);
    expect(e).toMatchObject({ status: 'COMPLETED', trigger: 'MANUAL', runBy: 'rp-runner', rowCount: expected.length });
    expect(e.durationMs).toBeGreaterThanOrEqual(0);
    const page = await req('GET', `/v2/reports/executions/${e.id}/results?start=0&length=50`, undefined, runner);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().columns.map((c: { label: string }) => c.label)).toEqual(['Region', 'Rows', 'Total', 'Latest']);
    expect(page.json().data).toEqual(
      expected.map((g) => [g.region, String(g.count), money(g.paise), g.latest as string]),
    );
    expect((await auditRows(t, 'REPORT_RUN')).at(-1)?.entity_id).toBe(String(e.id));
  });

  let listExecution: number;
  it('asks dynamic filters at run time, binds their values and pages the rows it saw', async () => {
    const res = await req('POST', '/v2/reports', {
      name: 'Rows of a region',
      dataSourceId: A(),
      columns: [
        { field: 'reference', label: 'Reference' },
        { field: 'amount', label: 'Amount' },
        { field: 'value_date', label: '' },
      ],
      filters: [{ field: 'region', operator: 'IN', values: ['NORTH'], dynamic: true }],
      sort: [{ column: 'amount', direction: 'DESC' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    listId = res.json().id;
    expect(res.json().columns[2].label).toBe('Value Date');
    // A value carrying SQL is a value: it matches nothing.
    const injected = await req('POST', `/v2/reports/${listId}/executions`, {
      filterValues: [{ index: 0, values: ["NORTH' OR '1'='1"] }],
    });
    expect(injected.json()).toMatchObject({ status: 'COMPLETED', rowCount: 0 });
    const run = await req('POST', `/v2/reports/${listId}/executions`, {
      filterValues: [{ index: 0, values: ['EAST', 'WEST'] }],
    });
    const e = run.json();
    listExecution = e.id;
    const kept = ROWS.filter((r) => r.region === 'EAST' || r.region === 'WEST').sort((a, b) => b.paise - a.paise);
    expect(e).toMatchObject({ rowCount: kept.length, filters: [{ field: 'region', values: ['EAST', 'WEST'] }] });
    // Rows loaded after the run stay out of its results.
    await insertRows(t, f.sides.A.table, [
      { reference: 'LATE', region: 'EAST', value_date: '2026-10-09', amount: '99999.99', qty: 1 },
    ]);
    const page2 = await req('GET', `/v2/reports/executions/${e.id}/results?start=2&length=2&draw=7`, undefined, runner);
    expect(page2.json()).toMatchObject({ draw: 7, recordsTotal: kept.length });
    expect(page2.json().data).toEqual(kept.slice(2, 4).map((r) => [r.ref, money(r.paise), r.day]));
    const past = await req('GET', `/v2/reports/executions?reportId=${listId}&start=0&length=10`, undefined, runner);
    expect(past.json().data.map((x: { id: number }) => x.id)).toEqual([e.id, injected.json().id]);
    // Another module's execution is not there.
    const foreign = await req('GET', `/v2/reports/executions/${e.id}/results?start=0`, undefined, admin, otherModule);
    expect(foreign.json()).toEqual(notFoundBody(REPORT_TEXTS.executionNotFound));
    const missing = await req('POST', `/v2/reports/${listId}/executions`, { filterValues: [{ index: 0, values: [] }] });
    expect(missing.json()).toEqual(invalidBody('filterValues', REPORT_TEXTS.dynamicValueMissing('region')));
  });

  it('writes an execution’s rows to a CSV through report-downloads', async () => {
    const res = await req('GET', `/v2/reports/executions/${listExecution}/download?format=CSV`, undefined, runner);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ reportType: 'REPORT', format: 'CSV', status: 'SUBMITTED' });
    const lines = await csvLinesOfDownload(t, dataDir, res.json().id);
    const kept = ROWS.filter((r) => r.region === 'EAST' || r.region === 'WEST').sort((a, b) => b.paise - a.paise);
    expect(lines[0]).toBe('Reference,Amount,Value Date');
    expect(lines.slice(1)).toEqual(
      kept.map((r) => {
        const [y, m, d] = r.day.split('-');
        return `${r.ref},${money(r.paise)},${d}-${m}-${y}`;
      }),
    );
    const listed = await req('GET', '/v2/dashletdownloads?reportType=REPORT&start=0&length=10', undefined, runner);
    expect(listed.json().data.map((d: { id: number }) => d.id)).toContain(res.json().id);
  });

  it('previews a definition before it is saved', async () => {
    const res = await req('POST', '/v2/reports/preview', {
      dataSourceId: A(),
      columns: [{ field: 'region', label: 'Region' }],
      groupBy: ['region'],
      aggregates: [{ function: 'AVG', field: 'qty', label: 'Average qty' }],
      sort: [{ column: 'region', direction: 'ASC' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const all = [...ROWS, { region: 'EAST', qty: 1 }];
    const regions = [...new Set(all.map((r) => r.region))].sort();
    expect(res.json().rows).toEqual(
      regions.map((region) => {
        const q = all.filter((r) => r.region === region).map((r) => r.qty);
        const avg = Math.round((q.reduce((n, v) => n + v, 0) / q.length) * 100) / 100;
        return [region, avg.toFixed(2)];
      }),
    );
  });
});

describe('report groups (GET /v2/scheduleSqlQuerys)', () => {
  let groupId: number;
  it('are saved, listed for the job editor, and hold their reports against deletion', async () => {
    const res = await req('POST', '/v2/scheduleSqlQuerys', { name: 'Month end', reportIds: [listId, groupedId] });
    expect(res.statusCode, res.body).toBe(200);
    groupId = res.json().id;
    const list = await req('GET', '/v2/scheduleSqlQuerys');
    expect(list.json().data).toEqual([
      {
        id: groupId,
        name: 'Month end',
        reports: [
          { id: listId, name: 'Rows of a region' },
          { id: groupedId, name: 'By region' },
        ],
        updatedAt: expect.any(String),
      },
    ]);
    const del = await req('DELETE', `/v2/reports/${listId}`);
    expect(del.json()).toEqual(invalidBody('id', REPORT_TEXTS.inUseByGroups('Month end')));
    expect((await req('GET', '/v2/scheduleSqlQuerys', undefined, admin, otherModule)).json().data).toEqual([]);
  });

  it('run in order by the REPORT_GROUP activity, each with its saved filter values and a file', async () => {
    const db = t.database.db;
    const job = await db
      .insertInto('job')
      .values({ module_id: moduleId, name: 'Reports job', additional_settings: '{}', created_by: admin.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const execution = await db
      .insertInto('job_execution')
      .values({ module_id: moduleId, job_id: job.id, status: 'RUNNING', params: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const result = await runReportGroupActivity(
      { db, config: {}, log: pino({ level: 'silent' }), now: () => t.clock.now } as never,
      {
        jobExecutionId: execution.id,
        activityExecutionId: 0,
        moduleId,
        jobId: job.id,
        type: 'REPORT_GROUP',
        typeId: groupId,
        attempt: 1,
        params: {},
        configuration: null,
      },
    );
    const runs = await db
      .selectFrom('report_execution')
      .select(['report_config_id', 'trigger', 'row_count', 'status'])
      .where('job_execution_id', '=', execution.id)
      .orderBy('id')
      .execute();
    // The saved NORTH filter, now with the late EAST row loaded: NORTH still has its two rows.
    expect(runs).toEqual([
      { report_config_id: listId, trigger: 'JOB', row_count: 2, status: 'COMPLETED' },
      { report_config_id: groupedId, trigger: 'JOB', row_count: expect.any(Number), status: 'COMPLETED' },
    ]);
    expect(result.counts.reports).toBe(2);
    // A REPORT activity of another module names no report of its own: it fails at once.
    await expect(
      runReportActivity({ db, config: {}, log: pino({ level: 'silent' }), now: () => t.clock.now } as never, {
        jobExecutionId: execution.id,
        activityExecutionId: 0,
        moduleId: otherModule,
        jobId: job.id,
        type: 'REPORT',
        typeId: listId,
        attempt: 1,
        params: {},
        configuration: null,
      }),
    ).rejects.toThrow(`Report ${listId} not found in this product`);
    const files = await db
      .selectFrom('download_request')
      .select(['report_type', 'requested_by'])
      .where('report_type', '=', 'REPORT')
      .where('format', '=', 'XLSX')
      .execute();
    expect(files).toEqual([
      { report_type: 'REPORT', requested_by: admin.userId },
      { report_type: 'REPORT', requested_by: admin.userId },
    ]);
  });

  it('are not deleted, nor their reports, while a job runs them', async () => {
    const db = t.database.db;
    const job = await db
      .insertInto('job')
      .values({ module_id: moduleId, name: 'Month end pack job', additional_settings: '{}', created_by: admin.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('job_activity')
      .values([
        { job_id: job.id, sequence: 1, type: 'REPORT_GROUP', type_id: groupId },
        { job_id: job.id, sequence: 2, type: 'REPORT', type_id: groupedId },
      ])
      .execute();
    const group = await req('DELETE', `/v2/scheduleSqlQuerys/${groupId}`);
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toBe(REPORT_TEXTS.groupInUseByJobs('Month end pack job'));
    // Out of the group, the report is still run by the job's REPORT activity.
    await req('PUT', `/v2/scheduleSqlQuerys/${groupId}`, { name: 'Month end', reportIds: [listId] });
    const report = await req('DELETE', `/v2/reports/${groupedId}`);
    expect(report.statusCode).toBe(400);
    expect(report.json().message).toBe(REPORT_TEXTS.inUseByJobs('Month end pack job'));
    expect((await req('GET', `/v2/reports/${groupedId}`)).statusCode).toBe(200);
    await db.deleteFrom('job_activity').where('job_id', '=', job.id).execute();
  });

  it('are reordered, then deleted with a message of their own, freeing their reports', async () => {
    const put = await req('PUT', `/v2/scheduleSqlQuerys/${groupId}`, {
      name: 'Month end',
      reportIds: [groupedId, listId],
    });
    expect(put.json().reports, put.body).toEqual([
      { id: groupedId, name: 'By region' },
      { id: listId, name: 'Rows of a region' },
    ]);
    const del = await req('DELETE', `/v2/scheduleSqlQuerys/${groupId}`);
    expect(del.json()).toEqual({ message: REPORT_TEXTS.groupDeleted });
    expect((await auditRows(t, 'REPORT_GROUP_DELETED')).at(-1)?.entity_id).toBe(String(groupId));
    expect((await req('GET', '/v2/scheduleSqlQuerys')).json().data).toEqual([]);
    expect((await req('DELETE', `/v2/scheduleSqlQuerys/${groupId}`)).statusCode).toBe(404);
  });
});
