-- Integration config resources (issue 13, spec 3 §7 "Config resources"), each scoped to a module. Secrets (TOTP
-- seeds, brand-login passwords) are stored sealed (AES-256-GCM, `enc1:<key id>:…`, decision 0021): the columns
-- named *_sealed never hold a plain value, and no call answers them.

-- Authenticator (TOTP) configs: the seed a bot uses to answer a marketplace's second sign-in step.
CREATE TABLE totp_config (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id       bigint NOT NULL REFERENCES module(id),
  name            text NOT NULL,
  issuer          text NOT NULL DEFAULT '',
  account_name    text NOT NULL DEFAULT '',
  algorithm       text NOT NULL DEFAULT 'SHA1' CHECK (algorithm IN ('SHA1','SHA256','SHA512')),
  digits          integer NOT NULL DEFAULT 6 CHECK (digits IN (6, 8)),
  period_seconds  integer NOT NULL DEFAULT 30 CHECK (period_seconds BETWEEN 15 AND 120),
  secret_sealed   text NOT NULL,
  created_by      bigint REFERENCES app_user(id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX totp_config_name_key ON totp_config (module_id, lower(name));

-- Email parsing rules: an inbound mail from `sender` whose subject and attachment name match the patterns (wildcards
-- * and ?, any case) has that attachment loaded as a file of the module's pipeline.
CREATE TABLE email_parsing_config (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id           bigint NOT NULL REFERENCES module(id),
  name                text NOT NULL,
  sender              text NOT NULL,
  subject_pattern     text NOT NULL DEFAULT '',
  attachment_pattern  text NOT NULL,
  pipeline_id         bigint NOT NULL REFERENCES pipeline(id),
  is_active           boolean NOT NULL DEFAULT true,
  created_by          bigint REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX email_parsing_config_name_key ON email_parsing_config (module_id, lower(name));

-- Brand logins (bot credentials): the account a marketplace bot signs in with, and its TOTP config if the
-- marketplace asks for one.
CREATE TABLE bot_credential (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id        bigint NOT NULL REFERENCES module(id),
  name             text NOT NULL,
  bot_type         text NOT NULL CHECK (bot_type IN
                     ('FLIPKART','AMAZON','AJIO','JIO_MART','FIRST_CRY','COCOBLU','PAYTM','PHONEPE')),
  user_name        text NOT NULL,
  password_sealed  text NOT NULL,
  totp_config_id   bigint REFERENCES totp_config(id),
  vendor_codes     text[] NOT NULL DEFAULT '{}',
  is_active        boolean NOT NULL DEFAULT true,
  created_by       bigint REFERENCES app_user(id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX bot_credential_name_key ON bot_credential (module_id, lower(name));
CREATE INDEX bot_credential_totp_idx ON bot_credential (totp_config_id);

-- Tag mapping: a tag as a marketplace or mailbox writes it (per brand, or for every brand) → the ticket tag it means.
CREATE TABLE tag_mapping (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id    bigint NOT NULL REFERENCES module(id),
  source_tag   text NOT NULL,
  ticket_tag   text NOT NULL,
  bot_type     text CHECK (bot_type IN
                 ('FLIPKART','AMAZON','AJIO','JIO_MART','FIRST_CRY','COCOBLU','PAYTM','PHONEPE')),
  created_by   bigint REFERENCES app_user(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tag_mapping_source_key ON tag_mapping (module_id, coalesce(bot_type, ''), lower(source_tag));
