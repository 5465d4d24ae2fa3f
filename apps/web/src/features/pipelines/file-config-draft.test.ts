import { PIPELINE_TEXTS, type TableColumn } from '@recon/contract';
import { describe, expect, it } from 'vitest';
import {
  type ConfigDraft,
  draftProblems,
  EMPTY_DRAFT,
  type MappingRow,
  mappingsFromHeader,
  toConfigRequest,
  withTableColumn,
} from '@/features/pipelines/file-config-draft';
import { guessDateFormat } from '@/features/pipelines/guess-date-format';

const COLUMNS: TableColumn[] = [
  { name: 'reference', type: 'VARCHAR', isMoney: false, isSystem: false },
  { name: 'value_date', type: 'DATE', isMoney: false, isSystem: false },
  { name: 'amount', type: 'DOUBLE', isMoney: true, isSystem: false },
];

describe('file upload config draft', () => {
  it('matches header names to table columns by their normalised name and guesses date formats', () => {
    const rows = mappingsFromHeader(
      ['Reference', 'Value Date', 'Narration', 'Amount'],
      COLUMNS,
      [],
      [
        ['BNK1', '01-10-2026', 'NEFT', '371.09'],
        ['BNK2', '02-10-2026', 'NEFT', '25569.42'],
      ],
    );

    expect(rows.map((r) => [r.fileColumn, r.tableColumn, r.dataType, r.dateFormat])).toEqual([
      ['Reference', 'reference', 'VARCHAR', null],
      ['Value Date', 'value_date', 'DATE', 'DD-MM-YYYY'],
      ['Narration', null, null, null],
      ['Amount', 'amount', 'DOUBLE', null],
    ]);
  });

  it('matches spelled-out words to the short forms of the table', () => {
    const columns: TableColumn[] = [
      { name: 'txn_id', type: 'VARCHAR', isMoney: false, isSystem: false },
      { name: 'txn_date', type: 'DATETIME', isMoney: false, isSystem: false },
    ];
    const rows = mappingsFromHeader(
      ['Transaction ID', 'Transaction Date'],
      columns,
      [],
      [['T1', '2026-10-10 03:47:43']],
    );
    expect(rows.map((r) => [r.tableColumn, r.dateFormat])).toEqual([
      ['txn_id', null],
      ['txn_date', 'YYYY-MM-DD HH:mm:ss'],
    ]);
  });

  it('keeps the mapping of a column it already knew when a new sample is read', () => {
    const before = mappingsFromHeader(['Ref No', 'Amount'], COLUMNS, []);
    const chosen = before.map((r) => (r.fileColumn === 'Ref No' ? withTableColumn(r, COLUMNS[0] ?? null) : r));

    const after = mappingsFromHeader(['ref no', 'Amount', 'Extra'], COLUMNS, chosen);

    expect(after.map((r) => r.tableColumn)).toEqual(['reference', 'amount', null]);
  });

  it('takes the data type from the table column and drops the date format for a non-date column', () => {
    const row: MappingRow = {
      key: 'k',
      fileColumn: 'Value Date',
      tableColumn: 'value_date',
      dataType: 'DATE',
      dateFormat: 'DD-MM-YYYY',
      isRequired: true,
    };
    expect(withTableColumn(row, COLUMNS[2] ?? null)).toMatchObject({
      tableColumn: 'amount',
      dataType: 'DOUBLE',
      dateFormat: null,
    });
    expect(withTableColumn(row, null)).toMatchObject({ tableColumn: null, dataType: null, isRequired: false });
  });

  it('guesses the date format every sample fits, day first when both readings fit', () => {
    expect(guessDateFormat(['2026-10-10 03:47:43', '2026-10-30 06:12:25'])).toBe('YYYY-MM-DD HH:mm:ss');
    expect(guessDateFormat(['2026-10-11', ''])).toBe('YYYY-MM-DD');
    expect(guessDateFormat(['05/06/2026'])).toBe('DD/MM/YYYY');
    expect(guessDateFormat(['12/31/2026'])).toBe('MM/DD/YYYY');
    expect(guessDateFormat(['07-Mar-2026'])).toBe('DD-MMM-YYYY');
    expect(guessDateFormat(['not a date'])).toBeNull();
  });

  it('sends only the connection fields of the chosen ingestion mode', () => {
    const draft: ConfigDraft = {
      ...EMPTY_DRAFT,
      ingestionMode: 'SFTP',
      connection: { bucket: 'old', host: ' sftp.bank.in ', port: 22, username: 'recon' },
      mappings: mappingsFromHeader(['Amount'], COLUMNS, []),
    };

    expect(toConfigRequest(draft)).toMatchObject({
      ingestionMode: 'SFTP',
      connection: { host: 'sftp.bank.in', port: 22, username: 'recon' },
      sheetName: null,
      mappings: [{ fileColumn: 'Amount', tableColumn: 'amount', dataType: 'DOUBLE', dateFormat: null }],
    });
    expect(toConfigRequest({ ...draft, ingestionMode: 'Upload' }).connection).toEqual({});
  });

  it('reports what it can before sending, in the server order', () => {
    const unmapped = mappingsFromHeader(['Narration'], COLUMNS, []);
    expect(draftProblems({ ...EMPTY_DRAFT, mappings: unmapped })[0]?.message).toBe(PIPELINE_TEXTS.mappingsRequired);

    const dateRow = withTableColumn(unmapped[0] as MappingRow, COLUMNS[1] ?? null);
    expect(draftProblems({ ...EMPTY_DRAFT, ingestionMode: 'AMAZON_S3', mappings: [dateRow] })).toEqual([
      { field: 'mappings.0.dateFormat', message: 'Table column "value_date" needs a date format' },
      { field: 'connection.bucket', message: PIPELINE_TEXTS.bucketRequired },
    ]);
  });
});
