import type { SkippedCount } from '@recon/contract';
import { formatDateCell } from './date-formats.ts';
import type { Cell } from './records.ts';

/**
 * The config's row skip rules, resolved to the config's columns (index into its file columns, in order). A
 * pattern without a column tests every cell (and, for a fixed-width file, the whole line, its last cell).
 */
export type SkipPlan = {
  bottomRows: number;
  blank: { expectedIndex: number; name: string }[];
  patterns: { expectedIndex: number | null; name: string | null; pattern: string }[];
};

const textOf = (c: Cell | undefined) => (c === undefined ? '' : typeof c === 'string' ? c : formatDateCell(c));

type Rule = { reason: string; test: (cells: readonly Cell[]) => boolean };

/**
 * Decides, row by row, whether a rule skips it, and counts per rule. positions: where each config column is
 * in the file's cells (from the header, the column numbers or the fixed-width cut).
 */
export class RowSkipper {
  private readonly rules: Rule[];
  private readonly counts: number[];

  constructor(plan: SkipPlan, positions: readonly number[]) {
    const cellAt = (expectedIndex: number) => {
      const at = positions[expectedIndex] as number;
      return (cells: readonly Cell[]) => textOf(cells[at]);
    };
    this.rules = [
      ...plan.blank.map((b): Rule => {
        const cell = cellAt(b.expectedIndex);
        return { reason: `${b.name} is blank`, test: (cells) => cell(cells).trim() === '' };
      }),
      ...plan.patterns.map((p): Rule => {
        // Any case: a footer is "Closing Balance" in one file and "CLOSING BALANCE" in the next.
        const regex = new RegExp(p.pattern, 'i');
        if (p.expectedIndex === null) {
          return {
            reason: `A column matches ${p.pattern}`,
            test: (cells) => cells.some((c) => regex.test(textOf(c).trim())),
          };
        }
        const cell = cellAt(p.expectedIndex);
        return { reason: `${p.name} matches ${p.pattern}`, test: (cells) => regex.test(cell(cells).trim()) };
      }),
    ];
    this.counts = this.rules.map(() => 0);
  }

  /** Whether a rule skips the row (then counted under the first rule that does). */
  skips(cells: readonly Cell[]): boolean {
    const i = this.ruleOf(cells);
    if (i < 0) return false;
    this.counts[i] = (this.counts[i] as number) + 1;
    return true;
  }

  /** Why a rule would skip the row (the first that does), or null; nothing is counted. */
  reasonOf(cells: readonly Cell[]): string | null {
    const i = this.ruleOf(cells);
    return i < 0 ? null : (this.rules[i] as Rule).reason;
  }

  private ruleOf(cells: readonly Cell[]): number {
    for (let i = 0; i < this.rules.length; i++) if ((this.rules[i] as Rule).test(cells)) return i;
    return -1;
  }

  summary(): SkippedCount[] {
    return this.rules.map((r, i) => ({ reason: r.reason, count: this.counts[i] as number })).filter((s) => s.count > 0);
  }
}
