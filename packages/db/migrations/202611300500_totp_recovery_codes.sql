-- Recovery codes of a user's authenticator app (issue 13 loose ends, decision 0028 amended): ten one-time codes made
-- when the app is confirmed and each time the user asks for new ones; only an HMAC of each is kept (lib/tokens.ts
-- hashCode). used_at is set the one time a code signs in in place of the app's code. The codes go with the
-- authenticator: an administrator's reset deletes them (ON DELETE CASCADE).
CREATE TABLE user_totp_recovery_code (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES user_totp(user_id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, code_hash)
);
