import { BRS_GROUP_NATURE, type BrsDownloadView, DOWNLOAD_TEXTS } from '@recon/contract';
import type { Db } from '@recon/db';
import { AppError } from '@/lib/app-error.ts';
import type { ExportColumn, ExportPlan } from '@/lib/downloads/export-plan.ts';
import { type ExportCell as Cell, valuesPlan } from '@/lib/downloads/values-plan.ts';
import { brsStatement } from './brs-figures.ts';
import { brsModelOf } from './brs-model.ts';

/**
 * The file of a BRS download (decision 0038), laid out as the statement: the balance per books, each group in the
 * Add or the Less column with its count of items, the totals, the balance per bank so computed, the bank's own and
 * the difference. The figures are those of the call, worked out when the file is written.
 */
export async function planBrsExport(db: Db, moduleId: number, view: BrsDownloadView): Promise<ExportPlan> {
  const model = await brsModelOf(db, moduleId, view.brsConfigId);
  if (!model) throw new AppError('VALIDATION', DOWNLOAD_TEXTS.exportFailed);
  const s = await brsStatement(db, model, view.asOnDate, {
    bankBalance: view.bankBalance,
    booksBalance: view.booksBalance,
  });
  const columns: ExportColumn[] = [
    { name: 'particulars', header: `Bank reconciliation statement as on ${s.asOnDate}`, kind: 'text' },
    { name: 'items', header: 'Items', kind: 'number' },
    { name: 'add', header: 'Add', kind: 'amount' },
    { name: 'less', header: 'Less', kind: 'amount' },
    { name: 'balance', header: 'Amount', kind: 'amount' },
  ];
  const rows: Cell[][] = [[`Balance as per books (${s.booksSourceName})`, null, null, null, s.balancePerBooks]];
  for (const g of s.groups) {
    const inAdd = g.amount.startsWith('-') ? false : g.amount !== '0.00' || BRS_GROUP_NATURE[g.group] !== 'LESS';
    rows.push([`${inAdd ? 'Add' : 'Less'}: ${g.label}`, g.count, inAdd ? g.add : null, inAdd ? null : g.less, null]);
  }
  rows.push(['Total', null, s.totalAdd, s.totalLess, null]);
  rows.push(['Balance as per bank (computed)', null, null, null, s.balancePerBankComputed]);
  rows.push([`Balance as per bank statement (${s.bankSourceName})`, null, null, null, s.balancePerBank]);
  rows.push(['Difference not explained', null, null, null, s.difference]);
  return valuesPlan(columns, rows);
}
