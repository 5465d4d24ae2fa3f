import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const GlConfigPage = lazy(withTexts('reports', () => import('@/features/gl/gl-config-page')));
const GlReportPage = lazy(withTexts('reports', () => import('@/features/gl/gl-report-page')));
const BrsReportPage = lazy(withTexts('reports', () => import('@/features/brs/brs-report-page')));
const ReportConfigListPage = lazy(withTexts('reports', () => import('@/features/reports/report-config-list-page')));
const ReportsExecutionPage = lazy(withTexts('reports', () => import('@/features/reports/reports-execution-page')));

/**
 * Reports (spec 1): the general ledger's configurations and its report; the bank reconciliation statement;
 * self-built reports and their runs.
 */
export const REPORT_PAGES: readonly PageRoute[] = [
  { path: PATHS.glConfig, component: GlConfigPage },
  { path: `${PATHS.glConfig}/:glConfigId/report`, component: GlReportPage, privilege: { code: 'glConfig' } },
  { path: PATHS.brsReport, component: BrsReportPage },
  { path: PATHS.reportConfigList, component: ReportConfigListPage },
  { path: PATHS.reportsExecution, component: ReportsExecutionPage },
];
