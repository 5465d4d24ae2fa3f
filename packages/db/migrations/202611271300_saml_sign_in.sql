-- SAML sign-in (issue 13): one identity-provider registration per registrationId (Settings › integrations/saml-setup,
-- GET v2/saml/config?registrationId=), the assertion ids already accepted (a replayed assertion is refused until it
-- would have expired anyway), and the one-time tickets the ACS hands to the /oauth/saml callback page, which the
-- opener exchanges for a session with POST v2/saml_login.
CREATE TABLE saml_config (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  registration_id    text NOT NULL,
  name               text NOT NULL,
  is_enabled         boolean NOT NULL DEFAULT true,
  idp_entry_point    text NOT NULL,
  idp_issuer         text,
  idp_certificate    text NOT NULL,
  sp_entity_id       text NOT NULL,
  audience           text,
  email_attribute    text,
  name_attribute     text,
  groups_attribute   text,
  -- [{ "group": "...", "roles": ["ROLE_OPERATOR"], "moduleIds": [1] }]
  group_mappings     jsonb NOT NULL DEFAULT '[]',
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saml_config_registration_id_key ON saml_config (lower(registration_id));

CREATE TABLE saml_assertion_seen (
  assertion_id     text PRIMARY KEY,
  registration_id  text NOT NULL,
  expires_at       timestamptz NOT NULL,
  seen_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saml_assertion_seen_expires_idx ON saml_assertion_seen (expires_at);

CREATE TABLE saml_login_ticket (
  token_hash   text PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- The AuthnRequest ids this server sent (SP-initiated sign-in): an answer naming one (InResponseTo) must name a live
-- one, and uses it up. An answer naming none is an IdP-initiated sign-in.
CREATE TABLE saml_request (
  request_id   text PRIMARY KEY,
  issued_at    text NOT NULL,
  expires_at   timestamptz NOT NULL
);
