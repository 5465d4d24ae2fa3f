import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const AuditLogsPage = lazy(withTexts('platform', () => import('@/features/audit-logs/audit-logs-page')));
const ModuleSettingsPage = lazy(() => import('@/features/modules/module-settings-page'));
const UserRolesPage = lazy(withTexts('platform', () => import('@/features/roles/user-roles-page')));
const SamlSetupPage = lazy(withTexts('platform', () => import('@/features/saml-setup/saml-setup-page')));

/** Settings pages of the platform (spec 1). */
export const PLATFORM_PAGES: readonly PageRoute[] = [
  { path: PATHS.auditLogs, component: AuditLogsPage },
  { path: PATHS.moduleSettings, component: ModuleSettingsPage },
  { path: PATHS.userRoles, component: UserRolesPage },
  { path: PATHS.samlSetup, component: SamlSetupPage },
];
