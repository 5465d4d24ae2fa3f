import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precheckFile } from './precheck.ts';
import { addDataTable, addPipeline } from './test-fixtures.ts';

// The checks themselves, once each; files.test.ts (upload) and ingest-bad-files.test.ts (a job's load) show
// that both entry points answer with them.

let t: TestDatabase;
let moduleId: number;
let pipelineId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ id: moduleId } = await t.db
    .insertInto('module')
    .values({ name: 'Precheck' })
    .returning('id')
    .executeTakeFirstOrThrow());
  const table = await addDataTable(t.db, moduleId, 'precheck_rows', [
    { name: 'reference', dataType: 'VARCHAR', isMoney: false },
  ]);
  pipelineId = await addPipeline(t.db, moduleId, 'Precheck pipeline', table.id);
});
afterAll(() => t.drop());

/** An uploaded_file row of the pipeline; status FINISHED is a file already loaded. */
async function addFile(name: string, sha256: string, status: 'UPLOADED' | 'FINISHED' | 'INVALID') {
  const { id } = await t.db
    .insertInto('uploaded_file')
    .values({
      module_id: moduleId,
      pipeline_id: pipelineId,
      original_name: name,
      stored_path: '',
      size_bytes: 1,
      content_sha256: sha256,
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name, sha256 };
}

const csv = () => ({ pipelineId, fileKind: 'csv' as const });

describe('precheckFile', () => {
  it('passes a file of an extension its kind takes, with no loaded twin', async () => {
    expect(await precheckFile(t.db, await addFile('Statement.DAT', 'a1', 'UPLOADED'), csv())).toEqual({ ok: true });
    const workbook = await addFile('book.xlsx', 'a2', 'UPLOADED');
    expect(await precheckFile(t.db, workbook, { pipelineId, fileKind: 'xlsx' })).toEqual({ ok: true });
  });

  it('refuses a file the upload limit cut short before anything else', async () => {
    const cut = { ...(await addFile('huge.xlsx', 'b1', 'UPLOADED')), truncatedAtBytes: 1024 };
    expect(await precheckFile(t.db, cut, csv())).toEqual({
      ok: false,
      kind: 'Invalid File Content',
      problem: 'The file is larger than the upload limit of 1024 bytes',
    });
  });

  it("refuses an extension the config's file kind does not take", async () => {
    expect(await precheckFile(t.db, await addFile('statement.xlsx', 'c1', 'UPLOADED'), csv())).toEqual({
      ok: false,
      kind: 'Invalid File Extension',
      problem: 'The pipeline takes .csv, .txt, .tsv, .psv, .dat files',
    });
    expect(
      await precheckFile(t.db, await addFile('statement.csv', 'c2', 'UPLOADED'), { pipelineId, fileKind: 'xlsx' }),
    ).toMatchObject({ problem: 'The pipeline takes .xlsx files' });
  });

  it('refuses the content of a loaded file first, then the name of one; never the file itself or an unloaded one', async () => {
    const loaded = await addFile('daily.csv', 'd1', 'FINISHED');
    await addFile('refused.csv', 'd2', 'INVALID');
    const sameContentAndName = await addFile('daily.csv', 'd1', 'UPLOADED');
    expect(await precheckFile(t.db, sameContentAndName, csv())).toEqual({
      ok: false,
      kind: 'Duplicate Records File',
      problem: `The same content was already loaded as file ${loaded.id}`,
    });
    expect(await precheckFile(t.db, await addFile('daily.csv', 'd3', 'UPLOADED'), csv())).toEqual({
      ok: false,
      kind: 'Duplicate File Name',
      problem: `A file named "daily.csv" was already loaded (file ${loaded.id})`,
    });
    expect(await precheckFile(t.db, await addFile('refused.csv', 'd2', 'UPLOADED'), csv())).toEqual({ ok: true });
    expect(await precheckFile(t.db, loaded, csv())).toEqual({ ok: true });
  });
});
