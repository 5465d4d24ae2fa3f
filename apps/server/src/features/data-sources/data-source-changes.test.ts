import { DATA_SOURCE_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidBody } from '@/testing/error-bodies.ts';
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
import { createDataSource, createRecon, type Fixture, makeFixture } from './data-sources.fixtures.ts';

let t: TestApp;
let admin: Session;
let operator: Session;
let moduleA: number;
let moduleB: number;
let f: Fixture;
let other: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Changes A');
  moduleB = await addModule(t, 'Changes B');
  await addUser(t, { userName: 'dsc-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'dsc-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  admin = await signIn(t, 'dsc-admin');
  operator = await signIn(t, 'dsc-operator');
  f = await makeFixture(t, admin, moduleA);
  other = await makeFixture(t, admin, moduleB);
});
afterAll(() => t.close());

const notFoundBody = (message: string) => [{ message, code: 'NOT_FOUND' }];
type Element = { id: number; name: string; type: string; inputType: string; active: boolean; sequence: number };
const elementsOf = async (id: number, moduleId = moduleA) =>
  (await call(t, admin, { method: 'GET', url: `/web/v2/datasources/${id}?find=DataElements`, moduleId })).json()
    .data as Element[];

describe('POST /v2/datasources/{id}/duplicate', () => {
  it('copies the config and the data elements under a new name, last in the chosen recon, and audits it', async () => {
    const source = await createDataSource(t, admin, f);
    const target = await createRecon(t, admin, moduleA);
    const name = uniqueName('Copy');
    const res = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/datasources/${source.id}/duplicate`,
      payload: { name, reconId: target.id },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    const copy = res.json();
    const original = (
      await call(t, admin, { method: 'GET', url: `/web/v2/datasources/${source.id}`, moduleId: moduleA })
    ).json();
    const strip = ({ id: _id, sequence: _s, ...e }: Element) => e;
    expect(copy).toMatchObject({
      name,
      recon: { id: target.id, name: target.name },
      sequence: 1,
      pipeline: original.pipeline,
      table: original.table,
      maxDuplicateRecord: original.maxDuplicateRecord,
      maxInvalidRecordCountMethod: original.maxInvalidRecordCountMethod,
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.dataElements.map(strip)).toEqual(original.dataElements.map(strip));
    const audit = (await auditRows(t, 'DATA_SOURCE_DUPLICATED')).filter((r) => r.entity_id === String(copy.id));
    expect(audit[0]?.details).toMatchObject({ fromId: source.id, name, reconId: target.id });
  });

  it('refuses a taken name and answers 404 for recons and data sources of another module', async () => {
    const source = await createDataSource(t, admin, f);
    const taken = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/datasources/${source.id}/duplicate`,
      payload: { name: source.name, reconId: f.reconId },
      moduleId: moduleA,
    });
    expect(taken.json()).toEqual(invalidBody('name', DATA_SOURCE_TEXTS.nameTaken));
    const foreignRecon = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/datasources/${source.id}/duplicate`,
      payload: { name: uniqueName('Copy'), reconId: other.reconId },
      moduleId: moduleA,
    });
    expect(foreignRecon.json()).toEqual(notFoundBody(DATA_SOURCE_TEXTS.reconNotFound));
    const theirs = await createDataSource(t, admin, other);
    const foreignSource = await call(t, admin, {
      method: 'POST',
      url: `/web/v2/datasources/${theirs.id}/duplicate`,
      payload: { name: uniqueName('Copy'), reconId: f.reconId },
      moduleId: moduleA,
    });
    expect(foreignSource.json()).toEqual(notFoundBody(DATA_SOURCE_TEXTS.notFound));
  });

  it('answers 400 without a recon and 403 to a viewer', async () => {
    const source = await createDataSource(t, admin, f);
    const url = `/web/v2/datasources/${source.id}/duplicate`;
    const noRecon = await call(t, admin, {
      method: 'POST',
      url,
      payload: { name: uniqueName('Copy') },
      moduleId: moduleA,
    });
    expect(noRecon.json()).toEqual(invalidBody('reconId', DATA_SOURCE_TEXTS.reconRequired));
    const viewer = await call(t, operator, {
      method: 'POST',
      url,
      payload: { name: uniqueName('Copy'), reconId: f.reconId },
      moduleId: moduleA,
    });
    expect(viewer.statusCode).toBe(403);
  });
});

describe('PUT /v2/datasources?Operation=UpdateSequence', () => {
  const reorder = (payload: object, s = admin) =>
    call(t, s, { method: 'PUT', url: '/web/v2/datasources?Operation=UpdateSequence', payload, moduleId: moduleA });

  it("renumbers the recon's data sources from the sent order, the unsent ones last, and audits it", async () => {
    const fx = await makeFixture(t, admin, moduleA);
    const [a, b, c] = [
      await createDataSource(t, admin, fx),
      await createDataSource(t, admin, fx),
      await createDataSource(t, admin, fx),
    ];
    const res = await reorder([
      { id: c.id, sequence: 1, name: 'ignored' },
      { id: a.id, sequence: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { id: number; sequence: number }) => [d.id, d.sequence])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    const recon = await call(t, admin, { method: 'GET', url: `/web/v2/recons/${fx.reconId}`, moduleId: moduleA });
    expect(recon.json()).toMatchObject({ sideA: { id: c.id }, sideB: { id: a.id } });
    const audit = (await auditRows(t, 'DATA_SOURCE_SEQUENCE_UPDATED')).filter(
      (r) => r.entity_id === String(fx.reconId),
    );
    expect(audit[0]?.details).toEqual({
      before: [
        { id: a.id, sequence: 1 },
        { id: b.id, sequence: 2 },
        { id: c.id, sequence: 3 },
      ],
      after: [
        { id: c.id, sequence: 1 },
        { id: a.id, sequence: 2 },
        { id: b.id, sequence: 3 },
      ],
    });
  });

  it('refuses data sources of two recons, a repeated id, an empty list, and ids of another module', async () => {
    const one = await createDataSource(t, admin, f);
    const fx = await makeFixture(t, admin, moduleA);
    const two = await createDataSource(t, admin, fx);
    expect(
      (
        await reorder([
          { id: one.id, sequence: 1 },
          { id: two.id, sequence: 2 },
        ])
      ).json(),
    ).toEqual(invalidBody('body', DATA_SOURCE_TEXTS.sequenceOneRecon));
    expect(
      (
        await reorder([
          { id: one.id, sequence: 1 },
          { id: one.id, sequence: 2 },
        ])
      ).json(),
    ).toEqual(invalidBody('body', DATA_SOURCE_TEXTS.sequenceDuplicateId));
    expect((await reorder([])).json()).toEqual(invalidBody('body', DATA_SOURCE_TEXTS.sequenceListRequired));
    const theirs = await createDataSource(t, admin, other);
    const foreign = await reorder([{ id: theirs.id, sequence: 1 }]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(notFoundBody(DATA_SOURCE_TEXTS.notFound));
  });

  it('answers 403 to a viewer', async () => {
    const one = await createDataSource(t, admin, f);
    expect((await reorder([{ id: one.id, sequence: 1 }], operator)).statusCode).toBe(403);
  });
});

describe('POST /v2/datasources/createDataElement', () => {
  const create = (dataSourceId: number | string, payload: object, s = admin) =>
    call(t, s, {
      method: 'POST',
      url: `/web/v2/datasources/createDataElement?dataSourceId=${dataSourceId}`,
      payload,
      moduleId: moduleA,
    });

  it('adds an element at its sequence, moves the others down, and audits it', async () => {
    const ds = await createDataSource(t, admin, f, {
      dataElements: [
        { name: 'txn_id', type: 'VARCHAR' },
        { name: 'amount', type: 'DOUBLE' },
      ],
    });
    const res = await create(ds.id, { name: 'qty', type: 'BIGINT', sequence: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'qty',
      inputType: 'NUMBER',
      type: 'BIGINT',
      active: true,
      sequence: 2,
    });
    expect((await elementsOf(ds.id)).map((e) => [e.name, e.sequence])).toEqual([
      ['txn_id', 1],
      ['qty', 2],
      ['amount', 3],
    ]);
    const last = await create(ds.id, { name: 'status', type: 'VARCHAR', inputType: 'STATUS', active: false });
    expect(last.json()).toMatchObject({ name: 'status', inputType: 'STATUS', active: false, sequence: 4 });
    expect((await auditRows(t, 'DATA_ELEMENT_CREATED')).map((r) => r.entity_id)).toContain(String(res.json().id));
  });

  it.each([
    [
      'a name that is not a column',
      { name: 'utr', type: 'VARCHAR' },
      'name',
      (tbl: string) => `Column "utr" does not exist in table ${tbl}`,
    ],
    [
      'an incompatible type',
      { name: 'txn_date', type: 'INT' },
      'type',
      () => 'Type INT is not compatible with column "txn_date" (DATE)',
    ],
    [
      'an element it already has',
      { name: 'amount', type: 'DOUBLE' },
      'name',
      () => 'Data element "amount" already exists',
    ],
  ])('refuses %s', async (_label, payload, field, message) => {
    const ds = await createDataSource(t, admin, f);
    const res = await create(ds.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody(field, message(f.logicalName)));
  });

  it("answers 404 for another module's data source, 400 without dataSourceId, 403 to a viewer", async () => {
    const theirs = await createDataSource(t, admin, other);
    const foreign = await create(theirs.id, { name: 'utr', type: 'VARCHAR' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(notFoundBody(DATA_SOURCE_TEXTS.notFound));
    const missing = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/datasources/createDataElement',
      payload: { name: 'amount', type: 'DOUBLE' },
      moduleId: moduleA,
    });
    expect(missing.json()).toEqual(invalidBody('dataSourceId', DATA_SOURCE_TEXTS.dataSourceIdRequired));
    const ds = await createDataSource(t, admin, f);
    expect((await create(ds.id, { name: 'amount', type: 'DOUBLE' }, operator)).statusCode).toBe(403);
  });
});

describe('PUT /v2/datasources/updateDataElement', () => {
  const update = (dataSourceId: number, payload: object, s = admin) =>
    call(t, s, {
      method: 'PUT',
      url: `/web/v2/datasources/updateDataElement?dataSourceId=${dataSourceId}`,
      payload,
      moduleId: moduleA,
    });

  it('deactivates, renames to a compatible column, moves, and audits before and after', async () => {
    const ds = await createDataSource(t, admin, f, {
      dataElements: [
        { name: 'txn_id', type: 'VARCHAR' },
        { name: 'amount', type: 'DOUBLE' },
        { name: 'qty', type: 'INT' },
      ],
    });
    const qty = ds.dataElements[2] as Element;
    const res = await update(ds.id, { id: qty.id, active: false, sequence: 1, inputType: 'COUNT' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: qty.id,
      name: 'qty',
      inputType: 'COUNT',
      type: 'INT',
      active: false,
      sequence: 1,
    });
    expect((await elementsOf(ds.id)).map((e) => [e.name, e.sequence])).toEqual([
      ['qty', 1],
      ['txn_id', 2],
      ['amount', 3],
    ]);
    const txn = ds.dataElements[0] as Element;
    const renamed = await update(ds.id, { id: txn.id, name: 'status' });
    expect(renamed.json()).toMatchObject({ id: txn.id, name: 'status', type: 'VARCHAR' });
    const audit = (await auditRows(t, 'DATA_ELEMENT_UPDATED')).filter((r) => r.entity_id === String(qty.id));
    expect(audit[0]?.details).toMatchObject({
      before: { active: true, sequence: 3, inputType: 'NUMBER' },
      after: { active: false, sequence: 1, inputType: 'COUNT' },
    });
  });

  it('refuses a rename to a missing or incompatible column or to a sibling name', async () => {
    const ds = await createDataSource(t, admin, f);
    const amount = ds.dataElements.find((e) => e.name === 'amount') as Element;
    expect((await update(ds.id, { id: amount.id, name: 'txn_date' })).json()).toEqual(
      invalidBody('type', 'Type DOUBLE is not compatible with column "txn_date" (DATE)'),
    );
    expect((await update(ds.id, { id: amount.id, name: 'nope' })).json()).toEqual(
      invalidBody('name', `Column "nope" does not exist in table ${f.logicalName}`),
    );
    const qty = ds.dataElements.find((e) => e.name === 'qty') as Element;
    expect((await update(ds.id, { id: qty.id, name: 'qty', type: 'DOUBLE' })).json()).toEqual(
      invalidBody('type', 'Type DOUBLE is not compatible with column "qty" (INT)'),
    );
    const status = ds.dataElements.find((e) => e.name === 'status') as Element;
    expect((await update(ds.id, { id: status.id, name: 'txn_id' })).json()).toEqual(
      invalidBody('name', 'Data element "txn_id" already exists'),
    );
  });

  it("answers 404 for an element of another data source and for another module's data source", async () => {
    const a = await createDataSource(t, admin, f);
    const b = await createDataSource(t, admin, f);
    const foreignElement = await update(a.id, { id: (b.dataElements[0] as Element).id, active: false });
    expect(foreignElement.statusCode).toBe(404);
    expect(foreignElement.json()).toEqual(notFoundBody(DATA_SOURCE_TEXTS.dataElementNotFound));
    const theirs = await createDataSource(t, admin, other);
    const foreign = await update(theirs.id, { id: (theirs.dataElements[0] as Element).id, active: false });
    expect(foreign.json()).toEqual(notFoundBody(DATA_SOURCE_TEXTS.notFound));
    expect((await elementsOf(theirs.id, moduleB))[0]?.active).toBe(true);
  });

  it('answers 403 to a viewer', async () => {
    const ds = await createDataSource(t, admin, f);
    expect((await update(ds.id, { id: (ds.dataElements[0] as Element).id, active: false }, operator)).statusCode).toBe(
      403,
    );
  });
});
