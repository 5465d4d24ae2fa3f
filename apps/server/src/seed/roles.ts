import type { PrivilegeCode } from '@recon/contract';
import { PRIVILEGE_CODES } from '@recon/contract';

const ALL = PRIVILEGE_CODES;
const TRANSACTIONS: readonly PrivilegeCode[] = [
  'globalSearch',
  'allTransactions',
  'reconciledTransaction',
  'unReconciledTransaction',
  'reversal',
  'knockOff',
  'reconDuplicate',
  'invalidData',
  'pipelineDuplicate',
  'viewMappedRow',
  'viewMapping',
  'viewRecons',
];
const OPERATIONS_VIEW: readonly PrivilegeCode[] = [
  'job',
  'jobExecutions',
  'fileUpload',
  'rollbackHistory',
  'viewRule',
  'viewDataSource',
];
const OPERATIONS_CONFIG: readonly PrivilegeCode[] = [
  'viewAdminDataTable',
  'pipelines',
  'migrationRules',
  'recons',
  'rules',
  'dataSources',
  'masterData',
  'createEditRule',
  'createEditDataSource',
  'createJob',
  'commissionCalView',
  'commissionCalAdmin',
  'cashbackCoupon',
];
const MY_JOBS: readonly PrivilegeCode[] = [
  'pendingApprovals',
  'notifications',
  'ticket',
  'fileApproval',
  'notificationCenter',
];
const REPORTS: readonly PrivilegeCode[] = [
  'reportExecutions',
  'reportsList',
  'glConfig',
  'brsReport',
  'dashboards',
  'dashletConfig',
  'dashboardConfig',
];

/** Seeded roles and their first grants. Grants are data afterwards: edits made in the product are kept. */
export const SEEDED_ROLES: readonly {
  name: string;
  isMaker?: boolean;
  isChecker?: boolean;
  grants: readonly PrivilegeCode[];
}[] = [
  { name: 'ROLE_ADMIN', grants: ALL },
  {
    name: 'ROLE_MANAGER',
    grants: [
      ...TRANSACTIONS,
      'lienMarking',
      ...OPERATIONS_VIEW,
      ...OPERATIONS_CONFIG,
      ...MY_JOBS,
      ...REPORTS,
      'readMerchantDisputes',
      'auditLogs',
      'createModule',
    ],
  },
  {
    name: 'ROLE_OPERATOR',
    grants: [
      ...TRANSACTIONS,
      'lienMarking',
      ...OPERATIONS_VIEW,
      'ticket',
      'notifications',
      'notificationCenter',
      'dashboards',
    ],
  },
  {
    name: 'ROLE_SUPPORT',
    grants: [
      'globalSearch',
      'allTransactions',
      'viewRecons',
      'ticket',
      'notifications',
      'notificationCenter',
      'readMerchantDisputes',
    ],
  },
  { name: 'ROLE_FINOPS', grants: [...TRANSACTIONS, ...REPORTS, 'jobExecutions', 'fileUpload', 'notificationCenter'] },
  {
    name: 'ROLE_MAKER',
    isMaker: true,
    grants: [...TRANSACTIONS, 'lienMarking', ...OPERATIONS_VIEW, 'fileUpload', 'notificationCenter', 'ticket'],
  },
  {
    name: 'ROLE_CHECKER',
    isChecker: true,
    grants: [...TRANSACTIONS, ...OPERATIONS_VIEW, 'pendingApprovals', 'fileApproval', 'notificationCenter'],
  },
];

export const SEEDED_DEPARTMENTS = [
  'Finance Operations',
  'Treasury',
  'Risk and Compliance',
  'Customer Support',
] as const;

/** Defaults of the setting groups the client loads. */
export const DEFAULT_SETTINGS: readonly { group: string; key: string; value: string }[] = [
  { group: 'USER', key: 'CAPTCHA', value: 'false' },
  { group: 'USER', key: 'MULTIFACTOR_AUTHENTICATION', value: 'false' },
  { group: 'USER', key: 'NUMBER_FORMAT', value: 'en-IN' },
  { group: 'USER', key: 'NUMBER_FORMAT_SCALE', value: '2' },
  { group: 'USER', key: 'ALLOWED_USER_EMAIL_DOMAINS', value: '' },
  { group: 'USER', key: 'IS_PHONE_NO_REQUIRED_IN_NEW_USER_CREATION', value: 'false' },
  { group: 'USER', key: 'IS_OTP_REQUIRED_IN_FORGOT_PASSWORD', value: 'false' },
  { group: 'USER', key: 'USER_DEPARTMENT', value: 'true' },
  { group: 'BATCH_SETTING', key: 'BATCH_SLOT_MINUTES', value: '15' },
  { group: 'DISPUTES', key: 'DISPUTE_TAT_DAYS', value: '30' },
  { group: 'SHOW_NAV_ITEM_FOR_MODULES', key: 'UPI', value: '' },
  { group: 'SHOW_NAV_ITEM_FOR_MODULES', key: 'DISPUTES', value: '' },
  { group: 'SHOW_NAV_ITEM_FOR_MODULES', key: 'BANKING_MODULE', value: '' },
  { group: 'SHOW_NAV_ITEM_FOR_MODULES', key: 'LIEN_MARKING', value: '{"moduleId":[]}' },
  { group: 'SHOW_NAV_ITEM_FOR_MODULES', key: 'COMMISSION_CALCULATION', value: '{"moduleId":[]}' },
  { group: 'SHOW_NAV_ITEM_FOR_MODULES', key: 'CASHBACK', value: '{"moduleId":[]}' },
  { group: 'ATM_CHARGEBACK', key: 'CHARGEBACK_TAT_DAYS', value: '45' },
  { group: 'EMAIL_SETTING', key: 'EMAIL_LIMIT_SETTING', value: '500' },
  { group: 'DATA_ADMINISTRATION', key: 'PARTITIONING_AVAILABLE', value: 'false' },
];

/** "reconciledTransaction" → "Reconciled transaction". */
export function describePrivilege(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
