import { TRANSACTION_TABS } from '@recon/contract';
import { lazy } from 'react';
import type { PageRoute } from '@/app/routes/types';

const TransactionsTabPage = lazy(() => import('@/features/transactions/transactions-tab-page'));
const GlobalSearchPage = lazy(() => import('@/features/transactions/global-search-page'));
const MappedRowPage = lazy(() => import('@/features/transactions/mapped-row-page'));
const ReconMappingPage = lazy(() => import('@/features/transactions/recon-mapping-page'));

/** Transactions: the recon tabs, global search, mapped row and recon mapping (spec 1 navigation, issue 4). */
export const TRANSACTION_PAGES: readonly PageRoute[] = [
  ...TRANSACTION_TABS.map((tab) => ({ path: `/transactions/recon/${tab}`, component: TransactionsTabPage })),
  { path: '/transactions/global-search', component: GlobalSearchPage },
  { path: '/transactions/mapped-row', component: MappedRowPage },
  { path: '/transactions/recon-mapping', component: ReconMappingPage },
];
