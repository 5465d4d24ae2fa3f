import {
  dateFormatRequired,
  fileColumnMappedTwice,
  PIPELINE_TEXTS,
  tableColumnMappedTwice,
  tableColumnTypeMismatch,
  tableColumnUnknown,
} from '@recon/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDataTable, addPipeline } from '@/ingest/test-fixtures.ts';
import { multipartBody } from '@/testing/multipart.ts';
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
let pipelineB: number;

const columns = [
  { name: 'reference', dataType: 'VARCHAR', isMoney: false },
  { name: 'value_date', dataType: 'DATE', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
] as const;
const mappings = [
  { fileColumn: 'Ref', tableColumn: 'reference', dataType: 'VARCHAR', isRequired: true },
  { fileColumn: 'Date', tableColumn: 'value_date', dataType: 'DATE', dateFormat: 'DD-MM-YYYY' },
  { fileColumn: 'Branch', tableColumn: null },
  { fileColumn: 'Amount', tableColumn: 'amount', dataType: 'DOUBLE' },
];

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Configs A');
  moduleB = await addModule(t, 'Configs B');
  await addUser(t, { userName: 'cfg-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'cfg-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  admin = await signIn(t, 'cfg-admin');
  support = await signIn(t, 'cfg-support');
  tableA = (await addDataTable(t.database.db, moduleA, 'stmt', columns)).id;
  const tableB = (await addDataTable(t.database.db, moduleB, 'stmt', columns)).id;
  pipelineB = await addPipeline(t.database.db, moduleB, 'B pipeline', tableB);
});
afterAll(() => t.close());

const newPipeline = (source = 'FILE') =>
  addPipeline(t.database.db, moduleA, uniqueName('cfg pipeline'), tableA, source);
const url = (id: number) => `/web/v2/admin/pipelines/${id}/file_upload_configs`;
const save = (id: number, payload: unknown, method: 'POST' | 'PUT' = 'POST', session = admin) =>
  call(t, session, { method, url: url(id), payload: payload as object, moduleId: moduleA });
const status = async (id: number) =>
  (
    await call(t, admin, {
      method: 'GET',
      url: `/web/v2/admin/pipelines/file_upload_config_status?pipelineId=${id}`,
      moduleId: moduleA,
    })
  ).json();

describe('file upload configs', () => {
  it('creates, reads and replaces a config, moving the status from Pending to Configured', async () => {
    const id = await newPipeline();
    expect(await status(id)).toEqual({ pipelineId: id, status: 'Pending' });
    const created = await save(id, { fileKind: 'csv', delimiter: ';', headerRow: 2, mappings });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      pipelineId: id,
      fileKind: 'csv',
      delimiter: ';',
      headerRow: 2,
      sheetName: null,
      ingestionMode: 'Upload',
      ingestionModeLabel: 'Manual',
      mappings: [
        { fileColumn: 'Ref', tableColumn: 'reference', dataType: 'VARCHAR', dateFormat: null, isRequired: true },
        {
          fileColumn: 'Date',
          tableColumn: 'value_date',
          dataType: 'DATE',
          dateFormat: 'DD-MM-YYYY',
          isRequired: false,
        },
        { fileColumn: 'Branch', tableColumn: null, dataType: null, dateFormat: null, isRequired: false },
        { fileColumn: 'Amount', tableColumn: 'amount', dataType: 'DOUBLE', dateFormat: null, isRequired: false },
      ],
    });
    expect(await status(id)).toEqual({ pipelineId: id, status: 'Configured' });
    const read = await call(t, admin, { method: 'GET', url: url(id), moduleId: moduleA });
    expect(read.json()).toEqual(created.json());
    const replaced = await save(
      id,
      {
        fileKind: 'xlsx',
        sheetName: 'Statement',
        ingestionMode: 'AMAZON_S3',
        connection: { bucket: 'stmts' },
        mappings,
      },
      'PUT',
    );
    expect(replaced.json()).toMatchObject({
      fileKind: 'xlsx',
      sheetName: 'Statement',
      ingestionMode: 'AMAZON_S3',
      connection: { bucket: 'stmts' },
    });
    expect((await auditRows(t, 'FILE_UPLOAD_CONFIG_CREATED')).some((r) => r.entity_id === String(id))).toBe(true);
    expect((await auditRows(t, 'FILE_UPLOAD_CONFIG_UPDATED')).some((r) => r.entity_id === String(id))).toBe(true);
  });

  it('answers every mapping problem at once, in mapping order', async () => {
    const id = await newPipeline();
    const res = await save(id, {
      fileKind: 'csv',
      mappings: [
        { fileColumn: 'Ref', tableColumn: 'reference', dataType: 'VARCHAR' },
        { fileColumn: 'ref', tableColumn: 'reference', dataType: 'VARCHAR' },
        { fileColumn: 'Amount', tableColumn: 'amount', dataType: 'INT' },
        { fileColumn: 'Date', tableColumn: 'value_date', dataType: 'DATE' },
        { fileColumn: 'Ghost', tableColumn: 'ghost', dataType: 'VARCHAR' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'mappings.1.fileColumn', defaultMessage: fileColumnMappedTwice('ref') },
      { field: 'mappings.1.tableColumn', defaultMessage: tableColumnMappedTwice('reference') },
      { field: 'mappings.2.dataType', defaultMessage: tableColumnTypeMismatch('amount', 'DOUBLE') },
      { field: 'mappings.3.dateFormat', defaultMessage: dateFormatRequired('value_date') },
      { field: 'mappings.4.tableColumn', defaultMessage: tableColumnUnknown('ghost') },
    ]);
  });

  it('answers the form messages for a missing file type, no mapping, a bad date format and a connector without its address', async () => {
    const id = await newPipeline();
    expect((await save(id, { mappings })).json().message).toBe(PIPELINE_TEXTS.fileKindRequired);
    expect((await save(id, { fileKind: 'csv', mappings: [] })).json().message).toBe(PIPELINE_TEXTS.mappingsRequired);
    expect((await save(id, { fileKind: 'csv', mappings: [{ fileColumn: 'Branch' }] })).json().message).toBe(
      PIPELINE_TEXTS.mappingsRequired,
    );
    const badFormat = [{ fileColumn: 'Date', tableColumn: 'value_date', dataType: 'DATE', dateFormat: 'DD/QQ/YYYY' }];
    expect((await save(id, { fileKind: 'csv', mappings: badFormat })).json().message).toMatch(
      /^Date format "DD\/QQ\/YYYY": "Q" is not a date token/,
    );
    expect((await save(id, { fileKind: 'csv', ingestionMode: 'SFTP', mappings })).json().message).toBe(
      PIPELINE_TEXTS.hostRequired,
    );
  });

  it('refuses a second config, an edit without one, and a config for a connector pipeline', async () => {
    const id = await newPipeline();
    expect((await save(id, { fileKind: 'csv', mappings }, 'PUT')).statusCode).toBe(404);
    await save(id, { fileKind: 'csv', mappings });
    expect((await save(id, { fileKind: 'csv', mappings })).json().message).toBe(PIPELINE_TEXTS.configExists);
    const connector = await newPipeline('RAZORPAY');
    expect((await save(connector, { fileKind: 'csv', mappings })).json().message).toBe(
      PIPELINE_TEXTS.configNotRequired,
    );
    expect(await status(connector)).toEqual({ pipelineId: connector, status: 'Not Required' });
  });

  it('answers 404 for a pipeline of another module, 403 without privilege and 401 without a token', async () => {
    for (const path of [url(pipelineB), url(999_999)]) {
      const res = await call(t, admin, { method: 'GET', url: path, moduleId: moduleA });
      expect([res.statusCode, res.json()]).toEqual([404, [{ message: PIPELINE_TEXTS.notFound, code: 'NOT_FOUND' }]]);
    }
    const res = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/admin/pipelines/file_upload_config_status?pipelineId=${pipelineB}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(404);
    expect((await save(await newPipeline(), { fileKind: 'csv', mappings }, 'POST', support)).statusCode).toBe(403);
    expect((await call(t, null, { method: 'GET', url: url(1), moduleId: moduleA })).statusCode).toBe(401);
    const missing = await call(t, admin, {
      method: 'GET',
      url: '/web/v2/admin/pipelines/file_upload_config_status',
      moduleId: moduleA,
    });
    expect(missing.json().message).toBe(PIPELINE_TEXTS.pipelineIdRequired);
  });
});

describe('POST /v2/admin/pipelines/{id}/file_upload_configs/preview', () => {
  const preview = (
    id: number,
    files: { name: string; content: string | Buffer }[],
    fields?: Record<string, string>,
  ) => {
    const { payload, headers } = multipartBody(files, fields);
    return call(t, admin, { method: 'POST', url: `${url(id)}/preview`, payload, headers, moduleId: moduleA });
  };

  it('answers the header and the first 20 rows of a CSV, sniffing its delimiter', async () => {
    const id = await newPipeline();
    const lines = ['Ref;Date;Amount', ...Array.from({ length: 30 }, (_, i) => `R${i};01-10-2026;${i}.50`)];
    const res = await preview(id, [{ name: 'sample.csv', content: lines.join('\n') }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      fileName: 'sample.csv',
      fileKind: 'csv',
      delimiter: ';',
      headerRow: 1,
      header: ['Ref', 'Date', 'Amount'],
    });
    expect(body.rows).toHaveLength(20);
    expect(body.rows[0]).toEqual(['R0', '01-10-2026', '0.50']);
  });

  it('reads the chosen sheet of a workbook from its header row', async () => {
    const id = await newPipeline();
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Notes').addRow(['ignore me']);
    const sheet = wb.addWorksheet('Statement');
    sheet.addRow(['Bank statement for October']);
    sheet.addRow(['Ref', 'Date', 'Amount']);
    sheet.addRow(['R1', new Date(Date.UTC(2026, 9, 5)), 12.5]);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await preview(id, [{ name: 'sample.xlsx', content }], { sheetName: 'Statement', headerRow: '2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fileKind: 'xlsx',
      sheetName: 'Statement',
      sheetNames: ['Notes', 'Statement'],
      header: ['Ref', 'Date', 'Amount'],
      rows: [['R1', '2026-10-05', '12.5']],
    });
  });

  it('answers a clear 400 for a file that is neither text nor xlsx, an empty file, or no file at all', async () => {
    const id = await newPipeline();
    expect((await preview(id, [{ name: 'notes.pdf', content: 'a,b' }])).json().message).toBe(
      'Invalid File Extension: the file must be .csv, .txt, .tsv, .psv, .dat or .xlsx',
    );
    expect((await preview(id, [{ name: 'empty.csv', content: '' }])).json().message).toBe(
      'Invalid File Content: The file has no header',
    );
    expect((await preview(id, [], { headerRow: '1' })).json().message).toBe(PIPELINE_TEXTS.fileRequired);
  });
});
