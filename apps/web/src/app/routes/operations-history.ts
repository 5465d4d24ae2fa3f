import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';

const ExecutionHistoryPage = lazy(() => import('@/features/job-executions/execution-history-page'));
const FileHistoryPage = lazy(() => import('@/features/file-history/file-history-page'));
const InvalidRowsPage = lazy(() => import('@/features/pipeline-rows/invalid-rows-page'));
const DuplicateRowsPage = lazy(() => import('@/features/pipeline-rows/duplicate-rows-page'));
const RollbackHistoryPage = lazy(() => import('@/features/rollbacks/rollback-history-page'));

/** Operations › history and Transactions › pipeline invalid and duplicates (spec 2). */
export const OPERATIONS_HISTORY_PAGES: readonly PageRoute[] = [
  { path: PATHS.executionHistory, component: ExecutionHistoryPage },
  { path: PATHS.fileUploadHistory, component: FileHistoryPage },
  { path: PATHS.rollbackHistory, component: RollbackHistoryPage },
  { path: PATHS.invalidRows, component: InvalidRowsPage },
  { path: PATHS.duplicateRows, component: DuplicateRowsPage },
];
