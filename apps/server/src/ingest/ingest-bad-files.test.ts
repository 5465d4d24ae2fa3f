import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addFilePipeline,
  createIngestEnv,
  fileRow,
  type IngestEnv,
  type PipelineFixture,
  rowsOf,
  runFiles,
} from './ingest.test-helpers.ts';

let env: IngestEnv;
let csv: PipelineFixture;

const columns = [
  { name: 'reference', dataType: 'VARCHAR', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
  { name: 'narration', dataType: 'VARCHAR', isMoney: false },
] as const;
const mappings = [
  { fileColumn: 'Reference', tableColumn: 'reference' },
  { fileColumn: 'Amount', tableColumn: 'amount' },
  { fileColumn: 'Narration', tableColumn: 'narration' },
];

beforeAll(async () => {
  env = await createIngestEnv();
  csv = await addFilePipeline(env, { columns, mappings });
});
afterAll(async () => {
  await env?.close();
});

let n = 0;
/** Runs one file through the pipeline; answers the file's final record and what stayed in the tables. */
async function load(content: string | Buffer, name = `file-${++n}.csv`, p = csv) {
  const out = await runFiles(env, p.pipelineId, [{ name, content }]);
  const file = await fileRow(env, out.fileIds[0] as number);
  const rows = (await rowsOf(env, p.table.table)).filter((r) => r._file_id === file.id);
  const invalid = (await rowsOf(env, p.table.invalid)).filter((r) => r._file_id === file.id);
  return { out, file, rows, invalid };
}

function expectRefused(r: Awaited<ReturnType<typeof load>>, kind: string, message: string | RegExp) {
  expect(r.file.status).toBe('INVALID');
  expect(r.file.upload_status).toBe('INVALID');
  expect(r.file.error_kind).toBe(kind);
  if (typeof message === 'string') expect(r.file.error_message).toBe(message);
  else expect(r.file.error_message).toMatch(message);
  expect(r.rows).toEqual([]);
  expect(r.invalid).toEqual([]);
  expect(r.out.error).toContain(r.file.original_name);
}

describe('files that cannot be loaded', () => {
  it('refuses an empty file: no header', async () => {
    expectRefused(await load(''), 'Invalid File Content', 'The file has no header');
  });

  it('refuses a header without rows', async () => {
    expectRefused(await load('Reference,Amount,Narration\r\n'), 'Invalid File Content', 'The file has no rows');
  });

  it('refuses a header missing a configured column as Columns Deleted', async () => {
    expectRefused(
      await load('Reference,Narration\nR1,x\n'),
      'Columns Deleted',
      'Columns missing from the file: Amount',
    );
  });

  it('refuses malformed UTF-8 as Invalid File Content', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Reference,Amount,Narration\nR1,1.00,caf'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('\n'),
    ]);
    expectRefused(await load(bytes), 'Invalid File Content', /not UTF-8 text/);
  });

  it('refuses a record longer than 1 MiB with its line number', async () => {
    const long = `Reference,Amount,Narration\nR1,1.00,ok\nR2,2.00,${'x'.repeat(1024 * 1024 + 10)}\n`;
    expectRefused(await load(long), 'Invalid File Content', /longer than 1048576 bytes on line 3/);
  });

  it('refuses a record with a different number of columns, naming the line', async () => {
    expectRefused(
      await load('Reference,Amount,Narration\nR1,1.00\n'),
      'Invalid File Content',
      /different number of columns than the header on line 2/,
    );
  });

  it('refuses a quote that never closes', async () => {
    expectRefused(await load('Reference,Amount,Narration\nR1,1.00,"open\n'), 'Invalid File Content', /never closed/);
  });

  it('refuses a file whose extension is not the config file kind', async () => {
    expectRefused(
      await load('Reference,Amount,Narration\nR1,1,x\n', 'statement.xlsx'),
      'Invalid File Extension',
      'The pipeline takes .csv, .txt, .tsv, .psv, .dat files',
    );
  });

  it('refuses the same content loaded before as Duplicate Records File and the same name as Duplicate File Name', async () => {
    const content = 'Reference,Amount,Narration\nD1,1.00,first\n';
    const first = await load(content, 'daily.csv');
    expect(first.file.status).toBe('FINISHED');
    expectRefused(
      await load(content, 'daily-copy.csv'),
      'Duplicate Records File',
      `The same content was already loaded as file ${first.file.id}`,
    );
    expectRefused(
      await load('Reference,Amount,Narration\nD2,2.00,second\n', 'daily.csv'),
      'Duplicate File Name',
      `A file named "daily.csv" was already loaded (file ${first.file.id})`,
    );
  });
});

describe('files that load as written', () => {
  it('reads a BOM, CRLF line ends and quoted newlines', async () => {
    const r = await load('\ufeffReference,Amount,Narration\r\nR1,1.00,"two\r\nlines"\r\nR2,2.00,"say ""hi"""\r\n');
    expect(r.file.status).toBe('FINISHED');
    expect(r.rows.map((x) => [x.reference, x.narration, x._row_no])).toEqual([
      ['R1', 'two\r\nlines', 2],
      ['R2', 'say "hi"', 3],
    ]);
  });

  it('stores formula-looking cells as plain text', async () => {
    const r = await load(
      'Reference,Amount,Narration\n=SUM(A1:A9),1.00,"=HYPERLINK(""http://x"")"\n+cmd|calc,2.00,@risk\n',
    );
    expect(r.rows.map((x) => [x.reference, x.narration])).toEqual([
      ['=SUM(A1:A9)', '=HYPERLINK("http://x")'],
      ['+cmd|calc', '@risk'],
    ]);
  });

  it('keeps tabs and backslashes in values through COPY', async () => {
    const r = await load('Reference,Amount,Narration\nR\\1,1.00,"a\tb\\\\c"\n');
    expect(r.rows.map((x) => [x.reference, x.narration])).toEqual([['R\\1', 'a\tb\\\\c']]);
  });
});

describe('header layouts that still load by name', () => {
  it('loads reordered columns and records Column Order Changed', async () => {
    const r = await load('Narration,Reference,Amount\nhello,R1,5.00\n');
    expect([r.file.status, r.file.error_kind]).toEqual(['FINISHED', 'Column Order Changed']);
    expect(r.rows.map((x) => [x.reference, x.amount, x.narration])).toEqual([['R1', '5.0000', 'hello']]);
  });

  it('loads extra columns after the configured ones and records Additional Columns At End', async () => {
    const r = await load('Reference,Amount,Narration,Branch\nR1,5.00,hi,Pune\n');
    expect([r.file.status, r.file.error_kind]).toEqual(['FINISHED', 'Additional Columns At End']);
    expect(r.file.error_message).toContain('Branch');
    expect(r.rows).toHaveLength(1);
  });

  it('loads interleaved extra columns and records Additional Columns With Changed Order', async () => {
    const r = await load('Branch,Reference,Amount,Narration\nPune,R1,5.00,hi\n');
    expect([r.file.status, r.file.error_kind]).toEqual(['FINISHED', 'Additional Columns With Changed Order']);
    expect(r.rows.map((x) => x.reference)).toEqual(['R1']);
  });

  it('treats a configured column that nothing loads as expected, not as an extra', async () => {
    const p = await addFilePipeline(env, {
      columns,
      mappings: [...mappings, { fileColumn: 'Branch', tableColumn: null }],
    });
    const r = await load('Reference,Amount,Narration,Branch\nR1,5.00,hi,Pune\n', 'with-branch.csv', p);
    expect([r.file.status, r.file.error_kind]).toEqual(['FINISHED', 'No Error']);
  });
});
