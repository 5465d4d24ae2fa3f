import type { ColumnType, Generated } from 'kysely';
import type { ApprovalDatabase } from './schema-approvals.ts';
import type { AutoTicketingDatabase, TicketSlaDatabase } from './schema-auto-ticketing.ts';
import type { BrsDatabase } from './schema-brs.ts';
import type { DashboardsDatabase } from './schema-dashboards.ts';
import type { DataVersionsDatabase } from './schema-data-versions.ts';
import type { DownloadsDatabase } from './schema-downloads.ts';
import type { GlDatabase } from './schema-gl.ts';
import type { IntegrationsDatabase } from './schema-integrations.ts';
import type { NotificationsDatabase } from './schema-notifications.ts';
import type { OperationsDatabase } from './schema-operations.ts';
import type { ReconDatabase } from './schema-recon.ts';
import type { ReportsDatabase } from './schema-reports.ts';
import type { RollbackDatabase } from './schema-rollbacks.ts';
import type { TicketEmailDatabase } from './schema-ticket-email.ts';
import type { TicketsDatabase } from './schema-tickets.ts';

/** Kysely's view of the tables in `migrations/`. Keep in step with the SQL: schema-drift.test.ts fails when they part. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint ids arrive as strings from pg unless parsed; createPool parses int8 to number (ids < 2^53). */
type Id = Generated<number>;

export type DepartmentTable = { id: Id; name: string; created_at: Timestamp };

export type AppUserTable = {
  id: Id;
  user_name: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: string | null;
  contact_number: string | null;
  password_hash: string | null;
  is_active: Generated<boolean>;
  registration_status: Generated<string>;
  department_id: number | null;
  department_configurable: Generated<boolean>;
  profile_pic_path: string | null;
  password_changed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type RoleTable = {
  id: Id;
  name: string;
  is_maker: Generated<boolean>;
  is_checker: Generated<boolean>;
  created_at: Timestamp;
};
export type PrivilegeTable = { code: string; version: string; description: Generated<string> };
export type RolePrivilegeTable = { role_id: number; code: string; version: string };
export type UserRoleTable = { user_id: number; role_id: number };

export type ModuleTable = {
  id: Id;
  name: string;
  status: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  rollbacks_need_approval: Generated<boolean>;
  bulk_knock_off_needs_approval: Generated<boolean>;
};
export type ModuleUserTable = { module_id: number; user_id: number; added_at: Timestamp };

export type TokenFamilyTable = {
  id: string;
  user_id: number;
  created_at: Timestamp;
  last_activity_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
};
export type RefreshTokenTable = {
  token_hash: string;
  family_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  /** The pair this token's rotation answered, sealed; kept for the grace interval only (decision 0015). */
  rotation_answer: string | null;
};

export type OtpChallengeTable = {
  id: Id;
  user_id: number;
  purpose: 'LOGIN' | 'RESET_PASSWORD';
  temp_token_hash: string;
  code_hash: string | null;
  code_expires_at: NullableTimestamp;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
};

export type OutboxTable = {
  id: Id;
  channel: 'SMS' | 'EMAIL';
  recipient: string;
  subject: string;
  body: string;
  user_id: number | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** A mail's other fields (decision 0030): cc as one address list, threading headers, the SMTP refusal. */
  cc: string | null;
  message_id: string | null;
  in_reply_to: string | null;
  references_header: string | null;
  last_error: string | null;
};

export type GlobalSettingTable = {
  id: Id;
  setting_group: string;
  setting_key: string;
  setting_value: Generated<string>;
  updated_at: Timestamp;
};

export type AuditLogTable = {
  id: Id;
  occurred_at: Timestamp;
  event: string;
  outcome: 'SUCCESS' | 'FAILURE';
  user_id: number | null;
  user_name: string | null;
  module_id: number | null;
  entity_type: string | null;
  entity_id: string | null;
  ip: string | null;
  request_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The chain (decision 0014): set by `audit_seal` only, never by an insert; NULL until the row is sealed. */
  seq: ColumnType<number | null, never, never>;
  prev_hash: ColumnType<Buffer | null, never, never>;
  hash: ColumnType<Buffer | null, never, never>;
};

export type LoginThrottleTable = {
  user_name_key: string;
  /** The client address, or '*' for the name across every address. */
  source: Generated<string>;
  failed_count: Generated<number>;
  locked_until: NullableTimestamp;
  updated_at: Timestamp;
};

export type SamlConfigTable = {
  id: Id;
  registration_id: string;
  name: string;
  is_enabled: Generated<boolean>;
  idp_entry_point: string;
  idp_issuer: string | null;
  idp_certificate: string;
  sp_entity_id: string;
  audience: string | null;
  email_attribute: string | null;
  name_attribute: string | null;
  groups_attribute: string | null;
  /** Directory group → roles and modules a signed-in member gets. */
  group_mappings: ColumnType<{ group: string; roles: string[]; moduleIds: number[] }[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type SamlAssertionSeenTable = {
  assertion_id: string;
  registration_id: string;
  expires_at: Timestamp;
  seen_at: Timestamp;
};
export type SamlRequestTable = { request_id: string; issued_at: string; expires_at: Timestamp };
export type SamlLoginTicketTable = {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
};

export type LdapConfigTable = {
  id: Generated<number>;
  is_enabled: Generated<boolean>;
  url: string;
  bind_mode: 'DIRECT' | 'SEARCH';
  user_dn_template: string | null;
  bind_dn: string | null;
  bind_password_sealed: string | null;
  base_dn: string | null;
  user_filter: string | null;
  email_attribute: string | null;
  name_attribute: string | null;
  groups_attribute: string | null;
  /** Directory group → roles and modules a signed-in member gets (the shape of saml_config's). */
  group_mappings: ColumnType<{ group: string; roles: string[]; moduleIds: number[] }[], string | undefined, string>;
  connect_timeout_ms: Generated<number>;
  /** PEM the directory's certificate chains to (decision 0028); Node's trust store when null. */
  ca_certificate: string | null;
  start_tls: Generated<boolean>;
  reject_unauthorized: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type LdapSsoTokenTable = {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
};

/** A user's authenticator app (decision 0028): the sealed seed, confirmed by a first code; the last step used. */
export type UserTotpTable = {
  id: Id;
  user_id: number;
  secret_sealed: string;
  confirmed_at: NullableTimestamp;
  last_used_step: number | null;
  created_at: Timestamp;
};

export type UserTotpRecoveryCodeTable = {
  id: Id;
  user_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Timestamp;
};

export type PasswordHistoryTable = {
  id: Id;
  user_id: number;
  password_hash: string;
  created_at: Timestamp;
};

export type CaptchaChallengeTable = {
  id: string;
  answer_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
};

export type Database = OperationsDatabase &
  ReconDatabase &
  DownloadsDatabase &
  RollbackDatabase &
  ApprovalDatabase &
  TicketsDatabase &
  TicketEmailDatabase &
  AutoTicketingDatabase &
  TicketSlaDatabase &
  NotificationsDatabase &
  GlDatabase &
  BrsDatabase &
  ReportsDatabase &
  DashboardsDatabase &
  DataVersionsDatabase &
  IntegrationsDatabase & {
    login_throttle: LoginThrottleTable;
    department: DepartmentTable;
    app_user: AppUserTable;
    role: RoleTable;
    privilege: PrivilegeTable;
    role_privilege: RolePrivilegeTable;
    user_role: UserRoleTable;
    module: ModuleTable;
    module_user: ModuleUserTable;
    token_family: TokenFamilyTable;
    refresh_token: RefreshTokenTable;
    otp_challenge: OtpChallengeTable;
    outbox: OutboxTable;
    global_setting: GlobalSettingTable;
    audit_log: AuditLogTable;
    saml_config: SamlConfigTable;
    saml_assertion_seen: SamlAssertionSeenTable;
    saml_login_ticket: SamlLoginTicketTable;
    saml_request: SamlRequestTable;
    ldap_config: LdapConfigTable;
    ldap_sso_token: LdapSsoTokenTable;
    user_totp: UserTotpTable;
    user_totp_recovery_code: UserTotpRecoveryCodeTable;
    password_history: PasswordHistoryTable;
    captcha_challenge: CaptchaChallengeTable;
  };
