import { AuditLogsPage, ModuleSettingsPage, UserRolesPage } from '@/app/pages';
import type { PageRoute } from '@/app/routes/types';

/** Settings pages of the platform (spec 1). */
export const PLATFORM_PAGES: readonly PageRoute[] = [
  { path: '/settings/audit-logs', component: AuditLogsPage },
  { path: '/settings/module-settings', component: ModuleSettingsPage },
  { path: '/settings/user-settings/user-roles', component: UserRolesPage },
];
