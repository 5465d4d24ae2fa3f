import { RECON_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody } from '@/testing/error-bodies.ts';
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
let admin: Session;
let operator: Session;
let support: Session;
let noGrants: Session;
let moduleA: number;
let moduleB: number;
let unassigned: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Recons A');
  moduleB = await addModule(t, 'Recons B');
  unassigned = await addModule(t, 'Recons C');
  await addUser(t, { userName: 'rc-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'rc-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'rc-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  // Every seeded role reads recons somehow (viewRecons is a transactions code): a role with no grants.
  await t.database.db.insertInto('role').values({ name: 'ROLE_RC_EMPTY' }).execute();
  await addUser(t, { userName: 'rc-empty', roles: ['ROLE_RC_EMPTY'], moduleIds: [moduleA] });
  admin = await signIn(t, 'rc-admin');
  operator = await signIn(t, 'rc-operator');
  support = await signIn(t, 'rc-support');
  noGrants = await signIn(t, 'rc-empty');
});
afterAll(() => t.close());

const notFound = [{ message: RECON_TEXTS.notFound, code: 'NOT_FOUND' }];

async function createRecon(moduleId = moduleA, name = uniqueName('Recon')) {
  const res = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/recons',
    payload: { name, description: 'Bank vs gateway' },
    moduleId,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; name: string };
}

/**
 * Data sources written straight to the database (this file tests recons, not the data-source form), named
 * `<label>-<n>` since names are unique per module.
 */
async function addDataSources(moduleId: number, reconId: number, labels: string[]) {
  const names = labels.map((l) => uniqueName(l));
  const db = t.database.db;
  const tableName = uniqueName('rc_tbl').replace('-', '_');
  const table = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/datatables',
    payload: { name: tableName, columns: [{ name: 'amount', dataType: 'DOUBLE' }] },
    moduleId,
  });
  const dataTableId = table.json().id as number;
  const { id: pipelineId } = await db
    .insertInto('pipeline')
    .values({ module_id: moduleId, name: uniqueName('Pipe'), data_table_id: dataTableId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const { id } = await db
      .insertInto('data_source')
      .values({
        module_id: moduleId,
        name,
        recon_id: reconId,
        pipeline_id: pipelineId,
        invalid_pipeline_id: pipelineId,
        data_table_id: dataTableId,
        sequence: i + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return Object.assign(ids, { names });
}

describe('POST /v2/recons', () => {
  it('creates the recon and audits it', async () => {
    const name = uniqueName('Bank vs Gateway');
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/recons',
      payload: { name: `  ${name} `, description: 'Daily settlement' },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    const recon = res.json();
    expect(recon).toEqual({
      id: expect.any(Number),
      name,
      description: 'Daily settlement',
      dataSourceCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-/),
      updatedAt: expect.stringMatching(/^\d{4}-/),
      dataSources: [],
      sideA: null,
      sideB: null,
    });
    const audit = (await auditRows(t, 'RECON_CREATED')).filter((r) => r.entity_id === String(recon.id));
    expect(audit[0]).toMatchObject({ user_id: admin.userId, module_id: moduleA, details: { name } });
  });

  it.each([
    ['the name is missing', {}, RECON_TEXTS.nameRequired],
    ['the name is blank', { name: '  ' }, RECON_TEXTS.nameRequired],
    ['the name is too long', { name: 'x'.repeat(101) }, RECON_TEXTS.nameTooLong],
  ])('answers the validation message when %s', async (_label, payload, message) => {
    const res = await call(t, admin, { method: 'POST', url: '/web/v2/recons', payload, moduleId: moduleA });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('name', message));
  });

  it('refuses a name the module already uses, whatever its case, but allows it in another module', async () => {
    const name = uniqueName('Taken');
    await createRecon(moduleA, name);
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/recons',
      payload: { name: name.toUpperCase() },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('name', RECON_TEXTS.nameTaken));
    await createRecon(moduleB, name);
  });

  it('answers 403 to a viewer without the recons privilege', async () => {
    const res = await call(t, operator, {
      method: 'POST',
      url: '/web/v2/recons',
      payload: { name: uniqueName('No') },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_BODY);
  });

  it('answers 403 for an unassigned module and 401 without a token', async () => {
    const payload = { name: uniqueName('No') };
    expect(
      (await call(t, admin, { method: 'POST', url: '/web/v2/recons', payload, moduleId: unassigned })).statusCode,
    ).toBe(403);
    expect(
      (await call(t, null, { method: 'POST', url: '/web/v2/recons', payload, moduleId: moduleA })).statusCode,
    ).toBe(401);
  });
});

describe('GET /v2/recons', () => {
  it("pages the module's recons with a name filter", async () => {
    const prefix = uniqueName('Paged');
    await createRecon(moduleA, `${prefix} one`);
    await createRecon(moduleA, `${prefix} two`);
    await createRecon(moduleB, `${prefix} three`);
    const url = `/web/v2/recons?draw=5&start=0&length=1&columns[0][data]=name&columns[0][search][value]=${encodeURIComponent(prefix)}`;
    const res = await call(t, support, { method: 'GET', url, moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ draw: 5, recordsFiltered: 2, data: [{ name: `${prefix} one` }] });
  });

  it('answers every recon of the selected module with Find=ByModule', async () => {
    const mine = await createRecon(moduleA);
    const theirs = await createRecon(moduleB);
    const res = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/recons?Find=ByModule&module=${moduleA}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['data']);
    const ids = res.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });

  it('refuses Find=ByModule for a module other than the selected one, even one the user is assigned to', async () => {
    const res = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/recons?Find=ByModule&module=${moduleB}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual([{ message: RECON_TEXTS.otherModule, code: 'FORBIDDEN' }]);
  });

  it('refuses a module other than the selected one on the DataTables list too', async () => {
    const res = await call(t, admin, { method: 'GET', url: `/web/v2/recons?module=${moduleB}`, moduleId: moduleA });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual([{ message: RECON_TEXTS.otherModule, code: 'FORBIDDEN' }]);
  });

  it('answers 403 to a role with no recon reading privilege', async () => {
    const res = await call(t, noGrants, { method: 'GET', url: '/web/v2/recons', moduleId: moduleA });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /v2/recons/{id}', () => {
  it('answers the recon with its data sources, side A at sequence 1 and side B at sequence 2', async () => {
    const recon = await createRecon();
    const sources = await addDataSources(moduleA, recon.id, ['Bank', 'PG', 'Extra']);
    const [bank, pg, extra] = sources;
    const res = await call(t, operator, { method: 'GET', url: `/web/v2/recons/${recon.id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dataSourceCount: 3,
      sideA: { id: bank, name: sources.names[0] },
      sideB: { id: pg, name: sources.names[1] },
      dataSources: [
        { id: bank, sequence: 1, side: 'A', tableName: expect.stringMatching(/^m\d+_rc_tbl/) },
        { id: pg, sequence: 2, side: 'B' },
        { id: extra, sequence: 3, side: null },
      ],
    });
  });

  it("answers 404 for another module's recon exactly like an unknown id", async () => {
    const theirs = await createRecon(moduleB);
    for (const id of [theirs.id, 987654]) {
      const res = await call(t, admin, { method: 'GET', url: `/web/v2/recons/${id}`, moduleId: moduleA });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });
});

describe('PUT /v2/recons', () => {
  it('renames the recon, swaps its sides, and audits before and after', async () => {
    const recon = await createRecon();
    const [bank, pg, extra] = await addDataSources(moduleA, recon.id, ['Bank', 'PG', 'Extra']);
    const name = uniqueName('Renamed');
    const res = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/recons',
      payload: { id: recon.id, name, description: 'Swapped', sideADataSourceId: extra, sideBDataSourceId: bank },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name,
      description: 'Swapped',
      sideA: { id: extra },
      sideB: { id: bank },
      dataSources: [
        { id: extra, sequence: 1 },
        { id: bank, sequence: 2 },
        { id: pg, sequence: 3 },
      ],
    });
    const audit = (await auditRows(t, 'RECON_UPDATED')).filter((r) => r.entity_id === String(recon.id));
    expect(audit[0]?.details).toEqual({
      before: { name: recon.name, description: 'Bank vs gateway', sideA: bank, sideB: pg },
      after: { name, description: 'Swapped', sideA: extra, sideB: bank },
    });
  });

  it('edits through PUT /v2/recons/{id} and keeps the sides when none are sent', async () => {
    const recon = await createRecon();
    const [bank, pg] = await addDataSources(moduleA, recon.id, ['Bank', 'PG']);
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/recons/${recon.id}`,
      payload: { name: recon.name },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: '', sideA: { id: bank }, sideB: { id: pg } });
  });

  it('refuses sides that are not both given, equal, or not of this recon', async () => {
    const recon = await createRecon();
    const [bank, pg] = await addDataSources(moduleA, recon.id, ['Bank', 'PG']);
    const other = await createRecon();
    const [foreign] = await addDataSources(moduleA, other.id, ['Foreign']);
    const cases: [object, string, string][] = [
      [{ sideADataSourceId: bank }, 'sideBDataSourceId', RECON_TEXTS.bothSides],
      [{ sideADataSourceId: bank, sideBDataSourceId: bank }, 'sideBDataSourceId', RECON_TEXTS.sameSides],
      [{ sideADataSourceId: foreign, sideBDataSourceId: pg }, 'sideADataSourceId', RECON_TEXTS.sideNotInRecon],
    ];
    for (const [sides, field, message] of cases) {
      const res = await call(t, admin, {
        method: 'PUT',
        url: `/web/v2/recons/${recon.id}`,
        payload: { name: recon.name, ...sides },
        moduleId: moduleA,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalidBody(field, message));
    }
  });

  it("refuses another recon's name and a body without id", async () => {
    const a = await createRecon();
    const b = await createRecon();
    const taken = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/recons/${a.id}`,
      payload: { name: b.name },
      moduleId: moduleA,
    });
    expect(taken.json()).toEqual(invalidBody('name', RECON_TEXTS.nameTaken));
    const noId = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/recons',
      payload: { name: 'x' },
      moduleId: moduleA,
    });
    expect(noId.json()).toEqual(invalidBody('id', 'id is Required'));
  });

  it("answers 404 for another module's recon and changes nothing", async () => {
    const theirs = await createRecon(moduleB);
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/recons/${theirs.id}`,
      payload: { name: 'Hijacked' },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(404);
    const still = await call(t, admin, { method: 'GET', url: `/web/v2/recons/${theirs.id}`, moduleId: moduleB });
    expect(still.json().name).toBe(theirs.name);
  });
});

describe('DELETE /v2/recons/{id}', () => {
  it('deletes an unused recon and audits it', async () => {
    const recon = await createRecon();
    const res = await call(t, admin, { method: 'DELETE', url: `/web/v2/recons/${recon.id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RECON_TEXTS.deleted });
    expect(
      (await call(t, admin, { method: 'GET', url: `/web/v2/recons/${recon.id}`, moduleId: moduleA })).statusCode,
    ).toBe(404);
    expect((await auditRows(t, 'RECON_DELETED')).map((r) => r.entity_id)).toContain(String(recon.id));
  });

  it('refuses while data sources use it, naming them', async () => {
    const recon = await createRecon();
    const { names } = await addDataSources(moduleA, recon.id, ['Bank', 'PG']);
    const res = await call(t, admin, { method: 'DELETE', url: `/web/v2/recons/${recon.id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      invalidBody('id', `Recon cannot be deleted while data sources use it: ${names[0]}, ${names[1]}`),
    );
  });

  it('refuses while a job runs it', async () => {
    const recon = await createRecon();
    const { id: jobId } = await t.database.db
      .insertInto('job')
      .values({ module_id: moduleA, name: 'Nightly recon', additional_settings: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('job_activity')
      .values({ job_id: jobId, sequence: 1, type: 'RECON', type_id: recon.id })
      .execute();
    const res = await call(t, admin, { method: 'DELETE', url: `/web/v2/recons/${recon.id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('id', 'Recon cannot be deleted while jobs run it: Nightly recon'));
  });

  it("answers 404 for another module's recon", async () => {
    const theirs = await createRecon(moduleB);
    const res = await call(t, admin, { method: 'DELETE', url: `/web/v2/recons/${theirs.id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it('answers 403 to an operator', async () => {
    const recon = await createRecon();
    const res = await call(t, operator, { method: 'DELETE', url: `/web/v2/recons/${recon.id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(403);
  });
});
