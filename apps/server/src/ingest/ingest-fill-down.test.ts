import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFilePipeline, createIngestEnv, fileRow, type IngestEnv, rowsOf, runFiles } from './ingest.test-helpers.ts';

// Fill down: a column a file fills only on a summary or group row (Amazon's deposit date, a bank's value date on
// the first line of a group) is carried onto the rows below it, even when a skip rule takes the summary row out.

let env: IngestEnv;
beforeAll(async () => {
  env = await createIngestEnv();
});
afterAll(async () => {
  await env?.close();
});

const amazon = readFileSync(join(import.meta.dirname, 'fixtures', 'amazon-settlement-11223344556.txt'));
const columns = [
  { name: 'settlement_id', dataType: 'VARCHAR', isMoney: false },
  { name: 'deposit_date', dataType: 'DATE', isMoney: false },
  { name: 'transaction_type', dataType: 'VARCHAR', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
] as const;
const mappings = (fillDown: boolean) => [
  { fileColumn: 'settlement-id', tableColumn: 'settlement_id' },
  {
    fileColumn: 'deposit-date',
    tableColumn: 'deposit_date',
    dateFormats: ['DD.MM.YYYY HH:mm:ss [UTC]'],
    fillDown,
  },
  { fileColumn: 'transaction-type', tableColumn: 'transaction_type' },
  { fileColumn: 'amount', tableColumn: 'amount' },
];

describe('fill down', () => {
  it("carries the skipped summary row's deposit date onto every component row", async () => {
    const p = await addFilePipeline(env, {
      columns,
      delimiter: '\t',
      skipRules: { blankColumns: ['transaction-type'] },
      mappings: mappings(true),
    });
    const out = await runFiles(env, p.pipelineId, [{ name: 'settlement-fill.txt', content: amazon }]);
    expect(out.error).toBeNull();
    const file = await fileRow(env, out.fileIds[0] as number);
    // The summary row stays skipped (counted as such), it only hands its date down.
    expect([file.status, file.total_rows, file.invalid_rows, file.skipped_rows]).toEqual(['FINISHED', 9, 0, 1]);
    const rows = await rowsOf<{ deposit_date: Date | null; _row_no: number }>(env, p.table.table);
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((r) => r.deposit_date?.toISOString().slice(0, 10)))).toEqual(new Set(['2026-03-17']));
  });

  it('leaves the cells blank without fill down, and keeps a value a row has of its own', async () => {
    const without = await addFilePipeline(env, {
      columns,
      delimiter: '\t',
      skipRules: { blankColumns: ['transaction-type'] },
      mappings: mappings(false),
    });
    await runFiles(env, without.pipelineId, [{ name: 'settlement-plain.txt', content: amazon }]);
    const plain = await rowsOf<{ deposit_date: Date | null }>(env, without.table.table);
    expect(plain.map((r) => r.deposit_date)).toEqual(Array(9).fill(null));

    const own = await addFilePipeline(env, {
      columns: [
        { name: 'value_date', dataType: 'DATE', isMoney: false },
        { name: 'reference', dataType: 'VARCHAR', isMoney: false },
      ],
      mappings: [
        { fileColumn: 'Date', tableColumn: 'value_date', dateFormats: ['DD/MM/YYYY'], fillDown: true },
        { fileColumn: 'Ref', tableColumn: 'reference' },
      ],
    });
    const out = await runFiles(env, own.pipelineId, [
      { name: 'grouped.csv', content: 'Date,Ref\n,R0\n05/03/2026,R1\n,R2\n07/03/2026,R3\n,R4\n' },
    ]);
    expect(out.error).toBeNull();
    const rows = await rowsOf<{ value_date: Date | null; reference: string }>(env, own.table.table);
    // Nothing above R0 to take: it stays blank.
    expect(rows.map((r) => [r.reference, r.value_date?.toISOString().slice(0, 10) ?? null])).toEqual([
      ['R0', null],
      ['R1', '2026-03-05'],
      ['R2', '2026-03-05'],
      ['R3', '2026-03-07'],
      ['R4', '2026-03-07'],
    ]);
  });
});
