/** Privilege codes (version v2), as the spec lists them. Grants to roles are data; this is the catalogue. */
export const PRIVILEGE_CODES = [
  'readMerchantDisputes',
  'pendingApprovals',
  'notifications',
  'ticket',
  'fileApproval',
  'notificationCenter',
  'viewAdminDataTable',
  'pipelines',
  'migrationRules',
  'recons',
  'rules',
  'dataSources',
  'masterData',
  'job',
  'jobExecutions',
  'fileUpload',
  'rollbackHistory',
  'commissionCalView',
  'commissionCalAdmin',
  'cashbackCoupon',
  'reportExecutions',
  'reportsList',
  'glConfig',
  'brsReport',
  'users',
  'roles',
  'approvelRight',
  'dataAdministration',
  'subscriptions',
  'auditLogs',
  'integrations',
  'emailParsingConfig',
  'modules',
  'createModule',
  'globalSearch',
  'allTransactions',
  'reconciledTransaction',
  'unReconciledTransaction',
  'reversal',
  'knockOff',
  'reconDuplicate',
  'lienMarking',
  'invalidData',
  'pipelineDuplicate',
  'viewMappedRow',
  'viewMapping',
  'viewRule',
  'createEditRule',
  'createEditDataSource',
  'viewDataSource',
  'createJob',
  'dashboards',
  'dashletConfig',
  'dashboardConfig',
  'bankingModule',
  'viewRecons',
  'atm',
  'atmEod',
  'vaultRecon',
  'atmChargeback',
  'upiDisputes',
  'impsDisputes',
  'aepsDisputes',
  'upiAdjustment',
  'impsAdjustment',
] as const;
export type PrivilegeCode = (typeof PRIVILEGE_CODES)[number];

export const PRIVILEGE_VERSIONS = ['v1', 'v2'] as const;
export type PrivilegeVersion = (typeof PRIVILEGE_VERSIONS)[number];

export const ROLE_ADMIN = 'ROLE_ADMIN';

/** The roles every installation starts with: their grants are edited, they are never renamed nor deleted. */
export const BUILT_IN_ROLES = [
  ROLE_ADMIN,
  'ROLE_MANAGER',
  'ROLE_OPERATOR',
  'ROLE_SUPPORT',
  'ROLE_FINOPS',
  'ROLE_MAKER',
  'ROLE_CHECKER',
] as const;

export const ROLE_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  ROLE_ADMIN: 'Admin',
  ROLE_MANAGER: 'Manager',
  ROLE_OPERATOR: 'Operator',
  ROLE_SUPPORT: 'Support',
  ROLE_CARD_OPS: 'Card Ops',
  ROLE_CARD_CX: 'Card Cx',
  ROLE_M2P: 'M2p',
  ROLE_FINOPS: 'Finops',
  ROLE_MAKER: 'Maker',
  ROLE_CHECKER: 'Checker',
};

/** Display name of a role; an unknown role shows its raw value. */
export function roleDisplayName(role: string): string {
  return ROLE_DISPLAY_NAMES[role] ?? role;
}

/**
 * A privilege requirement, with the client's guard semantics: no code passes; otherwise the code, or any
 * one of `anyOf`, must be held, and every code of `allOf` too.
 */
export type PrivilegeRule = {
  code?: PrivilegeCode;
  anyOf?: readonly PrivilegeCode[];
  allOf?: readonly PrivilegeCode[];
};

export function hasPrivilege(held: ReadonlySet<string>, rule: PrivilegeRule | undefined): boolean {
  if (!rule || (!rule.code && !rule.anyOf?.length && !rule.allOf?.length)) return true;
  const alternatives = [...(rule.code ? [rule.code] : []), ...(rule.anyOf ?? [])];
  const anyOk = alternatives.length === 0 || alternatives.some((c) => held.has(c));
  const allOk = (rule.allOf ?? []).every((c) => held.has(c));
  return anyOk && allOk;
}
