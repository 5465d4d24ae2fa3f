import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const ExecutionHistoryPage = lazy(
  withTexts('operationsHistory', () => import('@/features/job-executions/execution-history-page')),
);
const FileHistoryPage = lazy(withTexts('operationsHistory', () => import('@/features/file-history/file-history-page')));
const InvalidRowsPage = lazy(
  withTexts('operationsHistory', () => import('@/features/pipeline-rows/invalid-rows-page')),
);
const DuplicateRowsPage = lazy(
  withTexts('operationsHistory', () => import('@/features/pipeline-rows/duplicate-rows-page')),
);
const RollbackHistoryPage = lazy(
  withTexts('operationsHistory', () => import('@/features/rollbacks/rollback-history-page')),
);

/** Operations › history and Transactions › pipeline invalid and duplicates (spec 2). */
export const OPERATIONS_HISTORY_PAGES: readonly PageRoute[] = [
  { path: PATHS.executionHistory, component: ExecutionHistoryPage },
  { path: PATHS.fileUploadHistory, component: FileHistoryPage },
  { path: PATHS.rollbackHistory, component: RollbackHistoryPage },
  { path: PATHS.invalidRows, component: InvalidRowsPage },
  { path: PATHS.duplicateRows, component: DuplicateRowsPage },
];
