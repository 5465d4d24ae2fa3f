-- Mail and gateway OAuth integrations (issue 13, spec 3 §7 "Integrations", decision 0026): a module's mail accounts
-- (gmail, outlook) and payment-gateway links (razorpay), the one-time `state` of each authorization started (bound to
-- the user, module and provider, 10 minutes, used once), and what mail fetching recorded per job execution.
-- The *_sealed columns hold sealed values only (AES-256-GCM, decision 0021); no call answers them.

CREATE TABLE oauth_account (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id             bigint NOT NULL REFERENCES module(id),
  kind                  text NOT NULL CHECK (kind IN ('MAIL','GATEWAY')),
  provider              text NOT NULL CHECK (provider IN ('gmail','outlook','razorpay')),
  -- The mailbox (mail) or the gateway's account id (OAuth) or key id (API key).
  account               text NOT NULL,
  auth_type             text NOT NULL CHECK (auth_type IN ('OAUTH','API_KEY')),
  status                text NOT NULL CHECK (status IN ('CONNECTED','EXPIRED','ERROR','DISCONNECTED')),
  scopes                text[] NOT NULL DEFAULT '{}',
  access_token_sealed   text,
  refresh_token_sealed  text,
  expires_at            timestamptz,
  key_id                text,
  key_secret_sealed     text,
  last_error            text,
  connected_by          bigint REFERENCES app_user(id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX oauth_account_key ON oauth_account (module_id, provider, lower(account));

-- An authorization started by POST v2/integrations/email/new or v2/gateway/link/authorize. Only the state's SHA-256
-- is kept; the PKCE verifier is sealed. The exchange marks it used.
CREATE TABLE oauth_state (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  state_hash             text NOT NULL UNIQUE,
  user_id                bigint NOT NULL REFERENCES app_user(id),
  module_id              bigint NOT NULL REFERENCES module(id),
  provider               text NOT NULL CHECK (provider IN ('gmail','outlook','razorpay')),
  code_verifier_sealed   text NOT NULL,
  expires_at             timestamptz NOT NULL,
  used_at                timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_state_expires_idx ON oauth_state (expires_at);

-- What mail fetching looked at for one job execution: a message (and attachment) of a connected mailbox matched by
-- an email parsing rule, and the uploaded file it became (or why not).
CREATE TABLE mail_fetch_record (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id         bigint NOT NULL REFERENCES module(id),
  job_execution_id  bigint NOT NULL REFERENCES job_execution(id),
  oauth_account_id  bigint NOT NULL REFERENCES oauth_account(id),
  message_id        text NOT NULL,
  sender            text NOT NULL DEFAULT '',
  subject           text NOT NULL DEFAULT '',
  received_at       timestamptz,
  attachment_name   text,
  uploaded_file_id  bigint REFERENCES uploaded_file(id),
  status            text NOT NULL CHECK (status IN ('LOADED','SKIPPED','FAILED')),
  detail            text,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_fetch_record_execution_idx ON mail_fetch_record (job_execution_id);
