import { OPERATION_PRIVILEGES, TAB_PRIVILEGES, TAB_STATUSES, tabOfStatus } from '@recon/contract';
import type { TransactionTab } from '@recon/contract/nav';
import { PATHS } from '@/app/paths';

export const tabPath = (tab: TransactionTab) => `${PATHS.transactionsRecon}/${tab}`;
export const MAPPED_ROW_PATH = PATHS.mappedRow;

export function mappedRowUrl(p: { reconId: number; dataSourceId: number; rowId: number }) {
  return `${MAPPED_ROW_PATH}?reconId=${p.reconId}&dataSourceId=${p.dataSourceId}&rowId=${p.rowId}`;
}

/** Whether the status filter means anything on a tab (it shows more than one status). */
export const hasStatusChoice = (tab: TransactionTab) => TAB_STATUSES[tab].length > 1;

/** What the selected rows allow, given the privileges held (the server checks the same). */
export type RowActions = {
  canKnockOff: boolean;
  canUnmatch: boolean;
  canDecideProposed: boolean;
};

export function allowedActions(
  statuses: readonly string[],
  has: (code: string) => boolean,
  hasMatchIds: boolean,
): RowActions {
  const any = statuses.length > 0;
  const code = (rule: { code?: string }) => (rule.code ? has(rule.code) : false);
  const unmatchable = statuses.every((s) => {
    const tab = tabOfStatus(s);
    return s !== 'KNOCK_OFF' && tab !== null && tab !== 'unreconciled' && has(TAB_PRIVILEGES[tab]);
  });
  return {
    canKnockOff: any && code(OPERATION_PRIVILEGES.KnockOff) && statuses.every((s) => s === 'UNRECONCILED'),
    canUnmatch: any && hasMatchIds && unmatchable,
    canDecideProposed: any && code(OPERATION_PRIVILEGES.AcceptProposed) && statuses.every((s) => s === 'PROPOSE_MATCH'),
  };
}
