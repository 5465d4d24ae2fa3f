import type { DataType } from '@recon/contract';

/** A data column as far as its place in a table goes. */
export type LeadingCandidate = { name: string; type?: DataType; isMoney: boolean; isShown: boolean };

/** A debit / credit indicator by its name: "dr_cr", "debit_credit", "cr_dr_flag", "drcr", "dc"… */
const DR_CR_NAME = /^(dr_?cr|cr_?dr|debit_?credit|credit_?debit|dc|cd)(_(flag|indicator|ind|type))?$/i;

/**
 * The data columns a finance user reads first, in this order, wherever rows of a data source are listed (recon tabs,
 * invalid and duplicate rows): the reference (the first text column), the date (the first of `dateColumns`, else the
 * first date column), the amount (the first money column), debit or credit. Only columns shown at first.
 */
export function leadingColumns(columns: readonly LeadingCandidate[], dateColumns: readonly string[] = []): string[] {
  const shown = columns.filter((c) => c.isShown);
  const drCr = shown.find((c) => c.type === 'VARCHAR' && DR_CR_NAME.test(c.name));
  const reference = shown.find((c) => c.type === 'VARCHAR' && !c.isMoney && c !== drCr);
  const date =
    dateColumns.map((d) => shown.find((c) => c.name === d)).find((c) => c !== undefined) ??
    shown.find((c) => c.type === 'DATE' || c.type === 'DATETIME');
  const amount = shown.find((c) => c.isMoney);
  return [reference, date, amount, drCr].filter((c) => c !== undefined).map((c) => c.name);
}
