-- Sign-in throttling per source (issue 11): a row per (user name, client address) beside the row of the name
-- itself (source '*', every address together). One address that guesses locks only itself out of that name;
-- the name locks for everyone only at a higher count, which takes many addresses. Attempts are counted before the
-- password is verified (one statement per row), so parallel guesses can never verify more than the limit.
ALTER TABLE login_throttle ADD COLUMN source text NOT NULL DEFAULT '*';
ALTER TABLE login_throttle DROP CONSTRAINT login_throttle_pkey;
ALTER TABLE login_throttle ADD PRIMARY KEY (user_name_key, source);
