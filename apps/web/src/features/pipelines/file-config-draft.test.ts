import type { TableColumn } from '@recon/contract';
import { PIPELINE_TEXTS } from '@recon/contract/texts';
import { describe, expect, it } from 'vitest';
import {
  type ConfigDraft,
  draftProblems,
  EMPTY_DRAFT,
  emptyRow,
  type MappingRow,
  mappingsFromHeader,
  previewSettingsOf,
  proposedDateFormats,
  toConfigRequest,
  withTableColumn,
} from '@/features/pipelines/file-config-draft';

const COLUMNS: TableColumn[] = [
  { name: 'reference', type: 'VARCHAR', isMoney: false, isSystem: false },
  { name: 'value_date', type: 'DATE', isMoney: false, isSystem: false },
  { name: 'amount', type: 'DOUBLE', isMoney: true, isSystem: false },
];

describe('file upload config draft', () => {
  it('matches header names to table columns by their normalised name and proposes date formats', () => {
    const rows = mappingsFromHeader(
      ['Reference', 'Value Date', 'Narration', 'Amount'],
      COLUMNS,
      [],
      [
        ['BNK1', '01-10-2026', 'NEFT', '371.09'],
        ['BNK2', '02-10-2026', 'NEFT', '25569.42'],
      ],
    );

    expect(rows.map((r) => [r.fileColumn, r.tableColumn, r.dataType, r.dateFormats])).toEqual([
      ['Reference', 'reference', 'VARCHAR', []],
      ['Value Date', 'value_date', 'DATE', ['DD-MM-YYYY']],
      ['Narration', null, null, []],
      ['Amount', 'amount', 'DOUBLE', []],
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
    expect(rows.map((r) => [r.tableColumn, r.dateFormats])).toEqual([
      ['txn_id', []],
      ['txn_date', ['YYYY-MM-DD HH:mm:ss']],
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
      ...emptyRow('Value Date'),
      tableColumn: 'value_date',
      dataType: 'DATE',
      dateFormats: ['DD-MM-YYYY'],
      isRequired: true,
    };
    expect(withTableColumn(row, COLUMNS[2] ?? null)).toMatchObject({
      tableColumn: 'amount',
      dataType: 'DOUBLE',
      dateFormats: [],
    });
    expect(withTableColumn(row, null)).toMatchObject({ tableColumn: null, dataType: null, isRequired: false });
  });

  it('proposes the one date pattern the samples fit, and none when two read them as different dates', () => {
    expect(proposedDateFormats(['2026-10-10 03:47:43', '2026-10-30 06:12:25'])).toEqual(['YYYY-MM-DD HH:mm:ss']);
    expect(proposedDateFormats(['2026-10-11', ''])).toEqual(['YYYY-MM-DD']);
    expect(proposedDateFormats(['25/06/2026'])).toEqual(['DD/MM/YYYY']);
    expect(proposedDateFormats(['12/31/2026'])).toEqual(['MM/DD/YYYY']);
    expect(proposedDateFormats(['07-Mar-2026'])).toEqual(['DD-MMM-YYYY']);
    expect(proposedDateFormats(['20260331'])).toEqual(['YYYYMMDD']);
    // 05/06/2026 is 5 June or 6 May: the person chooses.
    expect(proposedDateFormats(['05/06/2026'])).toEqual([]);
    expect(proposedDateFormats(['not a date'])).toEqual([]);
  });

  it('numbers the columns of a headerless file and keeps the names given to them when read again', () => {
    const first = mappingsFromHeader(['Column 1', 'Column 2'], COLUMNS, [], [['R1', '5']], false);
    expect(first.map((r) => [r.fileColumn, r.columnNumber])).toEqual([
      ['Column 1', 1],
      ['Column 2', 2],
    ]);
    const named = first.map((r, i) =>
      i === 1 ? withTableColumn({ ...r, fileColumn: 'Amount' }, COLUMNS[2] ?? null) : r,
    );
    const again = mappingsFromHeader(['Column 1', 'Column 2', 'Column 3'], COLUMNS, named, [], false);
    expect(again.map((r) => [r.fileColumn, r.tableColumn, r.columnNumber])).toEqual([
      ['Column 1', null, 1],
      ['Amount', 'amount', 2],
      ['Column 3', null, 3],
    ]);
  });

  it('sends fixed-width cuts, skip rules and formats, and previews with the same settings', () => {
    const draft: ConfigDraft = {
      ...EMPTY_DRAFT,
      fileKind: 'fixed_width',
      hasHeader: false,
      headerRow: 2,
      skipRules: {
        bottomRows: 1,
        blankColumns: [],
        patterns: [
          { column: 'Type', pattern: '^T' },
          { column: null, pattern: '(' },
        ],
      },
      mappings: [
        { ...emptyRow('Type'), start: 1, length: 1 },
        {
          ...emptyRow('Amount'),
          tableColumn: 'amount',
          dataType: 'DOUBLE',
          start: 22,
          length: 13,
          numberFormat: { grouping: 'any', trailingMinus: false, drCr: 'drNegative', currency: false, scale: 2 },
        },
      ],
    };
    const request = toConfigRequest(draft);
    expect(request).toMatchObject({ fileKind: 'fixed_width', hasHeader: false, headerRow: 2 });
    expect(request.mappings[1]).toEqual({
      fileColumn: 'Amount',
      tableColumn: 'amount',
      dataType: 'DOUBLE',
      dateFormat: null,
      dateFormats: [],
      numberFormat: { grouping: 'any', trailingMinus: false, drCr: 'drNegative', currency: false, scale: 2 },
      isRequired: false,
      columnNumber: null,
      start: 22,
      length: 13,
      fillDown: false,
    });
    // A pattern still being typed is not sent to the preview; the save reports it.
    expect(previewSettingsOf(draft).skipRules?.patterns).toEqual([{ column: 'Type', pattern: '^T' }]);
    expect(draftProblems({ ...draft, mappings: [{ ...emptyRow('Type'), start: 1 }] })).toEqual([
      { field: 'mappings', message: PIPELINE_TEXTS.mappingsRequired },
      { field: 'mappings.0.start', message: 'Fixed-width column "Type" needs its start (1 or more) and length' },
      { field: 'skipRules.patterns.1.pattern', message: '"(" is not a valid regular expression' },
    ]);
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
      mappings: [
        { fileColumn: 'Amount', tableColumn: 'amount', dataType: 'DOUBLE', dateFormat: null, dateFormats: [] },
      ],
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
