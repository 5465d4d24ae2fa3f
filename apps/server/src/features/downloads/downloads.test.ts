import { DOWNLOAD_TEXTS, TRANSACTION_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModule, addUser, auditRows, call, type Session, signIn, type TestApp } from '@/testing/test-app.ts';
import {
  addRoleWith,
  createDownloadsApp,
  type DownloadScenario,
  postDownload,
  statementScenario,
  viewOf,
  work,
} from './downloads.fixtures.ts';

let t: TestApp;
let moduleA: number;
let moduleB: number;
let s: DownloadScenario;
let other: DownloadScenario;
let exporter: Session;
let colleague: Session;
let noTab: Session;
let noDownloads: Session;

beforeAll(async () => {
  t = await createDownloadsApp();
  moduleA = await addModule(t, 'Downloads A');
  moduleB = await addModule(t, 'Downloads B');
  await addRoleWith(t, 'ROLE_DL_EXPORTER', ['viewRecons', 'allTransactions', 'unReconciledTransaction']);
  await addRoleWith(t, 'ROLE_DL_NO_TAB', ['recons']);
  await addRoleWith(t, 'ROLE_DL_NONE', ['allTransactions']);
  await addUser(t, { userName: 'dl-exporter', roles: ['ROLE_DL_EXPORTER'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'dl-colleague', roles: ['ROLE_DL_EXPORTER'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'dl-no-tab', roles: ['ROLE_DL_NO_TAB'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'dl-none', roles: ['ROLE_DL_NONE'], moduleIds: [moduleA] });
  exporter = await signIn(t, 'dl-exporter');
  colleague = await signIn(t, 'dl-colleague');
  noTab = await signIn(t, 'dl-no-tab');
  noDownloads = await signIn(t, 'dl-none');
  s = await statementScenario(t, moduleA);
  other = await statementScenario(t, moduleB, 'other');
});
afterAll(() => t.close());

const csvAll = () => ({ reportType: 'TRANSACTIONS' as const, format: 'CSV' as const, scope: 'ALL_COLUMNS' as const });
const list = (session: Session, query = 'maxResults=6', moduleId = moduleA) =>
  call(t, session, { method: 'GET', url: `/web/v2/dashletdownloads?${query}`, moduleId });
const initiate = (session: Session, id: number) =>
  call(t, session, { method: 'GET', url: `/web/v2/dashletdownloads/downloadInitiate/${id}`, moduleId: moduleA });
const fetchFile = (token: string) =>
  t.app.inject({ method: 'GET', url: `/web/v2/dashletdownloads/download?token=${encodeURIComponent(token)}` });

async function readyRequest(session = exporter): Promise<number> {
  const res = await postDownload(t, session, moduleA, { ...csvAll(), view: viewOf(s) });
  expect(res.statusCode, res.body).toBe(202);
  await work(t, res.json().id);
  return res.json().id;
}

describe('POST /v2/dashletdownloads', () => {
  it('records a SUBMITTED request with a file name from the view, and audits it', async () => {
    const res = await postDownload(t, exporter, moduleA, { ...csvAll(), view: viewOf(s, 'unreconciled') });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({
      reportType: 'TRANSACTIONS',
      format: 'CSV',
      scope: 'ALL_COLUMNS',
      status: 'SUBMITTED',
      requestedBy: 'dl-exporter',
      rowCount: null,
      error: null,
    });
    expect(body.fileName).toMatch(/^dl_recon-\d+_dl_A-\d+_unreconciled_\d{8}_\d{6}\.csv$/);
    const audits = await auditRows(t, 'DOWNLOAD_REQUESTED');
    expect(audits.at(-1)).toMatchObject({ entity_id: String(body.id), module_id: moduleA, user_name: 'dl-exporter' });
  });

  it('refuses a user without viewRecons or recons (403) and one without the tab privilege (403)', async () => {
    expect((await postDownload(t, noDownloads, moduleA, { ...csvAll(), view: viewOf(s) })).statusCode).toBe(403);
    expect((await postDownload(t, noTab, moduleA, { ...csvAll(), view: viewOf(s) })).statusCode).toBe(403);
    const reconciled = await postDownload(t, exporter, moduleA, { ...csvAll(), view: viewOf(s, 'reconciled') });
    expect(reconciled.statusCode).toBe(403);
  });

  it("answers 404 for another module's recon and 403 in a module the user is not in", async () => {
    const res = await postDownload(t, exporter, moduleA, { ...csvAll(), view: viewOf(other) });
    expect(res.statusCode).toBe(404);
    expect(res.json()[0].message).toBe(TRANSACTION_TEXTS.reconNotFound);
    expect((await postDownload(t, colleague, moduleB, { ...csvAll(), view: viewOf(other) })).statusCode).toBe(403);
  });

  it('answers 400 for a bad view, an unknown custom column and a report type without an exporter', async () => {
    const badFilter = viewOf(s, 'all', { 'columns[0][data]': 'amount', 'columns[0][search][value]': 'abc' });
    const filter = await postDownload(t, exporter, moduleA, { ...csvAll(), view: badFilter });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toBe('Filter on amount: "abc" is not a number');
    const noTabInView = await postDownload(t, exporter, moduleA, { ...csvAll(), view: { reconId: '1' } });
    expect(noTabInView.statusCode).toBe(400);
    const custom = await postDownload(t, exporter, moduleA, {
      ...csvAll(),
      scope: 'CUSTOM_COLUMNS',
      columns: ['reference', 'secret_column'],
      view: viewOf(s),
    });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().message).toBe(DOWNLOAD_TEXTS.unknownColumn('secret_column'));
    const none = await postDownload(t, exporter, moduleA, { ...csvAll(), scope: 'CUSTOM_COLUMNS', view: viewOf(s) });
    expect(none.json().message).toBe(DOWNLOAD_TEXTS.columnsRequired);
    await addRoleWith(t, 'ROLE_DL_DASHBOARDS', ['dashboards']);
    await addUser(t, { userName: 'dl-dash', roles: ['ROLE_DL_DASHBOARDS'], moduleIds: [moduleA] });
    const dash = await signIn(t, 'dl-dash');
    const dashlet = await postDownload(t, dash, moduleA, { ...csvAll(), reportType: 'DASHLET', view: {} });
    // A dashlet download names its dashlet (decision 0037).
    expect(dashlet.statusCode).toBe(400);
    expect(dashlet.json().message).toBe(DOWNLOAD_TEXTS.viewRequired);
  });
});

describe('GET /v2/dashletdownloads', () => {
  it("lists the caller's own requests in the module, newest first, at most maxResults", async () => {
    for (let i = 0; i < 7; i++) await postDownload(t, exporter, moduleA, { ...csvAll(), view: viewOf(s) });
    await postDownload(t, colleague, moduleA, { ...csvAll(), view: viewOf(s) });
    await postDownload(t, exporter, moduleB, { ...csvAll(), view: viewOf(other) });
    const res = await list(exporter);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((d: { id: number }) => d.id);
    expect(ids).toHaveLength(6);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const all = await t.database.db
      .selectFrom('download_request')
      .select('id')
      .where('module_id', '=', moduleA)
      .where('requested_by', '=', exporter.userId)
      .orderBy('id', 'desc')
      .execute();
    expect(ids).toEqual(all.slice(0, 6).map((r) => r.id));
    expect(res.json().recordsTotal).toBe(all.length);
  });

  it('pages by DataTables start and length and narrows by report type', async () => {
    const first = (await list(exporter, 'reportType=TRANSACTIONS&start=0&length=2')).json();
    const second = (await list(exporter, 'reportType=TRANSACTIONS&start=2&length=2')).json();
    expect(first.data).toHaveLength(2);
    expect(second.data[0].id).toBeLessThan(first.data[1].id);
    expect(first.recordsFiltered).toBe(first.recordsTotal);
    const dashlets = await list(exporter, 'reportType=DASHLET');
    expect(dashlets.statusCode).toBe(403);
  });

  it('lists GL exports on Report Downloads to whoever may also read the GL, and needs the page privilege', async () => {
    await addRoleWith(t, 'ROLE_DL_REPORTS_GL', ['reportExecutions', 'glConfig']);
    await addRoleWith(t, 'ROLE_DL_REPORTS', ['reportExecutions']);
    await addRoleWith(t, 'ROLE_DL_GL', ['glConfig']);
    const sessions: Record<string, Session> = {};
    for (const [name, role] of [
      ['dl-reports-gl', 'ROLE_DL_REPORTS_GL'],
      ['dl-reports', 'ROLE_DL_REPORTS'],
      ['dl-gl', 'ROLE_DL_GL'],
    ] as const) {
      await addUser(t, { userName: name, roles: [role], moduleIds: [moduleA] });
      const session = await signIn(t, name);
      sessions[name] = session;
      for (const reportType of ['REPORT', 'GL_REPORT', 'TRANSACTIONS'] as const) {
        await t.database.db
          .insertInto('download_request')
          .values({
            module_id: moduleA,
            requested_by: session.userId,
            report_type: reportType,
            file_name: `${name}_${reportType}.xlsx`,
            format: 'XLSX',
            scope: 'ALL_COLUMNS',
            columns: '[]',
            query: '{}',
          })
          .execute();
      }
    }
    const names = async (session: Session) => {
      const res = await list(session, 'downloadPage=report-downloads&start=0&length=10');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((d: { fileName: string }) => d.fileName);
    };
    expect(await names(sessions['dl-reports-gl'] as Session)).toEqual([
      'dl-reports-gl_GL_REPORT.xlsx',
      'dl-reports-gl_REPORT.xlsx',
    ]);
    expect(await names(sessions['dl-reports'] as Session)).toEqual(['dl-reports_REPORT.xlsx']);
    // Report Downloads is the reportExecutions page (spec 1): a GL reader without it is refused the page.
    expect((await list(sessions['dl-gl'] as Session, 'downloadPage=report-downloads')).statusCode).toBe(403);
  });

  it('is refused to a user without any download privilege', async () => {
    expect((await list(noDownloads)).statusCode).toBe(403);
    expect((await list(noTab)).json().data).toEqual([]);
  });
});

describe('downloadInitiate and download', () => {
  it('streams a ready file once for a one-time token and marks the request DOWNLOADED', async () => {
    const id = await readyRequest();
    const token = (await initiate(exporter, id)).json().token as string;
    const res = await fetchFile(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dl_recon-\d+_dl_A-\d+_all_.*\.csv"/);
    expect(res.body).toContain('Reference,Value Date,Amount,Narration,UTR,Status,Match Id');
    const row = await t.database.db.selectFrom('download_request').selectAll().where('id', '=', id).executeTakeFirst();
    expect(row).toMatchObject({ status: 'DOWNLOADED', token_hash: null });
    expect((await auditRows(t, 'DOWNLOAD_FILE_SERVED')).at(-1)).toMatchObject({ entity_id: String(id) });

    const again = await fetchFile(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()[0].message).toBe(DOWNLOAD_TEXTS.tokenInvalid);
    // A downloaded file can be fetched again with a new token (a browser download can fail).
    const retry = await fetchFile((await initiate(exporter, id)).json().token);
    expect(retry.statusCode).toBe(200);
  });

  it('refuses an expired token, a made-up token and a request without a token', async () => {
    const id = await readyRequest();
    const token = (await initiate(exporter, id)).json().token as string;
    t.clock.advance(61_000);
    expect((await fetchFile(token)).statusCode).toBe(404);
    expect((await fetchFile('made-up')).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/web/v2/dashletdownloads/download' });
    expect(missing.statusCode).toBe(400);
    const row = await t.database.db
      .selectFrom('download_request')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.status).toBe('READYFORDOWNLOAD');
  });

  it('answers 400 while the file is not ready and 404 for a colleague or a missing request', async () => {
    const res = await postDownload(t, exporter, moduleA, { ...csvAll(), view: viewOf(s) });
    const pending = await initiate(exporter, res.json().id);
    expect(pending.statusCode).toBe(400);
    expect(pending.json().message).toBe(DOWNLOAD_TEXTS.notReady);
    const id = await readyRequest();
    expect((await initiate(colleague, id)).statusCode).toBe(404);
    expect((await initiate(exporter, 999_999)).statusCode).toBe(404);
  });

  it('never returns the token hash or the stored path in a listing', async () => {
    await readyRequest();
    expect((await list(exporter)).body).not.toContain('token');
    expect(Object.keys((await list(exporter)).json().data[0]).sort()).toEqual(
      [
        'error',
        'fileName',
        'finishedOn',
        'format',
        'id',
        'reportType',
        'requestedBy',
        'requestedOn',
        'rowCount',
        'scope',
        'size',
        'status',
      ].sort(),
    );
  });
});
