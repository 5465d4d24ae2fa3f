import { DATA_SOURCE_TEXTS, DATA_SOURCE_FORM_TEXTS as F } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidBody } from '@/testing/error-bodies.ts';
import {
  addModule,
  addUser,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { createDataSource, type Fixture, makeFixture } from './data-sources.fixtures.ts';

let t: TestApp;
let admin: Session;
let operator: Session;
let support: Session;
let moduleA: number;
let moduleB: number;
let f: Fixture;
let other: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Sources A');
  moduleB = await addModule(t, 'Sources B');
  await addUser(t, { userName: 'ds-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'ds-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'ds-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  admin = await signIn(t, 'ds-admin');
  operator = await signIn(t, 'ds-operator');
  support = await signIn(t, 'ds-support');
  f = await makeFixture(t, admin, moduleA);
  other = await makeFixture(t, admin, moduleB);
});
afterAll(() => t.close());

const notFoundBody = (message: string) => [{ message, code: 'NOT_FOUND' }];

describe('GET /v2/datasources', () => {
  it('pages with the plain filters and the DataTables column search', async () => {
    const fx = await makeFixture(t, admin, moduleA);
    const a = await createDataSource(t, admin, fx, { name: uniqueName('Filter alpha') });
    await createDataSource(t, admin, fx, { name: uniqueName('Filter beta') });
    await createDataSource(t, admin, other, { name: uniqueName('Filter alpha') }).catch(() => undefined);
    const byRecon = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/datasources?draw=4&start=0&length=10&reconName=${encodeURIComponent(fx.reconName)}&name=alpha`,
      moduleId: moduleA,
    });
    expect(byRecon.statusCode).toBe(200);
    expect(byRecon.json()).toMatchObject({
      draw: 4,
      recordsFiltered: 1,
      data: [{ id: a.id, recon: { id: fx.reconId } }],
    });
    const byColumns = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/datasources?columns[0][data]=table&columns[0][search][value]=${fx.logicalName}&columns[1][data]=pipeline&columns[1][search][value]=${encodeURIComponent(fx.pipelineName)}&order[0][column]=0`,
      moduleId: moduleA,
    });
    expect(byColumns.json().recordsFiltered).toBe(2);
    expect(byColumns.json().data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      recon: { id: fx.reconId, name: fx.reconName },
      pipeline: { id: fx.pipelineId, name: fx.pipelineName },
      table: fx.tableName,
      sequence: expect.any(Number),
      isActive: true,
      dataElementCount: 5,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("answers all of the module's data sources with Find=ByModule, and 403 for another module", async () => {
    const mine = await createDataSource(t, admin, f);
    const res = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/datasources?Find=ByModule&moduleId=${moduleA}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['data']);
    expect(res.json().data.map((d: { id: number }) => d.id)).toContain(mine.id);
    const theirs = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/datasources?Find=ByModule&moduleId=${moduleB}`,
      moduleId: moduleA,
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual([{ message: DATA_SOURCE_TEXTS.otherModule, code: 'FORBIDDEN' }]);
  });

  it("answers a recon's data sources by sequence with Find=ByRecon", async () => {
    const fx = await makeFixture(t, admin, moduleA);
    const first = await createDataSource(t, admin, fx);
    const second = await createDataSource(t, admin, fx);
    const res = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/datasources?Find=ByRecon&recon=${fx.reconId}&moduleId=${moduleA}`,
      moduleId: moduleA,
    });
    expect(res.json().data.map((d: { id: number; sequence: number }) => [d.id, d.sequence])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
    const theirs = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/datasources?Find=ByRecon&recon=${other.reconId}`,
      moduleId: moduleA,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(notFoundBody(DATA_SOURCE_TEXTS.reconNotFound));
    const missing = await call(t, admin, { method: 'GET', url: '/web/v2/datasources?Find=ByRecon', moduleId: moduleA });
    expect(missing.json()).toEqual(invalidBody('recon', DATA_SOURCE_TEXTS.reconRequired));
  });

  it('tells whether a name is free in the module with Find=validateDataSourceName', async () => {
    const taken = await createDataSource(t, admin, f);
    const check = async (query: string) =>
      (
        await call(t, operator, {
          method: 'GET',
          url: `/web/v2/datasources?Find=validateDataSourceName&${query}`,
          moduleId: moduleA,
        })
      ).json();
    expect(await check(`name=${encodeURIComponent(taken.name.toLowerCase())}`)).toEqual({
      data: { isValid: false, message: DATA_SOURCE_TEXTS.nameTaken },
    });
    expect(await check(`name=${encodeURIComponent(taken.name)}&id=${taken.id}`)).toEqual({
      data: { isValid: true, message: DATA_SOURCE_TEXTS.nameAvailable },
    });
    expect(await check('name=Nobody%20uses%20this')).toEqual({
      data: { isValid: true, message: DATA_SOURCE_TEXTS.nameAvailable },
    });
    expect(await check('name=')).toEqual({ data: { isValid: false, message: F.nameRequired } });
  });

  it('refuses a moduleId other than the selected module on the DataTables list too', async () => {
    const res = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/datasources?moduleId=${moduleB}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual([{ message: DATA_SOURCE_TEXTS.otherModule, code: 'FORBIDDEN' }]);
  });

  it('answers 403 to a role without data source privileges', async () => {
    const res = await call(t, support, { method: 'GET', url: '/web/v2/datasources', moduleId: moduleA });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /v2/datasources/{id}', () => {
  it('answers the full config, or with find=DataElements the elements by sequence', async () => {
    const ds = await createDataSource(t, admin, f);
    const full = await call(t, operator, { method: 'GET', url: `/web/v2/datasources/${ds.id}`, moduleId: moduleA });
    expect(full.json()).toEqual(ds);
    const elements = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/datasources/${ds.id}?find=DataElements`,
      moduleId: moduleA,
    });
    expect(elements.json()).toEqual({ data: ds.dataElements });
  });

  it("answers 404 for another module's data source exactly like an unknown id", async () => {
    const theirs = await createDataSource(t, admin, other);
    for (const url of [
      `/web/v2/datasources/${theirs.id}`,
      `/web/v2/datasources/${theirs.id}?find=DataElements`,
      '/web/v2/datasources/987654',
    ]) {
      const res = await call(t, admin, { method: 'GET', url, moduleId: moduleA });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFoundBody(DATA_SOURCE_TEXTS.notFound));
    }
  });
});
