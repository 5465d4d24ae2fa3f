import type { FileRejection, RejectionReason } from '@recon/contract';

const MAX_SAMPLES = 3;
const MAX_SAMPLE_CHARS = 100;
const MAX_FIRST_ROWS = 10;

/**
 * Why a file's rows failed, gathered while it streams, so the file can say why even when nothing of it is
 * kept (a file over its invalid-rows limit is rolled back with its invalid rows): per column and problem a
 * count and the first distinct values, and the first failing rows whole.
 */
export class RejectionSummary {
  private readonly reasons = new Map<string, RejectionReason & { order: number }>();
  private readonly firstRows: FileRejection['firstRows'] = [];

  /** One failing value: order is the column's place in the config (reasons are listed in that order). */
  addReason(order: number, column: string, problem: string, value: string | null): void {
    const key = `${order}\u0000${problem}`;
    let reason = this.reasons.get(key);
    if (!reason) {
      reason = { order, column, problem, count: 0, samples: [] };
      this.reasons.set(key, reason);
    }
    reason.count += 1;
    if (value !== null && reason.samples.length < MAX_SAMPLES) {
      const sample = value.length > MAX_SAMPLE_CHARS ? `${value.slice(0, MAX_SAMPLE_CHARS)}…` : value;
      if (!reason.samples.includes(sample)) reason.samples.push(sample);
    }
  }

  /** Whether the row should be kept whole (the first few are). */
  get wantsRow(): boolean {
    return this.firstRows.length < MAX_FIRST_ROWS;
  }

  addRow(rowNo: number, reasons: string[], values: Record<string, string | null>): void {
    if (this.wantsRow) this.firstRows.push({ rowNo, reasons, values });
  }

  /** The summary, or null when no row failed. */
  result(): FileRejection | null {
    if (this.reasons.size === 0) return null;
    const reasons = [...this.reasons.values()]
      .sort((a, b) => a.order - b.order)
      .map(({ column, problem, count, samples }) => ({ column, problem, count, samples }));
    return { reasons, firstRows: this.firstRows };
  }
}
