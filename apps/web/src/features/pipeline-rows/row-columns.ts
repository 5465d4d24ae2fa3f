import { type DataElement, isMoneyColumn, type TableColumn } from '@recon/contract';
import type { PipelineRow, PipelineRowKind } from '@/features/pipeline-rows/api/get-pipeline-rows';
import type { CellType } from '@/features/pipeline-rows/cell-format';
import { leadingColumns } from '@/lib/leading-columns';

/** Fields of the row itself (not of the data table) the server searches and sorts by. */
export type SystemField = 'fileName' | 'rowNo' | 'reasons' | 'createdAt' | 'loadedAt';

export type RowColumn =
  | { key: SystemField; kind: 'system'; isHiddenByDefault: false }
  | { key: string; kind: 'data'; cell: CellType; isHiddenByDefault: boolean };

const LEADING: Record<PipelineRowKind, SystemField[]> = {
  invalid: ['fileName', 'rowNo', 'reasons'],
  duplicates: ['fileName', 'rowNo'],
};
const TRAILING: Record<PipelineRowKind, SystemField[]> = { invalid: ['createdAt'], duplicates: ['loadedAt'] };

const system = (key: SystemField): RowColumn => ({ key, kind: 'system', isHiddenByDefault: false });

/**
 * The screen's columns: file name and row number (and reasons), the data source's columns, the loading time.
 * Data columns: reference, date, amount and debit/credit first (as on the recon tabs), then the data source's
 * elements in sequence (inactive ones hidden at first), then any other
 * column the rows carry (hidden at first); without elements, the columns of the rows as they come.
 */
export function rowColumns(
  kind: PipelineRowKind,
  elements: readonly DataElement[] | undefined,
  tableColumns: readonly TableColumn[] | undefined,
  rows: readonly PipelineRow[],
): RowColumn[] {
  const money = new Map((tableColumns ?? []).map((c) => [c.name, c.isMoney]));
  const data: RowColumn[] = [];
  const seen = new Set<string>();
  for (const e of [...(elements ?? [])].sort((a, b) => a.sequence - b.sequence)) {
    if (seen.has(e.name)) continue;
    seen.add(e.name);
    const isMoney = money.get(e.name) ?? isMoneyColumn({ dataType: e.type });
    data.push({ key: e.name, kind: 'data', cell: { type: e.type, isMoney }, isHiddenByDefault: !e.active });
  }
  const hasElements = (elements ?? []).length > 0;
  for (const key of Object.keys(rows[0]?.values ?? {})) {
    if (seen.has(key)) continue;
    seen.add(key);
    data.push({ key, kind: 'data', cell: { isMoney: false }, isHiddenByDefault: hasElements });
  }
  // Reference, date, amount and debit/credit first, as on the recon tabs.
  const lead = leadingColumns(
    data.flatMap((c) =>
      c.kind === 'data'
        ? [{ name: c.key, type: c.cell.type, isMoney: c.cell.isMoney, isShown: !c.isHiddenByDefault }]
        : [],
    ),
  );
  const ordered = [
    ...lead.flatMap((key) => data.filter((c) => c.key === key)),
    ...data.filter((c) => !lead.includes(c.key)),
  ];
  return [...LEADING[kind].map(system), ...ordered, ...TRAILING[kind].map(system)];
}
