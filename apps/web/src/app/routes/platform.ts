import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const ApprovalRightsPage = lazy(withTexts('platform', () => import('@/features/approval-rights/approval-rights-page')));
const AuditLogsPage = lazy(withTexts('platform', () => import('@/features/audit-logs/audit-logs-page')));
const ModuleSettingsPage = lazy(() => import('@/features/modules/module-settings-page'));
const UsersPage = lazy(withTexts('platform', () => import('@/features/users/users-page')));
const UserRolesPage = lazy(withTexts('platform', () => import('@/features/roles/user-roles-page')));
const OAuthPage = lazy(withTexts('platform', () => import('@/features/integrations/o-auth-page')));
const AppDirectoryPage = lazy(withTexts('platform', () => import('@/features/integrations/app-directory-page')));
const ConnectedAppsPage = lazy(withTexts('platform', () => import('@/features/integrations/connected-apps-page')));
const TagMappingPage = lazy(withTexts('platform', () => import('@/features/integrations/tag-mapping-page')));
const BrandLoginPage = lazy(withTexts('platform', () => import('@/features/integrations/brand-login-page')));
const EmailParsingConfigPage = lazy(
  withTexts('platform', () => import('@/features/integrations/email-parsing-config-page')),
);
const AuthConfigPage = lazy(withTexts('platform', () => import('@/features/integrations/auth-config-page')));
const SamlSetupPage = lazy(withTexts('platform', () => import('@/features/saml-setup/saml-setup-page')));
const NotificationSettingsPage = lazy(
  withTexts('myJobs', () => import('@/features/notifications/notification-settings-page')),
);
const LdapSetupPage = lazy(withTexts('platform', () => import('@/features/ldap-setup/ldap-setup-page')));

/** Settings pages of the platform (spec 1) and the integrations' config resources (spec 3). */
export const PLATFORM_PAGES: readonly PageRoute[] = [
  { path: PATHS.auditLogs, component: AuditLogsPage },
  { path: PATHS.moduleSettings, component: ModuleSettingsPage },
  { path: PATHS.users, component: UsersPage },
  { path: PATHS.userRoles, component: UserRolesPage },
  { path: PATHS.approvalRights, component: ApprovalRightsPage },
  { path: PATHS.notificationSettings, component: NotificationSettingsPage },
  { path: PATHS.oAuth, component: OAuthPage },
  { path: PATHS.appDirectory, component: AppDirectoryPage },
  { path: PATHS.connectedApps, component: ConnectedAppsPage },
  { path: PATHS.tagMapping, component: TagMappingPage },
  { path: PATHS.brandLogin, component: BrandLoginPage },
  { path: PATHS.emailParsingConfig, component: EmailParsingConfigPage },
  { path: PATHS.authConfig, component: AuthConfigPage },
  { path: PATHS.samlSetup, component: SamlSetupPage },
  { path: PATHS.ldapSetup, component: LdapSetupPage },
];
