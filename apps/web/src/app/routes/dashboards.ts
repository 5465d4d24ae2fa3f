import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const AllDashboardsPage = lazy(withTexts('reports', () => import('@/features/dashboards/all-dashboards-page')));
const DashboardPage = lazy(withTexts('reports', () => import('@/features/dashboards/dashboard-page')));
const DashletListPage = lazy(withTexts('reports', () => import('@/features/dashboards/dashlet-list-page')));
const DashletEditPage = lazy(withTexts('reports', () => import('@/features/dashboards/dashlet-edit-page')));
const NewDashboardPage = lazy(withTexts('reports', () => import('@/features/dashboards/new-dashboard-page')));

/** Dashboard (spec 1; decision 0037): All Dashboard, one page per dashboard (the dynamic menu), the editors. */
export const DASHBOARD_PAGES: readonly PageRoute[] = [
  { path: PATHS.allDashboards, component: AllDashboardsPage },
  { path: PATHS.dashletList, component: DashletListPage },
  { path: PATHS.newDashboard, component: NewDashboardPage },
  { path: PATHS.newDashlet, component: DashletEditPage },
  { path: `${PATHS.dashboardBase}/:dashboardId`, component: DashboardPage, privilege: { code: 'dashboards' } },
];
