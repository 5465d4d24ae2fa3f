import { navPath } from '@recon/contract/nav';

/**
 * The paths of the built pages, taken from the navigation tree (the one place a page path is written): the route
 * table registers its pages under them and features link to them. Sub-pages (create, edit, view) append to these.
 */
export const PATHS = {
  transactionsRecon: navPath('transactions', 'recon'),
  globalSearch: navPath('transactions', 'global-search'),
  mappedRow: navPath('transactions', 'mapped-row'),
  reconMapping: navPath('transactions', 'recon-mapping'),
  invalidRows: navPath('transactions', 'pipeline', 'invalid'),
  duplicateRows: navPath('transactions', 'pipeline', 'duplicates'),
  lienActionHistory: navPath('transactions', 'lien-actions', 'action-history'),
  dataTables: navPath('operations', 'configuration', 'data-tables'),
  pipelines: navPath('operations', 'configuration', 'pipelines'),
  recons: navPath('operations', 'configuration', 'recons'),
  reconRules: navPath('operations', 'configuration', 'recon-rules'),
  dataSources: navPath('operations', 'configuration', 'data-sources'),
  masterData: navPath('operations', 'configuration', 'master-data'),
  jobs: navPath('operations', 'jobs'),
  executionHistory: navPath('operations', 'history', 'execution-history'),
  fileUploadHistory: navPath('operations', 'history', 'file-upload'),
  rollbackHistory: navPath('operations', 'history', 'rollback-history'),
  approvals: navPath('my-jobs', 'approvals'),
  glConfig: navPath('reports', 'gl-config'),
  internalTickets: navPath('my-jobs', 'tickets', 'internal'),
  externalTickets: navPath('my-jobs', 'tickets', 'external'),
  settings: navPath('settings'),
  auditLogs: navPath('settings', 'audit-logs'),
  moduleSettings: navPath('settings', 'module-settings'),
  users: navPath('settings', 'user-settings', 'users'),
  userRoles: navPath('settings', 'user-settings', 'user-roles'),
  approvalRights: navPath('settings', 'approval-rights'),
  oAuth: navPath('settings', 'integrations', 'o-auth'),
  appDirectory: navPath('settings', 'integrations', 'app-directory'),
  connectedApps: navPath('settings', 'integrations', 'connected-apps'),
  tagMapping: navPath('settings', 'integrations', 'tag-mapping'),
  brandLogin: navPath('settings', 'integrations', 'brand-login'),
  emailParsingConfig: navPath('settings', 'integrations', 'email-parsing-config'),
  samlSetup: navPath('settings', 'integrations', 'saml-setup'),
  ldapSetup: navPath('settings', 'integrations', 'ldap-setup'),
  authConfig: navPath('settings', 'integrations', 'auth-config'),
} as const;
