import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipelineActivity } from '@/jobs/activities/pipeline.ts';
import { addFilePipeline, createIngestEnv, fileRow, type IngestEnv, rowsOf, runFiles } from './ingest.test-helpers.ts';
import { pipelineRun } from './test-fixtures.ts';

let env: IngestEnv;
beforeAll(async () => {
  env = await createIngestEnv();
});
afterAll(async () => {
  await env?.close();
});

const ledger = [
  { name: 'reference', dataType: 'VARCHAR', isMoney: false, maxLength: 8 },
  { name: 'value_date', dataType: 'DATE', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
  { name: 'units', dataType: 'INT', isMoney: false },
  { name: 'rate', dataType: 'FLOAT', isMoney: false },
] as const;
const ledgerMappings = [
  { fileColumn: 'ref', tableColumn: 'reference', isRequired: true },
  { fileColumn: 'date', tableColumn: 'value_date', dateFormat: 'DD-MM-YYYY' },
  { fileColumn: 'amount', tableColumn: 'amount' },
  { fileColumn: 'units', tableColumn: 'units' },
  { fileColumn: 'rate', tableColumn: 'rate' },
] as const;
const header = 'ref,date,amount,units,rate\n';

describe('typed loading', () => {
  it('sends each failing row to the invalid table with its reasons and loads the rest (PARTIALLY_COMPLETED)', async () => {
    const p = await addFilePipeline(env, { columns: ledger, mappings: ledgerMappings });
    const out = await runFiles(env, p.pipelineId, [
      {
        name: 'mixed.csv',
        content: `${header}A1,05-10-2026,"12,34,567.50",7,1.5e2\n,31-04-2026,abc,2.5,x\nTOOLONGREF,30-02-2026,(10),99999999999,\nA4,29-02-2024,-0.10,,\n`,
      },
    ]);
    expect(out.error).toBeNull();
    expect(out.result).toEqual({
      counts: {
        files: 1,
        totalRows: 4,
        loadedRows: 2,
        invalidRows: 2,
        duplicateRows: 0,
        skippedRows: 0,
        rejectedFiles: 0,
      },
      status: 'PARTIALLY_COMPLETED',
    });
    const rows = await rowsOf(env, p.table.table);
    expect(
      rows.map((r) => [r.reference, (r.value_date as Date).toISOString().slice(0, 10), r.amount, r.units, r.rate]),
    ).toEqual([
      ['A1', '2026-10-05', '1234567.5000', 7, 150],
      ['A4', '2024-02-29', '-0.1000', null, null],
    ]);
    const invalid = await rowsOf(env, p.table.invalid);
    expect(invalid.map((r) => [r._row_no, r._reasons, r.reference, r.amount])).toEqual([
      [
        3,
        [
          'reference: is required',
          'value_date: not a valid date in format DD-MM-YYYY',
          'amount: not an amount',
          'units: not a whole number in the INT range',
          'rate: not a number',
        ],
        null,
        'abc',
      ],
      [
        4,
        [
          'reference: longer than 8 characters',
          'value_date: not a valid date in format DD-MM-YYYY',
          'units: not a whole number in the INT range',
        ],
        'TOOLONGREF',
        '(10)',
      ],
    ]);
    const f = await fileRow(env, out.fileIds[0] as number);
    expect([f.status, f.error_kind, f.total_rows, f.valid_rows, f.invalid_rows]).toEqual([
      'FINISHED',
      'File Contains Invalid Records',
      4,
      2,
      2,
    ]);
  });

  it('keeps every invalid row of a file whose invalid rows outgrow memory (they go through a temporary file)', async () => {
    const p = await addFilePipeline(env, { columns: ledger, mappings: ledgerMappings });
    const rows = 40_000;
    const lines = Array.from({ length: rows }, (_, i) => `B${i},01-01-2026,${i % 2 ? `bad${'x'.repeat(200)}` : i},,`);
    const out = await runFiles(env, p.pipelineId, [
      { name: 'many-invalid.csv', content: `${header}${lines.join('\n')}\n` },
    ]);
    expect(out.result?.counts).toMatchObject({ totalRows: rows, loadedRows: rows / 2, invalidRows: rows / 2 });
    const invalid = await env.database.pool.query(
      `SELECT count(*)::int AS n, min(_row_no) AS first, max(_row_no) AS last FROM ${p.table.invalid}`,
    );
    expect(invalid.rows[0]).toEqual({ n: rows / 2, first: 3, last: rows + 1 });
  });

  it('stores money exactly: 0.1 + 0.2 sums to 0.3000, never through a float', async () => {
    const p = await addFilePipeline(env, { columns: ledger, mappings: ledgerMappings });
    await runFiles(env, p.pipelineId, [
      {
        name: 'money.csv',
        content: `${header}M1,01-01-2026,0.1,,\nM2,01-01-2026,0.2,,\nM3,01-01-2026,1234567890123.45675,,\n`,
      },
    ]);
    const sum = await env.database.pool.query(
      `SELECT sum(amount)::text AS s, max(amount)::text AS m FROM ${p.table.table} WHERE reference IN ('M1','M2')`,
    );
    expect(sum.rows[0]).toEqual({ s: '0.3000', m: '0.2000' });
    const big = await env.database.pool.query(`SELECT amount::text AS a FROM ${p.table.table} WHERE reference = 'M3'`);
    expect(big.rows[0].a).toBe('1234567890123.4568');
  });

  it('reads every date format of the contract and refuses impossible dates', async () => {
    const cases = [
      ['DD-MM-YYYY', '5-1-2026', '2026-01-05T00:00:00'],
      ['YYYY-MM-DD', '2026-01-05', '2026-01-05T00:00:00'],
      ['DD/MM/YYYY', '05/01/2026', '2026-01-05T00:00:00'],
      ['MM/DD/YYYY', '01/05/2026', '2026-01-05T00:00:00'],
      ['DD-MMM-YYYY', '05-jan-2026', '2026-01-05T00:00:00'],
      ['DD/MM/YY', '05/01/69', '2069-01-05T00:00:00'],
      ['YYYY-MM-DD HH:mm:ss', '2026-01-05 23:59:58', '2026-01-05T23:59:58'],
      ['DD-MM-YYYY HH:mm:ss', '05-01-2026 07:08:09', '2026-01-05T07:08:09'],
      ['DD/MM/YYYY HH:mm', '05/01/2026 07:08', '2026-01-05T07:08:00'],
      ['ISO', '2026-01-05T10:00:00+05:30', '2026-01-05T04:30:00'],
    ] as const;
    for (const [format, text, expected] of cases) {
      const p = await addFilePipeline(env, {
        columns: [{ name: 'at', dataType: 'DATETIME', isMoney: false }],
        mappings: [{ fileColumn: 'at', dateFormat: format }],
      });
      const out = await runFiles(env, p.pipelineId, [{ name: 'dates.csv', content: `at\n${text}\n2026-13-45\n` }]);
      const rows = await env.database.pool.query(
        `SELECT to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS') AS at FROM ${p.table.table}`,
      );
      expect([format, rows.rows.map((r) => r.at)]).toEqual([format, [expected]]);
      expect(out.result?.counts.invalidRows).toBe(1);
    }
  });
});

describe('limits of the data source', () => {
  const content = `${header}L1,01-01-2026,1,,\nL2,01-01-2026,x,,\nL3,01-01-2026,y,,\nL4,01-01-2026,4,,\n`;

  it('rejects a file over the invalid limit by COUNT and keeps nothing of it', async () => {
    const p = await addFilePipeline(env, {
      columns: ledger,
      mappings: ledgerMappings,
      limits: { invalid: { value: '1', unit: 'COUNT' } },
    });
    const out = await runFiles(env, p.pipelineId, [{ name: 'count.csv', content }]);
    expect(out.error).toMatch(
      /1 of 1 files of pipeline .* were not loaded\. count\.csv: REJECTED — File Contains Invalid Records: 2 of 4 rows are invalid, over the limit of 1 rows/,
    );
    expect(await rowsOf(env, p.table.table)).toEqual([]);
    expect(await rowsOf(env, p.table.invalid)).toEqual([]);
    const f = await fileRow(env, out.fileIds[0] as number);
    expect([f.status, f.upload_status, f.total_rows, f.valid_rows, f.invalid_rows]).toEqual([
      'REJECTED',
      'INVALID',
      4,
      0,
      2,
    ]);
  });

  it('rejects a file over the invalid limit by PERCENTAGE, and loads one at the limit', async () => {
    const over = await addFilePipeline(env, {
      columns: ledger,
      mappings: ledgerMappings,
      limits: { invalid: { value: '49.99', unit: 'PERCENTAGE' } },
    });
    expect((await runFiles(env, over.pipelineId, [{ name: 'pct.csv', content }])).error).toMatch(
      /over the limit of 49\.99% of the file's rows/,
    );
    expect(await rowsOf(env, over.table.table)).toEqual([]);
    const at = await addFilePipeline(env, {
      columns: ledger,
      mappings: ledgerMappings,
      limits: { invalid: { value: '50', unit: 'PERCENTAGE' } },
    });
    const ok = await runFiles(env, at.pipelineId, [{ name: 'pct.csv', content }]);
    expect(ok.result?.counts.loadedRows).toBe(2);
  });

  it('rejects a file over the duplicate limit and keeps nothing of it', async () => {
    const p = await addFilePipeline(env, {
      columns: ledger,
      mappings: ledgerMappings,
      duplicateKeys: ['reference'],
      limits: { duplicate: { value: '0', unit: null } },
    });
    const out = await runFiles(env, p.pipelineId, [
      { name: 'dups.csv', content: `${header}D1,01-01-2026,1,,\nD1,01-01-2026,1,,\n` },
    ]);
    expect(out.error).toMatch(
      /REJECTED — Duplicate Records File: 1 of 2 rows are duplicates, over the limit of 0 rows/,
    );
    expect(await rowsOf(env, p.table.table)).toEqual([]);
  });
});

describe('duplicates and retries', () => {
  it('marks rows DUPLICATE within the file and against rows already in the table', async () => {
    const p = await addFilePipeline(env, {
      columns: ledger,
      mappings: ledgerMappings,
      duplicateKeys: ['reference', 'amount'],
    });
    await runFiles(env, p.pipelineId, [
      { name: 'day1.csv', content: `${header}K1,01-01-2026,10,,\nK2,01-01-2026,20,,\n` },
    ]);
    const out = await runFiles(env, p.pipelineId, [
      {
        name: 'day2.csv',
        content: `${header}K1,02-01-2026,10.00,,\nK3,02-01-2026,30,,\nK3,02-01-2026,30,,\nK2,02-01-2026,21,,\n,02-01-2026,5,,\n`,
      },
    ]);
    expect(out.result?.counts).toMatchObject({ totalRows: 5, loadedRows: 4, duplicateRows: 2, invalidRows: 1 });
    const day2 = (await rowsOf(env, p.table.table)).filter((r) => r._file_id === out.fileIds[0]);
    expect(day2.map((r) => [r.reference, r._row_no, r._recon_status])).toEqual([
      ['K1', 2, 'DUPLICATE'],
      ['K3', 3, 'UNRECONCILED'],
      ['K3', 4, 'DUPLICATE'],
      ['K2', 5, 'UNRECONCILED'],
    ]);
  });

  it('loads each file exactly once when the activity runs again, and fails again for a rejected file', async () => {
    const p = await addFilePipeline(env, { columns: ledger, mappings: ledgerMappings });
    const out = await runFiles(env, p.pipelineId, [
      { name: 'once.csv', content: `${header}E1,01-01-2026,1,,\n` },
      { name: 'broken.csv', content: 'ref\nE2\n' },
    ]);
    expect(out.error).toMatch(/broken\.csv: INVALID — Columns Deleted/);
    const execution = await env.database.db
      .selectFrom('activity_execution')
      .select(['id', 'job_execution_id'])
      .where('job_execution_id', '=', out.jobExecutionId)
      .executeTakeFirstOrThrow();
    const job = await env.database.db
      .selectFrom('job_execution')
      .select('job_id')
      .where('id', '=', out.jobExecutionId)
      .executeTakeFirstOrThrow();
    const retry = pipelineRun(env.moduleId, p.pipelineId, {
      jobId: job.job_id,
      jobExecutionId: out.jobExecutionId,
      activityExecutionId: execution.id,
    });
    await expect(runPipelineActivity(env.ctx, { ...retry, attempt: 2 })).rejects.toThrow(/broken\.csv/);
    expect((await rowsOf(env, p.table.table)).map((r) => r.reference)).toEqual(['E1']);
  });

  it('leaves nothing of a file whose load fails midway, and loads it once on the retry', async () => {
    const p = await addFilePipeline(env, { columns: ledger, mappings: ledgerMappings });
    // The valid rows are inserted first; failing the invalid-rows insert afterwards stands in for a crash.
    await env.database.pool.query(
      `CREATE FUNCTION ${p.table.invalid.replace('"', '"fail_')}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await env.database.pool.query(
      `CREATE TRIGGER fail_midway BEFORE INSERT ON ${p.table.invalid} FOR EACH ROW EXECUTE FUNCTION ${p.table.invalid.replace('"', '"fail_')}()`,
    );
    const out = await runFiles(env, p.pipelineId, [
      { name: 'midway.csv', content: `${header}C1,01-01-2026,1,,\nC2,01-01-2026,bad,,\n` },
    ]);
    expect(out.error).toMatch(/disk full/);
    expect(await rowsOf(env, p.table.table)).toEqual([]);
    expect((await fileRow(env, out.fileIds[0] as number)).status).toBe('UPLOADED');
    const staging = await env.database.pool.query(
      `SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'stg_file_%'`,
    );
    expect(staging.rows[0].n).toBe(0);

    await env.database.pool.query(`DROP TRIGGER fail_midway ON ${p.table.invalid}`);
    const execution = await env.database.db
      .selectFrom('activity_execution')
      .select('id')
      .where('job_execution_id', '=', out.jobExecutionId)
      .executeTakeFirstOrThrow();
    const job = await env.database.db
      .selectFrom('job_execution')
      .select('job_id')
      .where('id', '=', out.jobExecutionId)
      .executeTakeFirstOrThrow();
    const retry = pipelineRun(env.moduleId, p.pipelineId, {
      jobId: job.job_id,
      jobExecutionId: out.jobExecutionId,
      activityExecutionId: execution.id,
    });
    await runPipelineActivity(env.ctx, retry);
    await runPipelineActivity(env.ctx, retry);
    expect((await rowsOf(env, p.table.table)).map((r) => r.reference)).toEqual(['C1']);
    expect((await rowsOf(env, p.table.invalid)).map((r) => r.reference)).toEqual(['C2']);
  });

  it('fails the activity with a clear message for a pipeline that cannot load files', async () => {
    const p = await addFilePipeline(env, { columns: ledger, mappings: ledgerMappings });
    await env.database.db.updateTable('pipeline').set({ source: 'RAZORPAY' }).where('id', '=', p.pipelineId).execute();
    const out = await runFiles(env, p.pipelineId, []);
    expect(out.error).toMatch(/reads from RAZORPAY: only FILE pipelines load files/);
  });
});
