import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankStatementWorkbook } from './fixtures/bank-statement-xlsx.ts';
import { addFilePipeline, createIngestEnv, fileRow, type IngestEnv, rowsOf, runFiles } from './ingest.test-helpers.ts';

// Files shaped as banks, card networks and marketplaces send them (fixtures/), each loaded end to end through
// the PIPE_LINE activity; values are checked to the paisa against figures worked out by hand from the files.

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

let env: IngestEnv;
beforeAll(async () => {
  env = await createIngestEnv();
});
afterAll(async () => {
  await env?.close();
});

const money = { dataType: 'DOUBLE', isMoney: true } as const;
const text = { dataType: 'VARCHAR', isMoney: false } as const;

describe('files as they are really sent', () => {
  it('loads a bank CSV below its preamble, skipping the closing-balance and disclaimer footer', async () => {
    const p = await addFilePipeline(env, {
      columns: [
        { name: 'txn_date', dataType: 'DATE', isMoney: false },
        { name: 'narration', ...text },
        { name: 'reference', ...text },
        { name: 'withdrawal', ...money },
        { name: 'deposit', ...money },
        { name: 'balance', ...money },
      ],
      headerRow: 5,
      skipRules: {
        patterns: [
          { column: 'Date', pattern: '^Closing Balance' },
          { column: null, pattern: 'computer generated' },
        ],
      },
      mappings: [
        { fileColumn: 'Date', tableColumn: 'txn_date', dateFormats: ['DD/MM/YY', 'DD/MM/YYYY'] },
        { fileColumn: 'Narration', tableColumn: 'narration' },
        { fileColumn: 'Chq./Ref.No.', tableColumn: 'reference' },
        { fileColumn: 'Value Dt', tableColumn: null },
        { fileColumn: 'Withdrawal Amt.', tableColumn: 'withdrawal' },
        { fileColumn: 'Deposit Amt.', tableColumn: 'deposit' },
        { fileColumn: 'Closing Balance', tableColumn: 'balance' },
      ],
    });
    const out = await runFiles(env, p.pipelineId, [
      { name: 'hdfc-statement-mar-2026.csv', content: fixture('hdfc-statement-mar-2026.csv') },
    ]);
    expect(out.error).toBeNull();
    expect(out.result?.status).toBe('COMPLETED');
    expect(out.result?.counts).toMatchObject({ totalRows: 5, loadedRows: 5, invalidRows: 0, skippedRows: 6 });
    const file = await fileRow(env, out.fileIds[0] as number);
    expect([file.status, file.error_kind, file.total_rows, file.skipped_rows]).toEqual(['FINISHED', 'No Error', 5, 6]);
    expect(file.skip_summary).toEqual([
      { reason: 'Rows above the header', count: 4 },
      { reason: 'Date matches ^Closing Balance', count: 1 },
      { reason: 'A column matches computer generated', count: 1 },
    ]);
    const rows = await rowsOf<Record<string, string | Date | null>>(env, p.table.table);
    expect(
      rows.map((r) => [
        (r.txn_date as Date).toISOString().slice(0, 10),
        r.reference,
        r.withdrawal,
        r.deposit,
        r.balance,
        r._row_no,
      ]),
    ).toEqual([
      ['2026-03-01', '0000AXISN5202603', null, '125000.0000', '125000.0000', 6],
      ['2026-03-02', '0000606123456789', '499.5000', null, '124500.5000', 7],
      ['2026-03-05', '0000HDFCN5202603', null, '12345.6700', '136846.1700', 8],
      ['2026-03-15', '000123', '16846.1700', null, '120000.0000', 9],
      ['2026-03-31', null, null, '0.5000', '120000.5000', 10],
    ]);
  });

  it('loads a headerless pipe-delimited .txt by column number, keeping leading zeros and reading paise as rupees', async () => {
    const p = await addFilePipeline(env, {
      columns: [
        { name: 'rrn', ...text },
        { name: 'txn_date', dataType: 'DATE', isMoney: false },
        { name: 'amount', ...money },
        { name: 'ifsc', ...text },
      ],
      delimiter: '|',
      hasHeader: false,
      mappings: [
        { fileColumn: 'RRN', tableColumn: 'rrn', columnNumber: 1 },
        { fileColumn: 'Date', tableColumn: 'txn_date', columnNumber: 2, dateFormats: ['YYYYMMDD'] },
        { fileColumn: 'Amount (paise)', tableColumn: 'amount', columnNumber: 3, numberFormat: { scale: 2 } },
        { fileColumn: 'IFSC', tableColumn: 'ifsc', columnNumber: 5 },
      ],
    });
    const out = await runFiles(env, p.pipelineId, [
      { name: 'upi-settlement-20260331.txt', content: fixture('upi-settlement-20260331.txt') },
    ]);
    expect(out.error).toBeNull();
    expect(out.result?.status).toBe('COMPLETED');
    const file = await fileRow(env, out.fileIds[0] as number);
    expect([file.status, file.total_rows, file.valid_rows, file.skipped_rows]).toEqual(['FINISHED', 3, 3, 0]);
    const rows = await rowsOf<Record<string, string | Date>>(env, p.table.table);
    expect(
      rows.map((r) => [r.rrn, (r.txn_date as Date).toISOString().slice(0, 10), r.amount, r.ifsc, r._row_no]),
    ).toEqual([
      ['000123456789', '2026-03-01', '123.4500', 'SBIN0001234', 1],
      ['001234567890', '2026-03-02', '0.5000', 'HDFC0000001', 2],
      ['000000000042', '2026-03-31', '10000.0000', 'ICIC0000002', 3],
    ]);
  });

  it('loads a fixed-width .dat below its header record, skipping the trailer, with Dr / Cr amounts in paise', async () => {
    const p = await addFilePipeline(env, {
      columns: [
        { name: 'rrn', ...text },
        { name: 'settled_on', dataType: 'DATE', isMoney: false },
        { name: 'amount', ...money },
      ],
      fileKind: 'fixed_width',
      hasHeader: false,
      headerRow: 2,
      skipRules: { patterns: [{ column: 'Record type', pattern: '^T$' }] },
      mappings: [
        { fileColumn: 'Record type', tableColumn: null, start: 1, length: 1 },
        { fileColumn: 'RRN', tableColumn: 'rrn', start: 2, length: 12 },
        { fileColumn: 'Settled on', tableColumn: 'settled_on', start: 14, length: 8, dateFormats: ['YYYYMMDD'] },
        {
          fileColumn: 'Amount',
          tableColumn: 'amount',
          start: 22,
          length: 13,
          numberFormat: { scale: 2, drCr: 'drNegative' },
        },
      ],
    });
    const out = await runFiles(env, p.pipelineId, [
      { name: 'card-settlement-20260331.dat', content: fixture('card-settlement-20260331.dat') },
    ]);
    expect(out.error).toBeNull();
    expect(out.result?.status).toBe('COMPLETED');
    const file = await fileRow(env, out.fileIds[0] as number);
    expect([file.status, file.error_kind, file.total_rows, file.skipped_rows]).toEqual(['FINISHED', 'No Error', 3, 2]);
    expect(file.error_message).toMatch(/^2 rows skipped by the config's skip rules(\.|$)/);
    expect(file.skip_summary).toEqual([
      { reason: 'Rows above the first row', count: 1 },
      { reason: 'Record type matches ^T$', count: 1 },
    ]);
    const rows = await rowsOf<Record<string, string | Date>>(env, p.table.table);
    expect(rows.map((r) => [r.rrn, (r.settled_on as Date).toISOString().slice(0, 10), r.amount, r._row_no])).toEqual([
      ['000123456789', '2026-03-01', '-123.4500', 2],
      ['000987654321', '2026-03-02', '1000.0000', 3],
      ['010000000000', '2026-03-31', '-0.9900', 4],
    ]);
  });

  it('loads a bank XLSX below its preamble with mixed date formats and Indian grouping, skipping the footer rows', async () => {
    const p = await addFilePipeline(env, {
      columns: [
        { name: 'value_date', dataType: 'DATE', isMoney: false },
        { name: 'remarks', ...text },
        { name: 'withdrawal', ...money },
        { name: 'deposit', ...money },
        { name: 'balance', ...money },
      ],
      fileKind: 'xlsx',
      headerRow: 4,
      skipRules: { bottomRows: 2 },
      mappings: [
        { fileColumn: 'S No.', tableColumn: null },
        { fileColumn: 'Value Date', tableColumn: 'value_date', dateFormats: ['DD/MM/YY', 'DD/MM/YYYY'] },
        { fileColumn: 'Transaction Remarks', tableColumn: 'remarks' },
        { fileColumn: 'Withdrawal Amount (INR )', tableColumn: 'withdrawal', numberFormat: { grouping: 'indian' } },
        { fileColumn: 'Deposit Amount (INR )', tableColumn: 'deposit', numberFormat: { grouping: 'indian' } },
        { fileColumn: 'Balance (INR )', tableColumn: 'balance', numberFormat: { grouping: 'indian' } },
      ],
    });
    const out = await runFiles(env, p.pipelineId, [
      { name: 'OpTransactionHistory.xlsx', content: await bankStatementWorkbook() },
    ]);
    expect(out.error).toBeNull();
    expect(out.result?.status).toBe('COMPLETED');
    const file = await fileRow(env, out.fileIds[0] as number);
    expect([file.status, file.error_kind, file.total_rows, file.skipped_rows]).toEqual(['FINISHED', 'No Error', 4, 5]);
    expect(file.skip_summary).toEqual([
      { reason: 'Rows above the header', count: 3 },
      { reason: 'Rows at the bottom', count: 2 },
    ]);
    const rows = await rowsOf<Record<string, string | Date | null>>(env, p.table.table);
    expect(
      rows.map((r) => [
        (r.value_date as Date).toISOString().slice(0, 10),
        r.withdrawal,
        r.deposit,
        r.balance,
        r._row_no,
      ]),
    ).toEqual([
      ['2026-03-03', null, '250000.0000', '250000.0000', 5],
      ['2026-03-04', '1499.9900', null, '248500.0100', 6],
      ['2026-03-07', '12000.0100', null, '236500.0000', 7],
      ['2026-03-31', null, '0.4500', '236500.4500', 8],
    ]);
  });

  it('loads an Amazon settlement .txt (tab-delimited), skipping its summary row, and sums to the settlement total', async () => {
    const p = await addFilePipeline(env, {
      columns: [
        { name: 'settlement_id', ...text },
        { name: 'transaction_type', ...text },
        { name: 'order_id', ...text },
        { name: 'amount_description', ...text },
        { name: 'amount', ...money },
        { name: 'posted_date', dataType: 'DATE', isMoney: false },
      ],
      delimiter: '\t',
      skipRules: { blankColumns: ['transaction-type'] },
      mappings: [
        { fileColumn: 'settlement-id', tableColumn: 'settlement_id' },
        { fileColumn: 'transaction-type', tableColumn: 'transaction_type' },
        { fileColumn: 'order-id', tableColumn: 'order_id' },
        { fileColumn: 'amount-description', tableColumn: 'amount_description' },
        { fileColumn: 'amount', tableColumn: 'amount' },
        { fileColumn: 'posted-date', tableColumn: 'posted_date', dateFormats: ['DD.MM.YYYY'] },
      ],
    });
    const out = await runFiles(env, p.pipelineId, [
      { name: 'amazon-settlement-11223344556.txt', content: fixture('amazon-settlement-11223344556.txt') },
    ]);
    expect(out.error).toBeNull();
    expect(out.result?.status).toBe('COMPLETED');
    const file = await fileRow(env, out.fileIds[0] as number);
    expect([file.status, file.total_rows, file.valid_rows, file.skipped_rows]).toEqual(['FINISHED', 9, 9, 1]);
    expect(file.skip_summary).toEqual([{ reason: 'transaction-type is blank', count: 1 }]);
    // The note the run drawer shows counts in words that agree: one row, not "1 rows".
    expect(file.error_message).toMatch(/^1 row skipped by the config's skip rules(\.|$)/);
    const sum = await env.database.pool.query<{ total: string; refunds: string }>(
      `SELECT sum(amount)::text AS total, sum(amount) FILTER (WHERE transaction_type = 'Refund')::text AS refunds
       FROM ${p.table.table}`,
    );
    // The summary row's total-amount (1,364.00) is the sum of the components.
    expect(sum.rows[0]).toEqual({ total: '1364.0000', refunds: '-230.0000' });
  });

  it('rejects a file whose dates are in another format, and says why per column with counts and samples', async () => {
    const p = await addFilePipeline(env, {
      columns: [
        { name: 'order_id', ...text },
        { name: 'amount', ...money },
        { name: 'posted_date', dataType: 'DATE', isMoney: false },
      ],
      delimiter: '\t',
      skipRules: { blankColumns: ['transaction-type'] },
      limits: { invalid: { value: '0', unit: 'COUNT' } },
      mappings: [
        { fileColumn: 'transaction-type', tableColumn: null },
        { fileColumn: 'order-id', tableColumn: 'order_id' },
        { fileColumn: 'amount', tableColumn: 'amount' },
        { fileColumn: 'posted-date', tableColumn: 'posted_date', dateFormats: ['YYYY-MM-DD'] },
      ],
    });
    const out = await runFiles(env, p.pipelineId, [
      { name: 'amazon-settlement-11223344556.txt', content: fixture('amazon-settlement-11223344556.txt') },
    ]);
    expect(out.error).toContain(
      "posted_date: 9 rows not a valid date in format YYYY-MM-DD, e.g. '02.03.2026', '10.03.2026'",
    );
    const file = await fileRow(env, out.fileIds[0] as number);
    expect([file.status, file.error_kind, file.total_rows, file.invalid_rows, file.skipped_rows]).toEqual([
      'REJECTED',
      'File Contains Invalid Records',
      9,
      9,
      1,
    ]);
    expect(file.rejection_summary?.reasons).toEqual([
      {
        column: 'posted_date',
        problem: 'not a valid date in format YYYY-MM-DD',
        count: 9,
        samples: ['02.03.2026', '10.03.2026'],
      },
    ]);
    expect(file.rejection_summary?.firstRows[0]).toEqual({
      rowNo: 3,
      reasons: ['posted_date: not a valid date in format YYYY-MM-DD'],
      values: { order_id: '403-1234567-1234567', amount: '1,000.00', posted_date: '02.03.2026' },
    });
    expect(file.rejection_summary?.firstRows).toHaveLength(9);
    expect(await rowsOf(env, p.table.table)).toEqual([]);
  });

  it('keeps the counts of the files that loaded on a failed activity', async () => {
    const p = await addFilePipeline(env, {
      columns: [
        { name: 'reference', ...text },
        { name: 'amount', ...money },
      ],
      limits: { invalid: { value: '0', unit: 'COUNT' } },
      mappings: [
        { fileColumn: 'Reference', tableColumn: 'reference' },
        { fileColumn: 'Amount', tableColumn: 'amount' },
      ],
    });
    const out = await runFiles(env, p.pipelineId, [
      { name: 'good.csv', content: 'Reference,Amount\nR1,10.50\nR2,(2.25)\n' },
      { name: 'bad.csv', content: 'Reference,Amount\nR3,ten\n' },
    ]);
    expect(out.error).toContain('1 of 2 files');
    // The runner stores what the failure carries on the failed activity: the good file stays loaded and counted.
    expect(out.failureCounts).toEqual({
      files: 2,
      totalRows: 3,
      loadedRows: 2,
      invalidRows: 1,
      duplicateRows: 0,
      skippedRows: 0,
      rejectedFiles: 1,
    });
    expect((await rowsOf(env, p.table.table)).map((r) => r.amount)).toEqual(['10.5000', '-2.2500']);
  });
});
