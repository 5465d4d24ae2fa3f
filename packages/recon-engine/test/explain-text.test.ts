import { describe, expect, it } from 'vitest';
import { elementText } from '../src/explain-text.ts';
import type { EngineElement, EngineSide, ReconInput } from '../src/model.ts';

const side = (dataSourceId: number): EngineSide => ({
  dataSourceId,
  dataTableId: dataSourceId,
  table: `recon_data."t${dataSourceId}"`,
  stateTable: `recon_data."t${dataSourceId}_state"`,
  columns: new Map(),
});
const input: ReconInput = { reconId: 1, sideA: side(11), sideB: side(12), rules: [] };
const narration = (transforms: EngineElement['transforms']): EngineElement =>
  ({ valueType: 'COLUMN', dataSourceId: 12, columnName: 'narration', transforms }) as EngineElement;

/** The element text explain and "try this rule" show as a column heading. */
describe('elementText', () => {
  it('names every transform, the issue 9 ones with their arguments, never by its key', () => {
    expect(
      elementText(
        input,
        narration([
          { type: 'TRIM', argument: null },
          { type: 'REGEX_EXTRACT', argument: null, args: { pattern: 'UPI/[A-Z]+/([0-9]{12})/', group: 1 } },
          { type: 'PAD_LEFT', argument: null, args: { length: 12, char: '0' } },
        ]),
      ),
    ).toBe('B.narration |Trim |Extract (pattern: UPI/[A-Z]+/([0-9]{12})/, group: 1) |Pad left (length: 12, char: 0)');
  });

  it('keeps the number argument of the spec transforms and quotes text that spaces would hide', () => {
    expect(elementText(input, narration([{ type: 'ROUND', argument: 2 }]))).toBe('B.narration |Round 2');
    expect(
      elementText(
        input,
        narration([{ type: 'REGEX_REPLACE', argument: null, args: { pattern: '[^0-9]', replacement: '' } }]),
      ),
    ).toBe('B.narration |Replace (pattern: [^0-9], replacement: "")');
  });
});
