import { hasPrivilege, type PrivilegeRule } from './privileges.ts';

/** One entry of the navigation tree. `path` is relative to its parent. */
export type NavItem = {
  key: string;
  label: string;
  path: string;
  privilege?: PrivilegeRule;
  /** A feature shown only for modules named by a global setting (JSON with moduleId). */
  moduleFeature?: string;
  children?: readonly NavItem[];
};

export type NavSection = {
  key: string;
  label: string;
  basePath: string;
  privilege?: PrivilegeRule;
  /** A dynamic section fills its items at run time (dashboards) and stays visible without static items. */
  isDynamic?: boolean;
  isAlwaysVisible?: boolean;
  /** Key of a SHOW_NAV_ITEM_FOR_MODULES setting: a comma-separated list of module ids that see this section. */
  moduleSetting?: string;
  items: readonly NavItem[];
};

const p = (code: PrivilegeRule['code'], extra: Omit<PrivilegeRule, 'code'> = {}): PrivilegeRule => ({ code, ...extra });

export const NAV_TREE: readonly NavSection[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    basePath: '/dashboard',
    privilege: p('dashboards'),
    isDynamic: true,
    items: [
      { key: 'all', label: 'All Dashboard', path: 'all' },
      { key: 'dashlet-list', label: 'Dashlet List', path: 'dashlet-list', privilege: p('dashletConfig') },
      { key: 'new-dashboard', label: 'New Dashboard', path: 'new-dashboard', privilege: p('dashboardConfig') },
      { key: 'create-dashlet', label: 'New Dashlet', path: 'create-dashlet', privilege: p('dashletConfig') },
    ],
  },
  {
    key: 'transactions',
    label: 'Transactions',
    basePath: '/transactions',
    items: [
      { key: 'global-search', label: 'Global Search', path: 'global-search', privilege: p('globalSearch') },
      {
        key: 'recon',
        label: 'Recon',
        path: 'recon',
        children: [
          { key: 'all', label: 'All', path: 'all', privilege: p('allTransactions') },
          { key: 'reconciled', label: 'Reconciled', path: 'reconciled', privilege: p('reconciledTransaction') },
          { key: 'unreconciled', label: 'Unreconciled', path: 'unreconciled', privilege: p('unReconciledTransaction') },
          { key: 'reversal', label: 'Reversal', path: 'reversal', privilege: p('reversal') },
          { key: 'knockoff', label: 'Knock off', path: 'knockoff', privilege: p('knockOff') },
          { key: 'duplicate-match', label: 'Duplicate match', path: 'duplicate-match', privilege: p('reconDuplicate') },
        ],
      },
      {
        key: 'lien-actions',
        label: 'Lien Actions',
        path: 'lien-actions',
        moduleFeature: 'LIEN_MARKING',
        children: [
          { key: 'marked', label: 'Marked', path: 'marked', privilege: p('lienMarking') },
          { key: 'released', label: 'Released', path: 'released', privilege: p('lienMarking') },
          { key: 'action-history', label: 'Action History', path: 'action-history', privilege: p('lienMarking') },
          {
            key: 'file-upload-history',
            label: 'File Upload History',
            path: 'file-upload-history',
            privilege: p('lienMarking'),
          },
        ],
      },
      {
        key: 'pipeline',
        label: 'Pipeline',
        path: 'pipeline',
        children: [
          { key: 'invalid', label: 'Invalid', path: 'invalid', privilege: p('invalidData') },
          { key: 'duplicates', label: 'Duplicates', path: 'duplicates', privilege: p('pipelineDuplicate') },
        ],
      },
      { key: 'mapped-row', label: 'Mapped Row', path: 'mapped-row', privilege: p('viewMappedRow') },
      { key: 'recon-mapping', label: 'Recon Mapping', path: 'recon-mapping', privilege: p('viewMapping') },
    ],
  },
  {
    key: 'operations',
    label: 'Operations',
    basePath: '/operations',
    items: [
      {
        key: 'configuration',
        label: 'Configuration',
        path: 'configuration',
        children: [
          { key: 'data-tables', label: 'Data Tables', path: 'data-tables', privilege: p('viewAdminDataTable') },
          { key: 'pipelines', label: 'Pipelines', path: 'pipelines', privilege: p('pipelines') },
          { key: 'migration-rules', label: 'Migration Rules', path: 'migration-rules', privilege: p('migrationRules') },
          { key: 'recons', label: 'Recons', path: 'recons', privilege: p('recons') },
          { key: 'recon-rules', label: 'Recon Rules', path: 'recon-rules', privilege: p('rules') },
          { key: 'data-sources', label: 'Data Sources', path: 'data-sources', privilege: p('dataSources') },
          { key: 'master-data', label: 'Master Data', path: 'master-data', privilege: p('masterData') },
        ],
      },
      { key: 'jobs', label: 'Jobs', path: 'jobs', privilege: p('job') },
      {
        key: 'history',
        label: 'History',
        path: 'history',
        children: [
          {
            key: 'execution-history',
            label: 'Execution History',
            path: 'execution-history',
            privilege: p('jobExecutions'),
          },
          { key: 'file-upload', label: 'File Upload', path: 'file-upload', privilege: p('fileUpload') },
          {
            key: 'rollback-history',
            label: 'Rollback History',
            path: 'rollback-history',
            privilege: p('rollbackHistory'),
          },
        ],
      },
      {
        key: 'commission-calculation',
        label: 'Commission Calculation',
        path: 'commission-calculation',
        moduleFeature: 'COMMISSION_CALCULATION',
        children: [
          {
            key: 'plans',
            label: 'Plans',
            path: 'plans',
            privilege: p('commissionCalView', { anyOf: ['commissionCalAdmin'] }),
          },
        ],
      },
      {
        key: 'cashback',
        label: 'Cashback',
        path: 'cashback',
        privilege: p('cashbackCoupon'),
        moduleFeature: 'CASHBACK',
      },
    ],
  },
  {
    key: 'my-jobs',
    label: 'My Jobs',
    basePath: '/my-jobs',
    items: [
      { key: 'approvals', label: 'Approvals', path: 'approvals', privilege: p('pendingApprovals') },
      { key: 'alerts', label: 'Alerts', path: 'alerts', privilege: p('notificationCenter') },
      {
        key: 'tickets',
        label: 'Tickets',
        path: 'tickets',
        children: [
          { key: 'internal', label: 'Internal', path: 'internal', privilege: p('ticket') },
          { key: 'external', label: 'External', path: 'external', privilege: p('ticket') },
        ],
      },
      { key: 'file-approvals', label: 'File Approvals', path: 'file-approvals', privilege: p('fileApproval') },
    ],
  },
  {
    key: 'reports',
    label: 'Reports',
    basePath: '/reports',
    items: [
      {
        key: 'reports-execution',
        label: 'Reports Execution',
        path: 'reports-execution',
        privilege: p('reportExecutions'),
      },
      {
        key: 'report-config-list',
        label: 'Report Config List',
        path: 'report-config-list',
        privilege: p('reportsList'),
      },
      { key: 'gl-config', label: 'GL Config', path: 'gl-config', privilege: p('glConfig') },
      { key: 'brs-report', label: 'BRS Report', path: 'brs-report', privilege: p('brsReport') },
    ],
  },
  {
    key: 'merchant-disputes',
    label: 'Merchant Disputes',
    basePath: '/merchant-disputes',
    items: [
      { key: 'all', label: 'All', path: 'all', privilege: p('readMerchantDisputes') },
      { key: 'charge-back', label: 'Charge Back', path: 'charge-back', privilege: p('readMerchantDisputes') },
      {
        key: 'pre-arbitrations',
        label: 'Pre Arbitrations',
        path: 'pre-arbitrations',
        privilege: p('readMerchantDisputes'),
      },
      { key: 'arbitrations', label: 'Arbitrations', path: 'arbitrations', privilege: p('readMerchantDisputes') },
    ],
  },
  {
    key: 'upi',
    label: 'UPI',
    basePath: '/upi',
    moduleSetting: 'UPI',
    items: [
      { key: 'summary', label: 'Summary', path: 'summary', privilege: p('upiDisputes') },
      { key: 'upload-and-recon', label: 'Upload & Recon', path: 'upload-and-recon', privilege: p('upiDisputes') },
      { key: 'todo', label: 'To Do', path: 'todo', privilege: p('upiDisputes') },
    ],
  },
  {
    key: 'disputes',
    label: 'Disputes',
    basePath: '/disputes',
    moduleSetting: 'DISPUTES',
    items: [
      {
        key: 'upi-dispute',
        label: 'UPI Disputes',
        path: 'upi-dispute',
        privilege: p('upiDisputes'),
        children: [
          { key: 'inward', label: 'Inward', path: 'inward' },
          { key: 'outward', label: 'Outward', path: 'outward' },
          { key: 'raise-dispute', label: 'Raise Dispute', path: 'raise-dispute' },
          { key: 'bulk-raise-dispute', label: 'Bulk Raise Dispute', path: 'bulk-raise-dispute' },
          { key: 'bulk-action-dispute', label: 'Bulk Action Dispute', path: 'bulk-action-dispute' },
          { key: 'goodfaith', label: 'Goodfaith', path: 'goodfaith' },
          { key: 'reporting', label: 'Reporting', path: 'reporting' },
        ],
      },
      {
        key: 'imps-dispute',
        label: 'IMPS Disputes',
        path: 'imps-dispute',
        privilege: p('impsDisputes'),
        children: [
          { key: 'inward', label: 'Inward', path: 'inward' },
          { key: 'outward', label: 'Outward', path: 'outward' },
          { key: 'raise-dispute', label: 'Raise Dispute', path: 'raise-dispute' },
          { key: 'reporting', label: 'Reporting', path: 'reporting' },
        ],
      },
      {
        key: 'aeps-dispute',
        label: 'AEPS Disputes',
        path: 'aeps-dispute',
        privilege: p('aepsDisputes'),
        children: [
          { key: 'inward', label: 'Acquirer', path: 'inward' },
          { key: 'outward', label: 'Issuer', path: 'outward' },
          { key: 'raise-dispute', label: 'Raise Dispute', path: 'raise-dispute' },
          { key: 'reporting', label: 'Reporting', path: 'reporting' },
        ],
      },
      {
        key: 'upi-adjustments',
        label: 'UPI Adjustments',
        path: 'upi-adjustments',
        privilege: p('upiAdjustment'),
        children: [
          { key: 'credit', label: 'Credit', path: 'credit' },
          { key: 'manual', label: 'Manual', path: 'manual' },
        ],
      },
      {
        key: 'imps-adjustments',
        label: 'IMPS Adjustments',
        path: 'imps-adjustments',
        privilege: p('impsAdjustment'),
        children: [
          { key: 'credit', label: 'Credit', path: 'credit' },
          { key: 'manual', label: 'Manual', path: 'manual' },
        ],
      },
    ],
  },
  {
    key: 'banking-module',
    label: 'Banking Module',
    basePath: '/banking-module',
    privilege: p('bankingModule'),
    moduleSetting: 'BANKING_MODULE',
    items: [
      { key: 'atms', label: 'BNA/ATM Master Data', path: 'atms', privilege: p('atm') },
      { key: 'atm-eod', label: 'Atm Eod', path: 'atm-eod', privilege: p('atmEod') },
      { key: 'vault-recon', label: 'Vault Recon', path: 'vault-recon', privilege: p('vaultRecon') },
      { key: 'atm-chargebacks', label: 'Atm Chargebacks', path: 'atm-chargebacks', privilege: p('atmChargeback') },
    ],
  },
  {
    key: 'settings',
    label: 'Settings',
    basePath: '/settings',
    items: [
      {
        key: 'user-settings',
        label: 'User Settings',
        path: 'user-settings',
        children: [
          { key: 'users', label: 'Users', path: 'users', privilege: p('users') },
          { key: 'user-roles', label: 'User Roles', path: 'user-roles', privilege: p('roles') },
        ],
      },
      { key: 'approval-rights', label: 'Approval Rights', path: 'approval-rights', privilege: p('approvelRight') },
      {
        key: 'data-administration',
        label: 'Data Administration',
        path: 'data-administration',
        children: [
          {
            key: 'partition-settings',
            label: 'Partition Settings',
            path: 'partition-settings',
            privilege: p('dataAdministration'),
          },
        ],
      },
      { key: 'notifications', label: 'Notifications', path: 'notifications', privilege: p('notifications') },
      { key: 'audit-logs', label: 'Audit Logs', path: 'audit-logs', privilege: p('auditLogs') },
      {
        key: 'integrations',
        label: 'Integrations',
        path: 'integrations',
        children: [
          { key: 'o-auth', label: 'OAuth', path: 'o-auth', privilege: p('integrations') },
          { key: 'app-directory', label: 'App Directory', path: 'app-directory', privilege: p('integrations') },
          { key: 'connected-apps', label: 'Connected Apps', path: 'connected-apps', privilege: p('integrations') },
          { key: 'tag-mapping', label: 'Tag Mapping', path: 'tag-mapping', privilege: p('integrations') },
          { key: 'brand-login', label: 'Brand Login', path: 'brand-login', privilege: p('integrations') },
          { key: 'auth-config', label: 'Auth Config', path: 'auth-config', privilege: p('integrations') },
          {
            key: 'email-parsing-config',
            label: 'Email Parsing Config',
            path: 'email-parsing-config',
            privilege: p('emailParsingConfig'),
          },
          { key: 'saml-setup', label: 'SAML Setup', path: 'saml-setup', privilege: p('integrations') },
          // Not in the spec (decision 0023): the LDAP directory, next to SAML.
          { key: 'ldap-setup', label: 'LDAP Setup', path: 'ldap-setup', privilege: p('integrations') },
        ],
      },
      { key: 'module-settings', label: 'Module Settings', path: 'module-settings', privilege: p('modules') },
    ],
  },
];

/** Downloads dropdown entries (no page of their own). */
export const DOWNLOAD_ENTRIES: readonly NavItem[] = [
  { key: 'dashboard-downloads', label: 'Dashboard Downloads', path: 'dashboard-downloads', privilege: p('dashboards') },
  {
    key: 'transaction-downloads',
    label: 'Transaction Downloads',
    path: 'transaction-downloads',
    privilege: p('viewRecons', { anyOf: ['recons'] }),
  },
  { key: 'report-downloads', label: 'Report Downloads', path: 'report-downloads', privilege: p('reportExecutions') },
  {
    key: 'approval-downloads',
    label: 'Approval Downloads',
    path: 'approval-downloads',
    privilege: p('pendingApprovals'),
  },
  {
    key: 'brs-report-downloads',
    label: 'BRS Report Downloads',
    path: 'brs-report-downloads',
    privilege: p('brsReport'),
  },
];

/** What decides module-filtered visibility: the SHOW_NAV_ITEM_FOR_MODULES settings, already parsed. */
export type ModuleNavFilter = {
  /** Section key → module ids allowed; a section with a moduleSetting absent here is hidden. */
  sections: Readonly<Record<string, readonly number[]>>;
  /** Feature key → module ids allowed; a feature absent here is visible everywhere. */
  features: Readonly<Record<string, readonly number[]>>;
};

export type VisibleNavItem = Omit<NavItem, 'children'> & { fullPath: string; children?: VisibleNavItem[] };
export type VisibleNavSection = Omit<NavSection, 'items'> & { items: VisibleNavItem[] };

function filterItems(
  items: readonly NavItem[],
  base: string,
  held: ReadonlySet<string>,
  moduleId: number | null,
  filter: ModuleNavFilter,
): VisibleNavItem[] {
  const out: VisibleNavItem[] = [];
  for (const item of items) {
    if (!hasPrivilege(held, item.privilege)) continue;
    if (item.moduleFeature) {
      const allowed = filter.features[item.moduleFeature];
      if (allowed && (moduleId === null || !allowed.includes(moduleId))) continue;
    }
    const fullPath = `${base}/${item.path}`;
    const { children, ...rest } = item;
    if (children) {
      const visibleChildren = filterItems(children, fullPath, held, moduleId, filter);
      // A parent whose children are all hidden is hidden too.
      if (visibleChildren.length === 0) continue;
      out.push({ ...rest, fullPath, children: visibleChildren });
    } else {
      out.push({ ...rest, fullPath });
    }
  }
  return out;
}

/**
 * The tree a user sees: items hidden unless their privilege is held, parents with no visible children
 * hidden, sections with no visible items hidden unless dynamic or always visible, module-filtered
 * sections and features hidden outside their modules.
 */
export function visibleNav(
  held: ReadonlySet<string>,
  moduleId: number | null,
  filter: ModuleNavFilter = { sections: {}, features: {} },
): VisibleNavSection[] {
  const out: VisibleNavSection[] = [];
  for (const section of NAV_TREE) {
    if (!hasPrivilege(held, section.privilege)) continue;
    if (section.moduleSetting) {
      const allowed = filter.sections[section.moduleSetting] ?? [];
      if (moduleId === null || !allowed.includes(moduleId)) continue;
    }
    const items = filterItems(section.items, section.basePath, held, moduleId, filter);
    if (items.length === 0 && !section.isDynamic && !section.isAlwaysVisible) continue;
    out.push({ ...section, items });
  }
  return out;
}

/** Every leaf path of the tree, for routing: full path → the privilege rule that guards it. */
export function navLeaves(): { fullPath: string; label: string; privilege?: PrivilegeRule; sectionKey: string }[] {
  const leaves: { fullPath: string; label: string; privilege?: PrivilegeRule; sectionKey: string }[] = [];
  const walk = (items: readonly NavItem[], base: string, sectionKey: string, inherited?: PrivilegeRule) => {
    for (const item of items) {
      const fullPath = `${base}/${item.path}`;
      const rule = item.privilege ?? inherited;
      if (item.children) walk(item.children, fullPath, sectionKey, rule);
      else leaves.push({ fullPath, label: item.label, privilege: rule, sectionKey });
    }
  };
  for (const s of NAV_TREE) walk(s.items, s.basePath, s.key, s.privilege);
  return leaves;
}

/**
 * Tabs of Transactions › Recon, as the navigation names their paths. Here, not in transactions.ts, because the app's
 * route table reads them at first load and transactions.ts declares schemas (zod would load with /login).
 */
export const TRANSACTION_TABS = [
  'all',
  'reconciled',
  'unreconciled',
  'reversal',
  'knockoff',
  'duplicate-match',
] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/**
 * The full path of a navigation entry by its keys from the section down: navPath('operations', 'history',
 * 'rollback-history') is '/operations/history/rollback-history'. The tree is the one place a page path is written;
 * an unknown key throws, so a path that drifts from the tree fails where it is declared.
 */
export function navPath(sectionKey: string, ...keys: readonly string[]): string {
  const section = NAV_TREE.find((s) => s.key === sectionKey);
  if (!section) throw new Error(`No navigation section ${sectionKey}`);
  let path = section.basePath;
  let items: readonly NavItem[] = section.items;
  for (const key of keys) {
    const item = items.find((i) => i.key === key);
    if (!item) throw new Error(`No navigation entry ${[sectionKey, ...keys].join(' › ')}`);
    path = `${path}/${item.path}`;
    items = item.children ?? [];
  }
  return path;
}
