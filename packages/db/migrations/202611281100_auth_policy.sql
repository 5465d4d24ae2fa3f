-- Settings › integrations/auth-config (issue 13, decision 0024). The policy itself lives in global_setting (group
-- USER, keys PASSWORD_*, SESSION_*, LOCKOUT_*, MULTIFACTOR_AUTHENTICATION, CAPTCHA); an absent key means the
-- server's environment default. These two tables serve its enforcement.

-- The hashes of a user's earlier passwords: a new password may not be one of the last N (PASSWORD_HISTORY_COUNT).
CREATE TABLE password_history (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  password_hash  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_history_user_idx ON password_history (user_id, id DESC);

-- CAPTCHA challenges of the sign-in page: the answer is kept only as a keyed hash; a challenge answers once (right or
-- wrong) and lives two minutes.
CREATE TABLE captcha_challenge (
  id           uuid PRIMARY KEY,
  answer_hash  text NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX captcha_challenge_expires_idx ON captcha_challenge (expires_at);
