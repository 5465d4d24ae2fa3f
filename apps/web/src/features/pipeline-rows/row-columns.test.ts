import type { DataElement } from '@recon/contract';
import { describe, expect, it } from 'vitest';
import { rowColumns } from '@/features/pipeline-rows/row-columns';

const element = (name: string, type: DataElement['type'], sequence: number, active = true): DataElement => ({
  id: sequence,
  name,
  inputType: 'TEXT',
  type,
  active,
  sequence,
});

describe('the columns of invalid and duplicate rows', () => {
  it('put reference, date, amount and Dr/Cr first after the file and row, as the recon tabs do', () => {
    // The demo bank statement, in its element order.
    const elements = [
      element('reference', 'VARCHAR', 1),
      element('value_date', 'DATE', 2),
      element('narration', 'VARCHAR', 3),
      element('debit_credit', 'VARCHAR', 4),
      element('amount', 'DOUBLE', 5),
      element('balance', 'DOUBLE', 6, false),
    ];
    const money = [
      { name: 'amount', type: 'DOUBLE' as const, isMoney: true, isSystem: false },
      { name: 'balance', type: 'DOUBLE' as const, isMoney: true, isSystem: false },
    ];
    expect(rowColumns('invalid', elements, money, []).map((c) => c.key)).toEqual([
      'fileName',
      'rowNo',
      'reasons',
      'reference',
      'value_date',
      'amount',
      'debit_credit',
      'narration',
      'balance',
      'createdAt',
    ]);
  });
});
