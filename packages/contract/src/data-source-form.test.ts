import { describe, expect, it } from 'vitest';
import {
  type DataSourceForm,
  firstDataSourceFormError,
  refId,
  DATA_SOURCE_FORM_TEXTS as T,
  validateDataSourceForm,
} from './data-source-form.ts';

const complete: DataSourceForm = {
  product: { id: 1 },
  name: 'Bank statement',
  recon: { id: 2 },
  pipeline: 3,
  pipelineIdForInvalidData: '4',
  maxDuplicateRecord: '10',
  maxDuplicateRecordCountMethod: 'COUNT',
  maxInvalidRecord: 5,
  maxInvalidRecordCountMethod: 'PERCENTAGE',
  table: 'm1_bank_statement',
  historyTable: 'm1_bank_statement_history',
  invalidTable: 'm1_bank_statement_invalid',
  columns: [{ name: 'amount' }],
};

describe('validateDataSourceForm', () => {
  it('answers null for a complete form', () => {
    expect(validateDataSourceForm(complete)).toBeNull();
  });

  it("answers each message in the spec's order as the fields are filled one by one", () => {
    const steps: [string, Partial<DataSourceForm>][] = [
      [T.productRequired, { product: { id: 1 } }],
      [T.nameRequired, { name: 'Bank statement' }],
      [T.reconRequired, { recon: { id: 2 } }],
      [T.pipelineRequired, { pipeline: 3 }],
      [T.invalidPipelineRequired, { pipelineIdForInvalidData: 4 }],
      [T.duplicateLimitRequired, { maxDuplicateRecord: '10' }],
      [T.duplicateMethodRequired, { maxDuplicateRecordCountMethod: 'COUNT' }],
      [T.invalidLimitRequired, { maxInvalidRecord: 5 }],
      [T.invalidMethodRequired, { maxInvalidRecordCountMethod: 'PERCENTAGE' }],
      [T.tableRequired, { table: 'm1_bank_statement' }],
      [T.historyTableRequired, { historyTable: 'm1_bank_statement_history' }],
      [T.invalidTableRequired, { invalidTable: 'm1_bank_statement_invalid' }],
      [T.columnsUnavailable, { columns: [{ name: 'amount' }] }],
    ];
    let form: DataSourceForm = {};
    const seen: string[] = [];
    for (const [, fill] of steps) {
      seen.push(validateDataSourceForm(form) ?? 'null');
      form = { ...form, ...fill };
    }
    expect(seen).toEqual(steps.map(([m]) => m));
    expect(validateDataSourceForm(form)).toBeNull();
  });

  it('keeps the spec wording', () => {
    expect(Object.values(T)).toEqual([
      'Product is Required',
      'Name is Required',
      'Recon is Required',
      'Pipeline is Required',
      'Invalid Pipeline is Required',
      'Duplicate Records Limit is Required',
      'Max Duplicate Record Count Method is Required',
      'Invalid Records Limit is Required',
      'Max Invalid Record Count Method is Required',
      'Table is Required',
      'History Table is Required',
      'Invalid Table is Required',
      'Unable to load column data',
    ]);
  });

  it('asks for a count method only when the limit is above 0', () => {
    const zero = { ...complete, maxDuplicateRecord: 0, maxDuplicateRecordCountMethod: null, maxInvalidRecord: '0' };
    expect(validateDataSourceForm({ ...zero, maxInvalidRecordCountMethod: '' })).toBeNull();
    expect(validateDataSourceForm({ ...complete, maxDuplicateRecordCountMethod: '' })).toBe(T.duplicateMethodRequired);
    expect(validateDataSourceForm({ ...complete, maxInvalidRecordCountMethod: null })).toBe(T.invalidMethodRequired);
  });

  it('treats blank text as missing', () => {
    expect(validateDataSourceForm({ ...complete, name: '   ' })).toBe(T.nameRequired);
    expect(validateDataSourceForm({ ...complete, maxDuplicateRecord: ' ' })).toBe(T.duplicateLimitRequired);
    expect(validateDataSourceForm({ ...complete, historyTable: '' })).toBe(T.historyTableRequired);
  });

  it('answers "Unable to load column data" when the columns are missing or empty', () => {
    expect(validateDataSourceForm({ ...complete, columns: undefined })).toBe(T.columnsUnavailable);
    expect(validateDataSourceForm({ ...complete, columns: [] })).toBe(T.columnsUnavailable);
  });

  it('names the field of the first failing check', () => {
    expect(firstDataSourceFormError({ ...complete, recon: null })).toEqual({
      field: 'recon',
      message: T.reconRequired,
    });
    expect(firstDataSourceFormError({ ...complete, columns: null })).toEqual({
      field: 'table',
      message: T.columnsUnavailable,
    });
  });
});

describe('refId', () => {
  it('reads ids from numbers, numeric text and option objects, and nothing else', () => {
    expect([refId(3), refId('4'), refId({ id: 5 }), refId({ id: '6' })]).toEqual([3, 4, 5, 6]);
    expect([
      refId(null),
      refId(undefined),
      refId(''),
      refId({}),
      refId({ id: null }),
      refId(0),
      refId('x'),
      refId(1.5),
    ]).toEqual([null, null, null, null, null, null, null, null]);
  });
});
