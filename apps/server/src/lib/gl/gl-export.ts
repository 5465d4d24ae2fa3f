import { DOWNLOAD_TEXTS, type GlDownloadView } from '@recon/contract';
import type { Db } from '@recon/db';
import { AppError } from '@/lib/app-error.ts';
import type { ExportColumn, ExportPlan } from '@/lib/downloads/export-plan.ts';
import { type ExportCell, valuesPlan } from '@/lib/downloads/values-plan.ts';
import { glAgeing, glReport, glSummary } from './gl-figures.ts';
import { glModelOf } from './gl-model.ts';

/**
 * The files of the GL downloads (decision 0034): the report as on a day (one row per config item: side, debit,
 * credit, balance, open rows; or, with the ageing asked for, the amount per age bucket), or the summary of a period,
 * each followed by a Total row. The figures are those of the calls (worked out when the file is written); the rows
 * go to the writers as a VALUES list, amounts as exact decimals.
 */

const text = (name: string, header: string): ExportColumn => ({ name, header, kind: 'text' });
const amount = (name: string, header: string): ExportColumn => ({ name, header, kind: 'amount' });
const count = (name: string, header: string): ExportColumn => ({ name, header, kind: 'number' });

type Cell = ExportCell;

export async function planGlExport(db: Db, moduleId: number, view: GlDownloadView): Promise<ExportPlan> {
  const model = await glModelOf(db, moduleId, view.glConfigId);
  if (!model) throw new AppError('VALIDATION', DOWNLOAD_TEXTS.exportFailed);
  if (view.kind === 'GL_SUMMARY') {
    const s = await glSummary(db, model, view.startDate, view.endDate);
    const columns = [
      text('item', 'Config Item'),
      text('side', 'Side'),
      amount('opening', `Opening (${view.startDate})`),
      amount('added', 'Added'),
      amount('cleared', 'Cleared'),
      amount('closing', `Closing (${view.endDate})`),
    ];
    const rows: Cell[][] = s.lines.map((l) => [l.name, l.side, l.opening, l.added, l.cleared, l.closing]);
    rows.push(['Total', null, s.totals.opening, s.totals.added, s.totals.cleared, s.totals.closing]);
    return valuesPlan(columns, rows);
  }
  const wanted = view.itemIds ? new Set(view.itemIds) : null;
  const picked = { ...model, items: model.items.filter((i) => !wanted || wanted.has(i.id)) };
  if (view.ageing) {
    const a = await glAgeing(db, picked, view.fromDate ?? '0001-01-01', view.asOnDate);
    const columns = [
      text('item', 'Config Item'),
      text('side', 'Side'),
      ...a.buckets.map((b, i) => amount(`bucket${i}`, `${b.label} days`)),
      amount('total', 'Total'),
      count('open', 'Open Rows'),
    ];
    const rows: Cell[][] = a.lines.map((l) => [
      l.name,
      l.side,
      ...l.cells.map((c) => c.amount),
      l.total.amount,
      l.total.count,
    ]);
    rows.push(['Total', null, ...a.totals.cells.map((c) => c.amount), a.totals.total.amount, a.totals.total.count]);
    return valuesPlan(columns, rows);
  }
  const r = await glReport(db, picked, view.asOnDate, view.fromDate);
  const columns = [
    text('item', 'Config Item'),
    text('side', 'Side'),
    amount('debit', 'Debit'),
    amount('credit', 'Credit'),
    amount('balance', 'Balance'),
    count('open', 'Open Rows'),
  ];
  const rows: Cell[][] = r.lines.map((l) => [l.name, l.side, l.debit, l.credit, l.balance, l.openCount]);
  rows.push(['Total', null, r.totals.debit, r.totals.credit, r.totals.difference, null]);
  return valuesPlan(columns, rows);
}
