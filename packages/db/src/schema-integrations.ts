import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611271200_integration_configs.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;

export type BotType = 'FLIPKART' | 'AMAZON' | 'AJIO' | 'JIO_MART' | 'FIRST_CRY' | 'COCOBLU' | 'PAYTM' | 'PHONEPE';
export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

export type TotpConfigTable = {
  id: Id;
  module_id: number;
  name: string;
  issuer: Generated<string>;
  account_name: Generated<string>;
  algorithm: ColumnType<TotpAlgorithm, TotpAlgorithm | undefined, TotpAlgorithm>;
  digits: Generated<number>;
  period_seconds: Generated<number>;
  /** Sealed (decision 0021), never answered. */
  secret_sealed: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type EmailParsingConfigTable = {
  id: Id;
  module_id: number;
  name: string;
  sender: string;
  subject_pattern: Generated<string>;
  attachment_pattern: string;
  pipeline_id: number;
  is_active: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type BotCredentialTable = {
  id: Id;
  module_id: number;
  name: string;
  bot_type: BotType;
  user_name: string;
  /** Sealed (decision 0021), never answered. */
  password_sealed: string;
  totp_config_id: number | null;
  vendor_codes: ColumnType<string[], string[] | undefined, string[]>;
  is_active: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type TagMappingTable = {
  id: Id;
  module_id: number;
  source_tag: string;
  ticket_tag: string;
  bot_type: BotType | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type IntegrationsDatabase = {
  totp_config: TotpConfigTable;
  email_parsing_config: EmailParsingConfigTable;
  bot_credential: BotCredentialTable;
  tag_mapping: TagMappingTable;
  oauth_account: OAuthAccountTable;
  oauth_state: OAuthStateTable;
  mail_fetch_record: MailFetchRecordTable;
  mail_fetch_cursor: MailFetchCursorTable;
};

/** Kysely's view of migrations/202611281200_oauth_integrations.sql. Keep in step with the SQL. */
export type OAuthProviderName = 'gmail' | 'outlook' | 'razorpay';
export type OAuthAccountStatusName = 'CONNECTED' | 'EXPIRED' | 'ERROR' | 'DISCONNECTED';
export type OAuthAccountTable = {
  id: Id;
  module_id: number;
  kind: 'MAIL' | 'GATEWAY';
  provider: OAuthProviderName;
  account: string;
  auth_type: 'OAUTH' | 'API_KEY';
  status: OAuthAccountStatusName;
  scopes: ColumnType<string[], string[] | undefined, string[]>;
  /** Sealed (decision 0021), never answered. */
  access_token_sealed: string | null;
  /** Sealed, never answered. */
  refresh_token_sealed: string | null;
  expires_at: Date | null;
  key_id: string | null;
  /** Sealed, never answered. */
  key_secret_sealed: string | null;
  last_error: string | null;
  connected_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type OAuthStateTable = {
  id: Id;
  state_hash: string;
  user_id: number;
  module_id: number;
  provider: OAuthProviderName;
  /** Sealed PKCE verifier. */
  code_verifier_sealed: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
};
export type MailFetchRecordTable = {
  id: Id;
  module_id: number;
  job_execution_id: number;
  oauth_account_id: number;
  message_id: string;
  sender: Generated<string>;
  subject: Generated<string>;
  received_at: Date | null;
  attachment_name: string | null;
  uploaded_file_id: number | null;
  /** FETCHING: claimed, its file not yet in the run (migration 202611290100). */
  status: 'FETCHING' | 'LOADED' | 'SKIPPED' | 'FAILED';
  detail: string | null;
  /** The email parsing rule that took the attachment. */
  rule_id: number | null;
  created_at: Timestamp;
};
/** How far each rule has read each mailbox (migration 202611290100_email_fetch_activity.sql). */
export type MailFetchCursorTable = {
  oauth_account_id: number;
  rule_id: number;
  fetched_until: Date;
};
