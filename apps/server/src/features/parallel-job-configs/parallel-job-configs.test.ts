import { PARALLEL_JOB_CONFIG_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody } from '@/testing/error-bodies.ts';
import { addPipeline, createJob, jobBody } from '@/testing/job-fixtures.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';

let t: TestApp;
let moduleId: number;
let secondModule: number;
let strangerModule: number;
let admin: Session;
let operator: Session;
let support: Session;
let jobs: number[];
let foreignJob: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Parallel module');
  secondModule = await addModule(t, 'Second parallel module');
  strangerModule = await addModule(t, 'Stranger module');
  await addUser(t, { userName: 'par-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId, secondModule] });
  await addUser(t, { userName: 'par-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
  await addUser(t, { userName: 'par-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleId] });
  admin = await signIn(t, 'par-admin');
  operator = await signIn(t, 'par-operator');
  support = await signIn(t, 'par-support');
  const p = await addPipeline(t, moduleId);
  jobs = [];
  for (const name of ['Morning load', 'Evening load', 'Recon run']) {
    jobs.push(await createJob(t, admin, moduleId, jobBody([p.id], { name })));
  }
  foreignJob = await createJob(t, admin, secondModule, jobBody([(await addPipeline(t, secondModule)).id]));
});
afterAll(() => t.close());

const notFound = [{ message: 'Parallel job config not found', code: 'NOT_FOUND' }];
const send = (s: Session | null, method: 'POST' | 'PUT', payload: object, m = moduleId) =>
  call(t, s, { method, url: '/web/v2/parallel_job_config', payload, moduleId: m });
const list = (s: Session | null, m = moduleId) =>
  call(t, s, { method: 'GET', url: '/web/v2/parallel_job_config', moduleId: m });

describe('/v2/parallel_job_config', () => {
  it('creates a JOB config and lists it with the job names', async () => {
    const configName = uniqueName('Loads together');
    const res = await send(admin, 'POST', {
      configName,
      configType: 'JOB',
      configs: [{ id: jobs[0] }, { id: jobs[1] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      configName,
      configType: 'JOB',
      configIds: [jobs[0], jobs[1]],
      configs: [
        { id: jobs[0], name: 'Morning load' },
        { id: jobs[1], name: 'Evening load' },
      ],
    });
    const listed = await list(operator);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((c: { id: number }) => c.id)).toContain(res.json().id);
    const audit = (await auditRows(t, 'PARALLEL_JOB_CONFIG_CREATED')).find(
      (r) => r.entity_id === String(res.json().id),
    );
    expect(audit?.details).toMatchObject({ configName, configType: 'JOB', configIds: [jobs[0], jobs[1]] });
    expect(PARALLEL_JOB_CONFIG_TEXTS.created).toBe('Successfully Created');
  });

  it('creates a MODULE config of the caller’s modules with their names', async () => {
    const res = await send(admin, 'POST', {
      configName: uniqueName('Modules together'),
      configType: 'MODULE',
      configIds: [moduleId, secondModule],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().configs).toEqual([
      { id: moduleId, name: 'Parallel module' },
      { id: secondModule, name: 'Second parallel module' },
    ]);
  });

  it('updates a config and audits before and after', async () => {
    const created = (
      await send(admin, 'POST', { configName: uniqueName('Pair'), configType: 'JOB', configIds: [jobs[0], jobs[1]] })
    ).json();
    const res = await send(admin, 'PUT', {
      id: created.id,
      configName: 'Renamed pair',
      configType: 'JOB',
      configIds: [jobs[1], jobs[2]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, configName: 'Renamed pair', configIds: [jobs[1], jobs[2]] });
    const audit = (await auditRows(t, 'PARALLEL_JOB_CONFIG_UPDATED')).find((r) => r.entity_id === String(created.id));
    expect(audit?.details).toMatchObject({ configName: 'Renamed pair', before: { configIds: [jobs[0], jobs[1]] } });
    expect(PARALLEL_JOB_CONFIG_TEXTS.updated).toBe('Successfully Updated');
  });

  it('deletes a config', async () => {
    const created = (
      await send(admin, 'POST', { configName: uniqueName('Temp'), configType: 'JOB', configIds: [jobs[0], jobs[2]] })
    ).json();
    const res = await call(t, admin, { method: 'DELETE', url: `/web/v2/parallel_job_config/${created.id}`, moduleId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Job Config Deleted' });
    expect((await list(admin)).json().data.map((c: { id: number }) => c.id)).not.toContain(created.id);
    expect((await auditRows(t, 'PARALLEL_JOB_CONFIG_DELETED')).some((r) => r.entity_id === String(created.id))).toBe(
      true,
    );
  });

  it.each([
    ['no name', { configName: ' ', configType: 'JOB', configIds: [1, 2] }, 'Config name is required'],
    ['no type', { configName: 'x', configIds: [1, 2] }, 'Config type is required'],
    ['one job', { configName: 'x', configType: 'JOB', configIds: [1, 1] }, 'Select at least two jobs'],
    ['one module', { configName: 'x', configType: 'MODULE', configs: [{ id: 1 }] }, 'Select at least two modules'],
  ])('refuses a config with %s', async (_label, payload, message) => {
    const res = await send(admin, 'POST', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('body', message));
  });

  it('refuses jobs of another module, modules the caller is not in, and a name already used', async () => {
    const foreign = await send(admin, 'POST', { configName: 'x', configType: 'JOB', configIds: [jobs[0], foreignJob] });
    expect(foreign.json()).toEqual(invalidBody('configIds', `Job ${foreignJob} not found in this product`));
    const stranger = await send(admin, 'POST', {
      configName: 'x',
      configType: 'MODULE',
      configIds: [moduleId, strangerModule],
    });
    expect(stranger.json()).toEqual(invalidBody('configIds', `Module ${strangerModule} is not one of your modules`));
    const name = uniqueName('Taken');
    await send(admin, 'POST', { configName: name, configType: 'JOB', configIds: [jobs[0], jobs[1]] });
    const taken = await send(admin, 'POST', {
      configName: name.toLowerCase(),
      configType: 'JOB',
      configIds: [jobs[0], jobs[1]],
    });
    expect(taken.json()).toEqual(invalidBody('configName', 'A parallel job config with this name already exists'));
  });

  it('answers 404 for a config of another module like an unknown one', async () => {
    const foreignJobTwo = await createJob(t, admin, secondModule, jobBody([(await addPipeline(t, secondModule)).id]));
    const theirs = (
      await send(
        admin,
        'POST',
        { configName: uniqueName('Theirs'), configType: 'JOB', configIds: [foreignJob, foreignJobTwo] },
        secondModule,
      )
    ).json();
    const update = await send(admin, 'PUT', {
      id: theirs.id,
      configName: 'Mine now',
      configType: 'JOB',
      configIds: [jobs[0], jobs[1]],
    });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual(notFound);
    const del = await call(t, admin, { method: 'DELETE', url: `/web/v2/parallel_job_config/${theirs.id}`, moduleId });
    expect(del.json()).toEqual(notFound);
    expect(
      (await call(t, admin, { method: 'DELETE', url: '/web/v2/parallel_job_config/777777', moduleId })).json(),
    ).toEqual(notFound);
    expect((await list(admin)).json().data.map((c: { id: number }) => c.id)).not.toContain(theirs.id);
    expect((await send(admin, 'PUT', { configName: 'x', configType: 'JOB', configIds: [1, 2] })).json()).toEqual(
      invalidBody('id', 'Config id is required'),
    );
  });

  it('answers 403 without the privileges and 401 without a token', async () => {
    expect((await list(support)).json()).toEqual(FORBIDDEN_BODY);
    expect((await send(operator, 'POST', { configName: 'x', configType: 'JOB', configIds: jobs })).json()).toEqual(
      FORBIDDEN_BODY,
    );
    expect(
      (await call(t, operator, { method: 'DELETE', url: '/web/v2/parallel_job_config/1', moduleId })).json(),
    ).toEqual(FORBIDDEN_BODY);
    expect((await list(null)).statusCode).toBe(401);
  });
});
