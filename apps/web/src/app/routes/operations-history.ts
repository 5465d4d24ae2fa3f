import { lazy } from 'react';
import type { PageRoute } from '@/app/routes/types';

const ExecutionHistoryPage = lazy(() => import('@/features/job-executions/execution-history-page'));
const FileHistoryPage = lazy(() => import('@/features/file-history/file-history-page'));
const InvalidRowsPage = lazy(() => import('@/features/pipeline-rows/invalid-rows-page'));
const DuplicateRowsPage = lazy(() => import('@/features/pipeline-rows/duplicate-rows-page'));
const RollbackHistoryPage = lazy(() => import('@/features/rollbacks/rollback-history-page'));

/** Operations › history and Transactions › pipeline invalid and duplicates (spec 2). */
export const OPERATIONS_HISTORY_PAGES: readonly PageRoute[] = [
  { path: '/operations/history/execution-history', component: ExecutionHistoryPage },
  { path: '/operations/history/file-upload', component: FileHistoryPage },
  { path: '/operations/history/rollback-history', component: RollbackHistoryPage },
  { path: '/transactions/pipeline/invalid', component: InvalidRowsPage },
  { path: '/transactions/pipeline/duplicates', component: DuplicateRowsPage },
];
