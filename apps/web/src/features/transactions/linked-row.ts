import { TAB_PRIVILEGES, type TransactionRow, tabOfStatus } from '@recon/contract';
import type { TransactionTab } from '@recon/contract/nav';
import { useSearchParams } from 'react-router';
import { type MappedRowParams, useMappedRow } from '@/features/transactions/api/get-mapped-row';
import { tabPath } from '@/features/transactions/tabs';

/** The search parameters that name a row to open on a recon tab (a global-search hit). */
const KEYS = ['reconId', 'dataSourceId', 'rowId'] as const;

/**
 * The tab a row of this status is worked on (Reconciled, Unreconciled…) when the person may open it, else All;
 * undefined when they may open neither.
 */
export function tabOfRow(status: string, has: (code: string) => boolean): TransactionTab | undefined {
  const tab = tabOfStatus(status);
  if (tab && has(TAB_PRIVILEGES[tab])) return tab;
  return has(TAB_PRIVILEGES.all) ? 'all' : undefined;
}

/** The recon tab with the row opened on it: its drawer shows the row's group (its match) and why. */
export function linkedRowUrl(tab: TransactionTab, p: MappedRowParams): string {
  return `${tabPath(tab)}?${new URLSearchParams(KEYS.map((k) => [k, String(p[k])])).toString()}`;
}

function readLinkedRow(search: URLSearchParams): MappedRowParams | undefined {
  const [reconId, dataSourceId, rowId] = KEYS.map((k) => Number(search.get(k)));
  const isId = (n: number | undefined): n is number => Number.isInteger(n) && (n as number) > 0;
  return isId(reconId) && isId(dataSourceId) && isId(rowId) ? { reconId, dataSourceId, rowId } : undefined;
}

/**
 * The row a tab was opened on (`?reconId=&dataSourceId=&rowId=`): read once from the server, shown in the tab's
 * drawer; closing the drawer drops it from the address.
 */
export function useLinkedRow(moduleId: number) {
  const [search, setSearch] = useSearchParams();
  const linked = readLinkedRow(search);
  const mapped = useMappedRow(moduleId, linked);
  const opened: { row: TransactionRow; dataSourceId: number } | null =
    linked && mapped.data ? { row: mapped.data.row, dataSourceId: linked.dataSourceId } : null;
  return {
    /** The recon and side to show, so the row is read where it is. */
    choice: linked ? { reconId: linked.reconId, dataSourceId: linked.dataSourceId } : {},
    opened,
    isMissing: linked !== undefined && mapped.isError,
    close: () => {
      if (!linked) return;
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const k of KEYS) next.delete(k);
          return next;
        },
        { replace: true },
      );
    },
  };
}
