import { TRANSACTION_TABS } from '@recon/contract/nav';
import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const TransactionsTabPage = lazy(
  withTexts('transactions', () => import('@/features/transactions/transactions-tab-page')),
);
const GlobalSearchPage = lazy(withTexts('transactions', () => import('@/features/transactions/global-search-page')));
const MappedRowPage = lazy(withTexts('transactions', () => import('@/features/transactions/mapped-row-page')));
const ReconMappingPage = lazy(withTexts('transactions', () => import('@/features/transactions/recon-mapping-page')));

/** Transactions: the recon tabs, global search, mapped row and recon mapping (spec 1 navigation, issue 4). */
export const TRANSACTION_PAGES: readonly PageRoute[] = [
  ...TRANSACTION_TABS.map((tab) => ({ path: `${PATHS.transactionsRecon}/${tab}`, component: TransactionsTabPage })),
  { path: PATHS.globalSearch, component: GlobalSearchPage },
  { path: PATHS.mappedRow, component: MappedRowPage },
  { path: PATHS.reconMapping, component: ReconMappingPage },
];
