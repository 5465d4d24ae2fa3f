-- LDAP sign-in (issue 13, decision 0023): the installation's one directory (Settings › integrations/ldap-setup) and the
-- short-lived, single-use tokens a REQUESTED_VIA_LDAP user presents to send a department for approval.
CREATE TABLE ldap_config (
  id                     smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  is_enabled             boolean NOT NULL DEFAULT true,
  url                    text NOT NULL,
  -- DIRECT: bind as user_dn_template with {username}; SEARCH: bind as the service account, find the user, bind as it.
  bind_mode              text NOT NULL CHECK (bind_mode IN ('DIRECT', 'SEARCH')),
  user_dn_template       text,
  bind_dn                text,
  -- Sealed with lib/secrets.ts (context ldap_config.bind_password_sealed); never answered.
  bind_password_sealed   text,
  base_dn                text,
  user_filter            text,
  email_attribute        text,
  name_attribute         text,
  groups_attribute       text,
  -- [{ "group": "...", "roles": ["ROLE_OPERATOR"], "moduleIds": [1] }], as saml_config.group_mappings
  group_mappings         jsonb NOT NULL DEFAULT '[]',
  connect_timeout_ms     integer NOT NULL DEFAULT 5000 CHECK (connect_timeout_ms BETWEEN 500 AND 60000),
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ldap_sso_token (
  token_hash   text PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ldap_sso_token_user_idx ON ldap_sso_token (user_id);
