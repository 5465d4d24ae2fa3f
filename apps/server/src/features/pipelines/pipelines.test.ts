import { PIPELINE_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDataTable, addFileConfig, addPipeline } from '@/ingest/test-fixtures.ts';
import { FORBIDDEN_BODY } from '@/testing/error-bodies.ts';
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
let support: Session;
let moduleA: number;
let moduleB: number;
let tableA: number;
let tableB: number;
let pipelineB: number;

const columns = [
  { name: 'reference', dataType: 'VARCHAR', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Pipelines A');
  moduleB = await addModule(t, 'Pipelines B');
  await addUser(t, { userName: 'pl-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'pl-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  admin = await signIn(t, 'pl-admin');
  support = await signIn(t, 'pl-support');
  tableA = (await addDataTable(t.database.db, moduleA, 'bank_a', columns)).id;
  tableB = (await addDataTable(t.database.db, moduleB, 'bank_b', columns)).id;
  pipelineB = await addPipeline(t.database.db, moduleB, 'Other module pipeline', tableB);
});
afterAll(() => t.close());

const notFound = [{ message: PIPELINE_TEXTS.notFound, code: 'NOT_FOUND' }];
const body400 = (field: string, message: string) => ({ message, errors: [{ field, defaultMessage: message }] });

async function createPipeline(payload: Record<string, unknown>) {
  return call(t, admin, { method: 'POST', url: '/web/v2/pipeline', payload, moduleId: moduleA });
}

describe('POST and PUT /v2/pipeline', () => {
  it('creates a FILE pipeline on a table of the module and audits it', async () => {
    const name = uniqueName('Bank upload');
    const res = await createPipeline({ name, source: 'FILE', dataTableId: tableA });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      name,
      description: '',
      source: 'FILE',
      dataTable: { id: tableA, name: 'bank_a', tableName: `m${moduleA}_bank_a` },
      fileUploadConfigStatus: 'Pending',
    });
    const audit = (await auditRows(t, 'PIPELINE_CREATED')).find((r) => r.entity_id === String(p.id));
    expect(audit).toMatchObject({ module_id: moduleA, entity_type: 'pipeline', user_id: admin.userId });
  });

  it('answers each validation message when name, source or data table is missing or wrong', async () => {
    expect((await createPipeline({ source: 'FILE', dataTableId: tableA })).json().message).toBe(
      PIPELINE_TEXTS.nameRequired,
    );
    expect((await createPipeline({ name: 'x', dataTableId: tableA })).json().message).toBe(
      PIPELINE_TEXTS.sourceRequired,
    );
    expect((await createPipeline({ name: 'x', source: 'FTP', dataTableId: tableA })).json().message).toBe(
      PIPELINE_TEXTS.sourceInvalid,
    );
    expect((await createPipeline({ name: 'x', source: 'FILE' })).json().message).toBe(PIPELINE_TEXTS.dataTableRequired);
    const otherTable = await createPipeline({ name: 'x', source: 'FILE', dataTableId: tableB });
    expect(otherTable.statusCode).toBe(400);
    expect(otherTable.json()).toEqual(body400('dataTableId', PIPELINE_TEXTS.dataTableNotFound));
  });

  it('refuses a name already used in the module, whatever its case', async () => {
    const name = uniqueName('Twin');
    await createPipeline({ name, source: 'FILE', dataTableId: tableA });
    const res = await createPipeline({ name: name.toUpperCase(), source: 'RAZORPAY', dataTableId: tableA });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body400('name', PIPELINE_TEXTS.nameTaken));
  });

  it('edits a pipeline and audits before and after', async () => {
    const created = (await createPipeline({ name: uniqueName('Edit me'), source: 'FILE', dataTableId: tableA })).json();
    const name = uniqueName('Edited');
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/pipeline/${created.id}`,
      payload: { name, description: 'Daily statement', source: 'PAYU', dataTableId: tableA },
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name,
      description: 'Daily statement',
      source: 'PAYU',
      fileUploadConfigStatus: 'Not Required',
    });
    const audit = (await auditRows(t, 'PIPELINE_UPDATED')).find((r) => r.entity_id === String(created.id));
    expect(audit?.details).toMatchObject({ after: { name, source: 'PAYU' } });
  });

  it('refuses to move a pipeline with a file upload config to another table', async () => {
    const created = (await createPipeline({ name: uniqueName('Locked'), source: 'FILE', dataTableId: tableA })).json();
    await addFileConfig(t.database.db, created.id, [{ fileColumn: 'reference', dataType: 'VARCHAR' }]);
    const otherA = await addDataTable(t.database.db, moduleA, uniqueName('other').replace('-', '_'), columns);
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/pipeline/${created.id}`,
      payload: { name: created.name, source: 'FILE', dataTableId: otherA.id },
      moduleId: moduleA,
    });
    expect(res.json()).toEqual(body400('dataTableId', PIPELINE_TEXTS.dataTableLocked));
  });

  it('answers 404 for a pipeline of another module, exactly like an unknown id', async () => {
    const payload = { name: 'x', source: 'FILE', dataTableId: tableA };
    for (const id of [pipelineB, 999_999]) {
      const res = await call(t, admin, { method: 'PUT', url: `/web/v2/pipeline/${id}`, payload, moduleId: moduleA });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });
});

describe('GET /v2/pipeline/all and /v2/pipeline/{id}', () => {
  it("lists only the module's pipelines with their config status", async () => {
    const pending = (
      await createPipeline({ name: uniqueName('A pending'), source: 'FILE', dataTableId: tableA })
    ).json();
    const configured = (
      await createPipeline({ name: uniqueName('A configured'), source: 'FILE', dataTableId: tableA })
    ).json();
    await addFileConfig(t.database.db, configured.id, [{ fileColumn: 'reference', dataType: 'VARCHAR' }]);
    const connector = (
      await createPipeline({ name: uniqueName('A razorpay'), source: 'RAZORPAY', dataTableId: tableA })
    ).json();
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/pipeline/all', moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json().data.map((p: { id: number; fileUploadConfigStatus: string }) => [p.id, p]));
    expect(byId.get(pending.id)).toMatchObject({ fileUploadConfigStatus: 'Pending' });
    expect(byId.get(configured.id)).toMatchObject({ fileUploadConfigStatus: 'Configured' });
    expect(byId.get(connector.id)).toMatchObject({ fileUploadConfigStatus: 'Not Required' });
    expect(byId.has(pipelineB)).toBe(false);
  });

  it('answers one pipeline, and 404 for another module', async () => {
    const created = (await createPipeline({ name: uniqueName('One'), source: 'FILE', dataTableId: tableA })).json();
    const res = await call(t, admin, { method: 'GET', url: `/web/v2/pipeline/${created.id}`, moduleId: moduleA });
    expect(res.json()).toEqual(created);
    const other = await call(t, admin, { method: 'GET', url: `/web/v2/pipeline/${pipelineB}`, moduleId: moduleA });
    expect([other.statusCode, other.json()]).toEqual([404, notFound]);
  });

  it('answers 403 without the pipelines privilege, 403 for an unassigned module and 401 without a token', async () => {
    const noPrivilege = await call(t, support, { method: 'GET', url: '/web/v2/pipeline/all', moduleId: moduleA });
    expect([noPrivilege.statusCode, noPrivilege.json()]).toEqual([403, FORBIDDEN_BODY]);
    const otherModule = await call(t, admin, { method: 'GET', url: '/web/v2/pipeline/all', moduleId: moduleB });
    expect(otherModule.statusCode).toBe(403);
    expect(otherModule.json()[0].code).toBe('MODULE_FORBIDDEN');
    const anonymous = await call(t, null, { method: 'GET', url: '/web/v2/pipeline/all', moduleId: moduleA });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('guards of every pipeline endpoint', () => {
  it('answers 403 without the pipelines privilege and 401 without a token on each call', async () => {
    const id = (await createPipeline({ name: uniqueName('Guarded'), source: 'FILE', dataTableId: tableA })).json().id;
    const calls = [
      ['GET', '/web/v2/pipeline/all'],
      ['GET', `/web/v2/pipeline/${id}`],
      ['POST', '/web/v2/pipeline'],
      ['PUT', `/web/v2/pipeline/${id}`],
      ['GET', `/web/v2/admin/pipelines/file_upload_config_status?pipelineId=${id}`],
      ['GET', `/web/v2/admin/pipelines/${id}/file_upload_configs`],
      ['POST', `/web/v2/admin/pipelines/${id}/file_upload_configs`],
      ['PUT', `/web/v2/admin/pipelines/${id}/file_upload_configs`],
      ['POST', `/web/v2/admin/pipelines/${id}/file_upload_configs/preview`],
    ] as const;
    for (const [method, url] of calls) {
      const denied = await call(t, support, { method, url, payload: {}, moduleId: moduleA });
      expect([method, url, denied.statusCode]).toEqual([method, url, 403]);
      const anonymous = await call(t, null, { method, url, payload: {}, moduleId: moduleA });
      expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
    }
  });
});
