import { describe, expect, it } from 'vitest';
import { describeTransform } from './rule-transforms.ts';

/** How a transform reads on the rule editor's tags and on the recon mapping page. */
describe('describeTransform', () => {
  it.each([
    [{ type: 'TRIM' as const }, 'Trim'],
    [{ type: 'ROUND' as const, argument: 2 }, 'Round 2'],
    [{ type: 'DIVIDE' as const, argument: null }, 'Divide'],
    [
      { type: 'REGEX_EXTRACT' as const, args: { pattern: 'UPI/[A-Z]+/([0-9]{12})/', group: 1 } },
      'Extract (pattern: UPI/[A-Z]+/([0-9]{12})/, group: 1)',
    ],
    // An empty replacement is an argument too: shown quoted, so "nothing" is visible.
    [
      { type: 'REGEX_REPLACE' as const, args: { pattern: '[^0-9.]', replacement: '' } },
      'Replace (pattern: [^0-9.], replace with: "")',
    ],
    [{ type: 'PAD_LEFT' as const, args: { length: 12, char: '0' } }, 'Pad left (length: 12, character: "0")'],
    [{ type: 'MINUS_COLUMN' as const, args: { column: 'debit' } }, 'Minus column (column: debit)'],
    // The label's "(text only)" note is the editor's, not part of the argument's name.
    [{ type: 'DATE' as const, args: { pattern: 'DD/MM/YYYY' } }, 'Date (pattern: DD/MM/YYYY)'],
    [{ type: 'REGEX_EXTRACT' as const, args: { pattern: 'N([0-9]+)', group: null } }, 'Extract (pattern: N([0-9]+))'],
  ])('%j reads "%s"', (transform, text) => {
    expect(describeTransform(transform)).toBe(text);
  });
});
