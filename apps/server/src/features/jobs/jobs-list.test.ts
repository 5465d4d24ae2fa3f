import { BOT_CATALOGUE } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody, NOT_ASSIGNED_BODY } from '@/testing/error-bodies.ts';
import { addExportConfig, addPipeline, createJob, jobBody } from '@/testing/job-fixtures.ts';
import { addModule, addUser, call, type Session, signIn, type TestApp, uniqueName } from '@/testing/test-app.ts';
import { createJobsWorld } from './jobs.fixtures.ts';

let t: TestApp;
let moduleId: number;
let otherModule: number;
let admin: Session;
let operator: Session;
let support: Session;
let pipelineA: number;
let foreignPipeline: number;

beforeAll(async () => {
  ({ t, moduleId, otherModule, admin, operator, support, pipelineA, foreignPipeline } = await createJobsWorld());
});
afterAll(() => t.close());

const post = (s: Session | null, payload: object, m = moduleId) =>
  call(t, s, { method: 'POST', url: '/web/v2/jobs', payload, moduleId: m });
const get = (s: Session | null, url: string, m = moduleId) => call(t, s, { method: 'GET', url, moduleId: m });

describe('GET /v2/jobs', () => {
  it('answers a DataTables page of the module’s jobs, 15 by default, newest first', async () => {
    const listModule = await addModule(t, uniqueName('List module'));
    const userName = uniqueName('lister');
    await addUser(t, { userName, roles: ['ROLE_ADMIN'], moduleIds: [listModule] });
    const lister = await signIn(t, userName);
    const p = await addPipeline(t, listModule);
    const ids: number[] = [];
    for (let i = 0; i < 16; i++)
      ids.push(await createJob(t, lister, listModule, jobBody([p.id], { name: `List job ${i}` })));
    const res = await get(lister, '/web/v2/jobs?draw=3', listModule);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ draw: 3, recordsTotal: 16, recordsFiltered: 16 });
    expect(page.data).toHaveLength(15);
    expect(page.data[0]).toEqual({
      id: ids[15],
      name: 'List job 15',
      description: 'Loads files',
      activityCount: 1,
      scheduleType: 'MANUAL',
      cronExpression: null,
      cronState: null,
      lastExecutionId: null,
      lastExecutionStatus: null,
      lastExecutionStatusLabel: null,
      lastExecutionAt: null,
    });
    const searched = await get(
      lister,
      '/web/v2/jobs?columns[0][data]=name&columns[0][search][value]=job 1&order[0][column]=0&order[0][dir]=asc',
      listModule,
    );
    expect(searched.json().recordsFiltered).toBe(7);
    expect(searched.json().data.map((j: { name: string }) => j.name)).toEqual([
      'List job 1',
      'List job 10',
      'List job 11',
      'List job 12',
      'List job 13',
      'List job 14',
      'List job 15',
    ]);
    const global = await get(lister, '/web/v2/jobs?search[value]=job 15', listModule);
    expect(global.json().data.map((j: { id: number }) => j.id)).toEqual([ids[15]]);
  });

  it('shows the last execution status with its label', async () => {
    const id = await createJob(t, admin, moduleId, jobBody([pipelineA], { name: uniqueName('Ran once') }));
    const ran = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/jobs?opertionType=MANUAL_JOB_EXEC',
      payload: { id, jobExecutionParam: {} },
      moduleId,
    });
    const res = await get(admin, `/web/v2/jobs?search[value]=${encodeURIComponent(ran.json().jobName)}`);
    expect(res.json().data[0]).toMatchObject({
      lastExecutionId: ran.json().id,
      lastExecutionStatus: 'RUNNABLE',
      lastExecutionStatusLabel: 'Queued',
    });
  });

  it('answers Find=JobsFromAllModules with the jobs of every module of the caller and their module names', async () => {
    const mine = await createJob(t, admin, moduleId, jobBody([pipelineA]));
    const theirs = await createJob(t, admin, otherModule, jobBody([foreignPipeline]));
    const res = await get(operator, '/web/v2/jobs?Find=JobsFromAllModules');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: number; moduleId: number; moduleName: string }[];
    expect(rows.find((r) => r.id === mine)).toMatchObject({ moduleId, moduleName: 'Jobs module' });
    expect(rows.map((r) => r.id)).not.toContain(theirs);
    const both = (await get(admin, '/web/v2/jobs?Find=JobsFromAllModules')).json().data as { id: number }[];
    expect(both.map((r) => r.id)).toEqual(expect.arrayContaining([mine, theirs]));
  });

  it('answers Find=BotConfigs with the bot catalogue', async () => {
    const res = await get(operator, '/web/v2/jobs?Find=BotConfigs');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.businessModels).toEqual(['B2B', 'B2C']);
    expect(body.dateParamFormat).toBe('YYYY-MM');
    expect(body.data.map((b: { botType: string }) => b.botType)).toEqual(BOT_CATALOGUE.map((b) => b.botType));
    const flipkart = body.data.find((b: { botType: string }) => b.botType === 'FLIPKART');
    expect(flipkart.reportTypes.map((r: { value: string }) => r.value)).toEqual([
      'FULFILMENT_REPORTS',
      'INVOICES',
      'PAYMENT_REPORTS',
      'TAX_REPORTS',
    ]);
    const ajio = body.data.find((b: { botType: string }) => b.botType === 'AJIO');
    expect(ajio.reportTypes).toHaveLength(16);
    const firstCry = body.data.find((b: { botType: string }) => b.botType === 'FIRST_CRY');
    expect(firstCry.durationReportTypes).toEqual(['SALES']);
    expect(firstCry.durationTypes.map((d: { choices: { label: string }[] }) => d.choices.map((c) => c.label))).toEqual([
      ['Today', 'Yesterday', 'Day before Yesterday'],
      ['Current Month', 'Last Month', 'Month before Last'],
      ['This Month', 'Last Month (MTD)'],
    ]);
  });

  it('answers the module’s export report configs and their distinct type names', async () => {
    const exportModule = await addModule(t, uniqueName('Export module'));
    const userName = uniqueName('exporter');
    await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [exportModule] });
    const exporter = await signIn(t, userName);
    const p = await addPipeline(t, exportModule);
    const a = await addExportConfig(t, exportModule, {
      configName: 'B sales',
      exportJobTypeName: 'SALES',
      pipelineId: p.id,
    });
    await addExportConfig(t, exportModule, { configName: 'A returns', exportJobTypeName: 'RETURNS' });
    await addExportConfig(t, exportModule, { configName: 'C sales', exportJobTypeName: 'SALES' });
    await addExportConfig(t, otherModule, { exportJobTypeName: 'FOREIGN' });
    const all = await get(exporter, '/web/v2/jobs?Find=ExportReportConfigs', exportModule);
    expect(all.json().data.map((c: { configName: string }) => c.configName)).toEqual([
      'A returns',
      'B sales',
      'C sales',
    ]);
    expect(all.json().data[1]).toEqual({
      id: a,
      configName: 'B sales',
      exportJobTypeName: 'SALES',
      reportConfigId: 7,
      pipelineId: p.id,
      exportColums: 'reference,amount',
      facility: 'WH1',
      exportFilterId: null,
      accountId: 'acct-1',
    });
    const sales = await get(exporter, '/web/v2/jobs?Find=ExportReportConfigs&exportJobTypeName=SALES', exportModule);
    expect(sales.json().data).toHaveLength(2);
    const types = await get(exporter, '/web/v2/jobs?Find=ExportReportConfigTypes', exportModule);
    expect(types.json()).toEqual({ data: ['RETURNS', 'SALES'] });
  });

  it('lets an export activity point at an export config of the module only', async () => {
    const config = await addExportConfig(t, moduleId, { exportJobTypeName: 'SALES' });
    const foreign = await addExportConfig(t, otherModule, { exportJobTypeName: 'SALES' });
    const activity = (typeId: number) => ({
      type: 'CREATE_EXPORT_REPORT',
      activity: { typeId, jobConfiguration: { exportColums: ['reference', 'amount'] } },
    });
    const ok = await post(admin, jobBody([], { activities: [activity(config)] }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().activities[0].activity).toMatchObject({
      typeId: config,
      jobConfiguration: { exportColums: ['reference', 'amount'] },
    });
    const refused = await post(admin, jobBody([], { activities: [activity(foreign)] }));
    expect(refused.json()).toEqual(invalidBody('activities', `Activity 1: export report config ${foreign} not found`));
  });

  it('answers 403 without the job privilege, 403 for another module and 401 without a token', async () => {
    expect((await get(support, '/web/v2/jobs')).json()).toEqual(FORBIDDEN_BODY);
    expect((await get(support, '/web/v2/jobs?Find=BotConfigs')).json()).toEqual(FORBIDDEN_BODY);
    expect((await get(operator, '/web/v2/jobs', otherModule)).json()).toEqual(NOT_ASSIGNED_BODY);
    expect((await get(null, '/web/v2/jobs')).statusCode).toBe(401);
  });
});
