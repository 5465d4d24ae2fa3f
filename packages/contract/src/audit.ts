import { z } from 'zod';
import { calendarDateOrTimeSchema } from './dates.ts';
import { pagedQuerySchema } from './paging.ts';

/** Security and change events written to the audit log. */
export const AUDIT_EVENTS = [
  'LOGIN_SUCCESS',
  'LOGIN_FAILURE',
  'LOGIN_OTP_SENT',
  'OTP_FAILURE',
  'ACCOUNT_LOCKED',
  'USER_ENABLED',
  'USER_DISABLED',
  'USER_CREATED',
  'USER_UPDATED',
  'SSO_USER_APPROVED',
  'SSO_USER_REJECTED',
  'LOGOUT',
  'TOKEN_REFRESHED',
  'REFRESH_TOKEN_REUSE',
  'REFRESH_FAILURE',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET',
  'CONTACT_NUMBER_UPDATED',
  'PRIVILEGES_UPDATED',
  'ROLE_CREATED',
  'ROLE_UPDATED',
  'ROLE_DELETED',
  'APPROVAL_RIGHTS_UPDATED',
  'NOTIFICATION_PREFERENCES_UPDATED',
  'MODULE_CREATED',
  'MODULE_UPDATED',
  'MODULE_DELETED',
  'MODULE_USERS_ADDED',
  'MODULE_USERS_REMOVED',
  'DEPARTMENT_ASSIGNED',
  // SAML sign-in (issue 13): its identity-provider registrations, and a first sign-in that asks for access
  'SAML_CONFIG_CREATED',
  'SAML_CONFIG_UPDATED',
  'SAML_CONFIG_DELETED',
  'AUTH_CONFIG_UPDATED',
  'PASSWORD_CHANGED',
  'PASSWORD_EXPIRED',
  'SAML_USER_REQUESTED',
  // LDAP sign-in (issue 13, decision 0026): the directory's setup, and a first sign-in that asks for access
  'LDAP_CONFIG_CREATED',
  'LDAP_CONFIG_UPDATED',
  'LDAP_CONFIG_DELETED',
  'LDAP_USER_REQUESTED',
  // A user's authenticator app (decision 0028)
  'USER_TOTP_ENROLMENT_STARTED',
  'USER_TOTP_CONFIRMED',
  'USER_TOTP_CONFIRM_FAILED',
  'USER_TOTP_RESET',
  'USER_TOTP_RECOVERY_CODES_CREATED',
  'USER_TOTP_RECOVERY_CODE_USED',
  'ACCESS_DENIED',
  // Operations configuration (spec 2): data tables, master data, recons, data sources.
  'DATA_TABLE_CREATED',
  'DATA_TABLE_COLUMN_ADDED',
  'DUPLICATE_CHECK_CONFIG_SAVED',
  'DUPLICATE_CHECK_CONFIG_DELETED',
  'MASTER_DATA_ROW_CREATED',
  'MASTER_DATA_ROW_UPDATED',
  'MASTER_DATA_ROW_DELETED',
  'RECON_CREATED',
  'RECON_UPDATED',
  'RECON_DELETED',
  'DATA_SOURCE_CREATED',
  'DATA_SOURCE_UPDATED',
  'DATA_SOURCE_DUPLICATED',
  'DATA_SOURCE_SEQUENCE_UPDATED',
  'DATA_ELEMENT_CREATED',
  'DATA_ELEMENT_UPDATED',
  // Jobs and their runs (spec 2)
  'JOB_CREATED',
  'JOB_UPDATED',
  'JOB_SETTINGS_UPDATED',
  'JOB_SCHEDULE_CHANGED',
  'JOB_RUN_REQUESTED',
  'JOB_EXECUTION_RETRIED',
  'FILE_APPROVAL_DECIDED',
  'PARALLEL_JOB_CONFIG_CREATED',
  'GL_CONFIG_CREATED',
  'GL_CONFIG_UPDATED',
  'GL_CONFIG_DELETED',
  'GL_BOOKS_CLOSED',
  'GL_BOOKS_REOPENED',
  'GL_REFRESHED',
  'GL_CLOSED_PERIOD_REFUSED',
  // Bank reconciliation statements (decision 0038)
  'BRS_CONFIG_CREATED',
  'BRS_CONFIG_UPDATED',
  'BRS_CONFIG_DELETED',
  // Dashboards and dashlets (decision 0037)
  'DASHLET_CREATED',
  'DASHLET_UPDATED',
  'DASHLET_DELETED',
  'DASHBOARD_CREATED',
  'DASHBOARD_UPDATED',
  'DASHBOARD_LAYOUT_SAVED',
  'DASHBOARD_DELETED',
  'PARALLEL_JOB_CONFIG_UPDATED',
  'PARALLEL_JOB_CONFIG_DELETED',
  // Reports (decision 0036)
  'REPORT_CONFIG_CREATED',
  'REPORT_CONFIG_UPDATED',
  'REPORT_CONFIG_DELETED',
  'REPORT_GROUP_CREATED',
  'REPORT_GROUP_UPDATED',
  'REPORT_GROUP_DELETED',
  'REPORT_RUN',
  // Mail and gateway OAuth integrations (decision 0026); their details never carry a token or key secret
  'OAUTH_ACCOUNT_CONNECTED',
  'OAUTH_ACCOUNT_DISCONNECTED',
  'OAUTH_CONNECT_REFUSED',
  // Integration config resources (spec 3 §7); their details never carry a secret
  'TOTP_CONFIG_CREATED',
  'TOTP_CONFIG_UPDATED',
  'TOTP_CONFIG_DELETED',
  'EMAIL_PARSING_CONFIG_CREATED',
  'EMAIL_PARSING_CONFIG_UPDATED',
  'EMAIL_PARSING_CONFIG_DELETED',
  'BOT_CREDENTIAL_CREATED',
  'BOT_CREDENTIAL_UPDATED',
  'BOT_CREDENTIAL_DELETED',
  'TAG_MAPPING_CREATED',
  'TAG_MAPPING_UPDATED',
  'TAG_MAPPING_DELETED',
  'SECRETS_ROTATED',
  // Pipelines, file-upload configs and uploads (spec 2)
  'PIPELINE_CREATED',
  'PIPELINE_UPDATED',
  'FILE_UPLOAD_CONFIG_CREATED',
  'FILE_UPLOAD_CONFIG_UPDATED',
  'FILE_UPLOADED',
  'FILE_DISCARDED',
  // Recon rules and their order (issue 4)
  'RULE_CREATED',
  'RULE_UPDATED',
  'RULE_GROUP_UPDATED',
  // Recon runs and dry runs (issue 4)
  'RECON_RUN_STARTED',
  // Transactions: actions on a recon's rows (issue 4)
  'TRANSACTIONS_MATCHED',
  'TRANSACTIONS_UNMATCHED',
  'TRANSACTIONS_KNOCKED_OFF',
  'PROPOSED_MATCHES_ACCEPTED',
  'PROPOSED_MATCHES_REJECTED',
  // Rollbacks of job executions (issue 4): requests (refusals audited as FAILURE), retries, outcomes
  'ROLLBACK_REQUESTED',
  'ROLLBACK_RETRIED',
  'ROLLBACK_FINISHED',
  'ROLLBACK_FAILED',
  // Maker-checker approvals (decision 0010): a request sent for approval, and its decision
  'APPROVAL_REQUESTED',
  'APPROVAL_APPROVED',
  'APPROVAL_REJECTED',
  'APPROVAL_FAILED',
  // Exports and downloads (issue 4): a request, and its file fetched with the one-time token
  'DOWNLOAD_REQUESTED',
  'DOWNLOAD_FILE_SERVED',
  // Tickets (issue 14, decision 0025): every change of a ticket
  'TICKET_CREATED',
  'TICKET_UPDATED',
  'TICKET_STATUS_CHANGED',
  'TICKET_COMMENTED',
  // Ticket e-mail threads (decision 0030): a mail sent to a ticket's outside people
  'TICKET_EMAIL_SENT',
  // Auto-ticketing and SLA (issue 14, decisions 0031 and 0032)
  'AUTO_TICKET_CONFIG_SAVED',
  'AUTO_TICKET_CONFIG_DELETED',
  'TICKET_SLA_RULE_SAVED',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];
export const AUDIT_OUTCOMES = ['SUCCESS', 'FAILURE'] as const;

export const auditLogRowSchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  event: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  moduleId: z.number().int().nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

/** Filters of the audit log list, besides the DataTables paging keys. */
export const auditLogFilterSchema = z.object({
  event: z.string().optional(),
  userName: z.string().optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  fromDate: calendarDateOrTimeSchema('fromDate is not a valid date').optional(),
  toDate: calendarDateOrTimeSchema('toDate is not a valid date').optional(),
});
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

/** GET v2/auditlogs: the DataTables paging keys and the filters. */
export const auditLogsQuerySchema = pagedQuerySchema.and(auditLogFilterSchema);
