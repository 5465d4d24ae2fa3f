export const RELEASE_LABEL = 'sit_03.25.0-15';

export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40, 50, 100, 200, 1000, 2000] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_JOB_PAGE_SIZE = 15;
export const DEFAULT_DATE_RANGE_DAYS = 15;

export const REFRESH_RETRY_COUNT = 3;
export const REFRESH_RETRY_DELAY_MS = 200;
/** A forced logout shows the server's message only if the refresh token was due to expire after now − 2 h. */
export const REFRESH_EXPIRY_WINDOW_MS = 2 * 60 * 60 * 1000;

export const TOAST_DURATION_MS = 2500;
export const TOAST_ERROR_DURATION_MS = 10_000;
export const SIDEBAR_FLYOUT_CLOSE_DELAY_MS = 150;
export const ERROR_REPORTING_SAMPLE_RATE = 0.2;

export const MODULE_STATUSES = ['ACTIVE', 'APPROVAL_PENDING', 'APPROVAL_REJECTED', 'INACTIVE'] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

export const REGISTRATION_STATUSES = [
  'REQUESTED',
  'APPROVED',
  'REJECTED',
  'REQUESTED_VIA_SAML',
  'REQUESTED_VIA_LDAP',
  'RAISED_FOR_APPROVAL',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const FILTER_OPERATORS = [
  'EQUAL',
  'GREATER_THAN',
  'LESS_THAN',
  'LESS_THAN_EQUAL',
  'GREATER_THAN_EQUAL',
  'NOT_EQUAL',
  'IN',
  'NOT_IN',
  'LIKE',
  'NOT_LIKE',
  'BETWEEN',
  'NOT_BETWEEN',
  'IS_NULL',
  'IS_NOT_NULL',
  'CONTAINS',
  'STARTS_WITH',
  'ENDS_WITH',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export const FILTER_CONNECTORS = ['AND', 'OR'] as const;
export const ADJUSTMENTS = ['ADD', 'SUBTRACT'] as const;

export const RECON_STATUSES = [
  'ALL',
  'RECONCILED',
  'UNRECONCILED',
  'SAME_SIDE_REVERSAL',
  'DUPLICATE_MATCH',
  'DUPLICATE',
  'INVALID',
  'KNOCK_OFF',
  'RELAX_MATCH',
  'ACTION_IN_PROGRESS',
  'LATE_REVERSAL',
  'PROPOSE_MATCH',
  'PARTIAL_RECONCILED',
  'DISPUTE',
  'UPLOADED',
] as const;
export type ReconStatus = (typeof RECON_STATUSES)[number];

export const DATE_FORMATS = {
  display: 'DD-MM-YYYY',
  iso: 'YYYY-MM-DD',
  dateTime: 'DD-MM-YYYY hh:mm A',
  month: 'MM/YYYY',
} as const;
export const NUMBER_FORMATS = { indian: 'en-IN', international: 'en-US' } as const;
export const DEFAULT_CURRENCY = 'INR';
export const CURRENCY_DECIMALS = 2;
