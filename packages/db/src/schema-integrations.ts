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
};
