import { lazy } from 'react';
import type { PageRoute } from '@/app/routes/types';

const AuditLogsPage = lazy(() => import('@/features/audit-logs/audit-logs-page'));
const ModuleSettingsPage = lazy(() => import('@/features/modules/module-settings-page'));
const UserRolesPage = lazy(() => import('@/features/roles/user-roles-page'));

/** Settings pages of the platform (spec 1). */
export const PLATFORM_PAGES: readonly PageRoute[] = [
  { path: '/settings/audit-logs', component: AuditLogsPage },
  { path: '/settings/module-settings', component: ModuleSettingsPage },
  { path: '/settings/user-settings/user-roles', component: UserRolesPage },
];
