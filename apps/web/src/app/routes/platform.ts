import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const ApprovalRightsPage = lazy(withTexts('platform', () => import('@/features/approval-rights/approval-rights-page')));
const AuditLogsPage = lazy(withTexts('platform', () => import('@/features/audit-logs/audit-logs-page')));
const ModuleSettingsPage = lazy(() => import('@/features/modules/module-settings-page'));
const UsersPage = lazy(withTexts('platform', () => import('@/features/users/users-page')));
const UserRolesPage = lazy(withTexts('platform', () => import('@/features/roles/user-roles-page')));

/** Settings pages of the platform (spec 1). */
export const PLATFORM_PAGES: readonly PageRoute[] = [
  { path: PATHS.auditLogs, component: AuditLogsPage },
  { path: PATHS.moduleSettings, component: ModuleSettingsPage },
  { path: PATHS.users, component: UsersPage },
  { path: PATHS.userRoles, component: UserRolesPage },
  { path: PATHS.approvalRights, component: ApprovalRightsPage },
];
