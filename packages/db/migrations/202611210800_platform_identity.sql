-- Why: the platform's identity and tenancy model — users, roles and privilege grants, modules (tenants)
-- and their members, departments, sessions (rotating refresh-token families), one-time codes, the
-- notification outbox, global settings and the security audit log. Every later area hangs off these.

CREATE TABLE department (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_user (
  id                         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_name                  text NOT NULL,
  first_name                 text NOT NULL DEFAULT '',
  last_name                  text NOT NULL DEFAULT '',
  email                      text,
  contact_number             text,
  password_hash              text,
  is_active                  boolean NOT NULL DEFAULT true,
  registration_status        text NOT NULL DEFAULT 'APPROVED' CHECK (registration_status IN
                               ('REQUESTED','APPROVED','REJECTED','REQUESTED_VIA_SAML','REQUESTED_VIA_LDAP','RAISED_FOR_APPROVAL')),
  department_id              bigint REFERENCES department(id),
  department_configurable    boolean NOT NULL DEFAULT false,
  profile_pic_path           text,
  password_changed_at        timestamptz,
  created_at                 timestamptz NOT NULL DEFAULT now(),
  updated_at                 timestamptz NOT NULL DEFAULT now()
);
-- User names are unique regardless of case: "Admin" and "admin" are one account.
CREATE UNIQUE INDEX app_user_user_name_key ON app_user (lower(user_name));

CREATE TABLE role (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  is_maker    boolean NOT NULL DEFAULT false,
  is_checker  boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE privilege (
  code         text NOT NULL,
  version      text NOT NULL CHECK (version IN ('v1','v2')),
  description  text NOT NULL DEFAULT '',
  PRIMARY KEY (code, version)
);

CREATE TABLE role_privilege (
  role_id     bigint NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  code        text NOT NULL,
  version     text NOT NULL,
  PRIMARY KEY (role_id, code, version),
  FOREIGN KEY (code, version) REFERENCES privilege(code, version) ON DELETE CASCADE
);

CREATE TABLE user_role (
  user_id  bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  role_id  bigint NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE module (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL,
  status      text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','APPROVAL_PENDING','APPROVAL_REJECTED','INACTIVE')),
  created_by  bigint REFERENCES app_user(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);
-- Live module names are unique regardless of case; a deleted module frees its name.
CREATE UNIQUE INDEX module_name_key ON module (lower(name)) WHERE deleted_at IS NULL;

CREATE TABLE module_user (
  module_id  bigint NOT NULL REFERENCES module(id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  added_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (module_id, user_id)
);
-- The guard asks "is this user in this module" on every request.
CREATE INDEX module_user_user_idx ON module_user (user_id, module_id);

-- A token family is one sign-in; every refresh rotates the token inside it. Reusing a rotated token
-- revokes the family (stolen-token detection). Families live at most 12 hours and end after 15 idle minutes.
CREATE TABLE token_family (
  id                uuid PRIMARY KEY,
  user_id           bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  created_at        timestamptz NOT NULL DEFAULT now(),
  last_activity_at  timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  revoked_at        timestamptz,
  revoked_reason    text
);
CREATE INDEX token_family_user_idx ON token_family (user_id) WHERE revoked_at IS NULL;

CREATE TABLE refresh_token (
  token_hash   text PRIMARY KEY,
  family_id    uuid NOT NULL REFERENCES token_family(id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  rotated_at   timestamptz
);
CREATE INDEX refresh_token_family_idx ON refresh_token (family_id);

-- One-time codes (login MFA, password reset) and the temp tokens that carry a half-done flow.
CREATE TABLE otp_challenge (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  purpose          text NOT NULL CHECK (purpose IN ('LOGIN','RESET_PASSWORD')),
  temp_token_hash  text NOT NULL UNIQUE,
  code_hash        text,
  code_expires_at  timestamptz,
  attempts         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  used_at          timestamptz
);
CREATE INDEX otp_challenge_user_idx ON otp_challenge (user_id, purpose) WHERE used_at IS NULL;

-- Messages to users (codes, reset links). The default notifier writes here and to the log; a sender
-- process or integration delivers them.
CREATE TABLE outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('SMS','EMAIL')),
  recipient   text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  user_id     bigint REFERENCES app_user(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz
);

CREATE TABLE global_setting (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  setting_group  text NOT NULL,
  setting_key    text NOT NULL,
  setting_value  text NOT NULL DEFAULT '',
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (setting_group, setting_key)
);

-- Append-only record of security events and privileged changes.
CREATE TABLE audit_log (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  occurred_at  timestamptz NOT NULL DEFAULT now(),
  event        text NOT NULL,
  outcome      text NOT NULL CHECK (outcome IN ('SUCCESS','FAILURE')),
  user_id      bigint,
  user_name    text,
  module_id    bigint,
  entity_type  text,
  entity_id    text,
  ip           text,
  request_id   text,
  details      jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_time_idx ON audit_log (occurred_at DESC, id DESC);
CREATE INDEX audit_log_event_idx ON audit_log (event, occurred_at DESC);

-- Failed sign-ins counted per lower-cased user name, whether or not the user exists, so a lockout
-- answers the same for known and unknown names (no account enumeration).
CREATE TABLE login_throttle (
  user_name_key  text PRIMARY KEY,
  failed_count   integer NOT NULL DEFAULT 0,
  locked_until   timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
