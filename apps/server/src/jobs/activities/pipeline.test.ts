import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addFilePipeline,
  createIngestEnv,
  fileRow,
  type IngestEnv,
  rowsOf,
  runFiles,
} from '@/ingest/ingest.test-helpers.ts';

let env: IngestEnv;
beforeAll(async () => {
  env = await createIngestEnv();
});
afterAll(async () => {
  await env?.close();
});

const bankColumns = [
  { name: 'reference', dataType: 'VARCHAR', isMoney: false },
  { name: 'value_date', dataType: 'DATE', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
  { name: 'count', dataType: 'INT', isMoney: false },
] as const;
const bankMappings = [
  { fileColumn: 'Reference', tableColumn: 'reference' },
  { fileColumn: 'Value Date', tableColumn: 'value_date', dateFormat: 'DD-MM-YYYY' },
  { fileColumn: 'Amount', tableColumn: 'amount' },
  { fileColumn: 'Count', tableColumn: 'count' },
] as const;

describe('runPipelineActivity', () => {
  it('loads every valid row typed and counts them when the file is clean', async () => {
    const p = await addFilePipeline(env, { columns: bankColumns, mappings: bankMappings });
    const out = await runFiles(env, p.pipelineId, [
      {
        name: 'bank.csv',
        content: 'Reference,Value Date,Amount,Count\r\nR1,05-10-2026,"1,234.50",3\r\nR2,29-02-2024,(12.25),-4\r\n',
      },
    ]);
    expect(out.error).toBeNull();
    expect(out.result).toEqual({
      counts: {
        files: 1,
        totalRows: 2,
        loadedRows: 2,
        invalidRows: 0,
        duplicateRows: 0,
        skippedRows: 0,
        rejectedFiles: 0,
      },
      status: 'COMPLETED',
    });
    const rows = await rowsOf<Record<string, unknown>>(env, p.table.table);
    expect(rows.map((r) => [r.reference, r.amount, r.count, r._row_no, r._recon_status])).toEqual([
      ['R1', '1234.5000', 3, 2, 'UNRECONCILED'],
      ['R2', '-12.2500', -4, 3, 'UNRECONCILED'],
    ]);
    const f = await fileRow(env, out.fileIds[0] as number);
    expect([f.status, f.upload_status, f.error_kind, f.total_rows, f.valid_rows]).toEqual([
      'FINISHED',
      'VALID',
      'No Error',
      2,
      2,
    ]);
  });
});
