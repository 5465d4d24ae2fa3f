-- The EMAIL_FETCH job activity (issue 13, decision 0027): mail attachments become pipeline files of a run.
-- An attachment is claimed (FETCHING) before its bytes are stored and becomes LOADED once its file is attached to the
-- run, so a retry, a re-run or a run after a crash never stores one attachment twice: at most one FETCHING or LOADED
-- record per mailbox, provider message id and attachment name. A record names the rule that took it.
ALTER TABLE mail_fetch_record DROP CONSTRAINT mail_fetch_record_status_check;
ALTER TABLE mail_fetch_record ADD CONSTRAINT mail_fetch_record_status_check
  CHECK (status IN ('FETCHING','LOADED','SKIPPED','FAILED'));
ALTER TABLE mail_fetch_record ADD COLUMN rule_id bigint REFERENCES email_parsing_config(id);
CREATE UNIQUE INDEX mail_fetch_record_once ON mail_fetch_record (oauth_account_id, message_id, attachment_name)
  WHERE status IN ('FETCHING','LOADED');

-- How far each rule has read each mailbox: the next fetch reads the messages received since then (less an overlap
-- the claim above makes harmless). Moved only when the mailbox was read to the end without a failure.
CREATE TABLE mail_fetch_cursor (
  oauth_account_id  bigint NOT NULL REFERENCES oauth_account(id),
  rule_id           bigint NOT NULL REFERENCES email_parsing_config(id),
  fetched_until     timestamptz NOT NULL,
  PRIMARY KEY (oauth_account_id, rule_id)
);
