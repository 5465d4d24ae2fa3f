-- TOTP as a user's second factor (issue 13, decision 0028): one authenticator per user. The seed is sealed with
-- lib/secrets.ts (context user_totp.secret_sealed#0) and never answered after enrolment. confirmed_at is set once the
-- user typed a first code from the app; until then sign-in does not ask for it. last_used_step is the 30-second step
-- of the last code accepted: a code (or an earlier one) is never accepted twice.
CREATE TABLE user_totp (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL UNIQUE REFERENCES app_user(id) ON DELETE CASCADE,
  secret_sealed   text NOT NULL,
  confirmed_at    timestamptz,
  last_used_step  bigint,
  created_at      timestamptz NOT NULL DEFAULT now()
);
