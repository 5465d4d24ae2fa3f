-- Why: ticket e-mail threads (spec 3 §2 "linked to email threads", `v2/tickets/{id}/email/reply|refresh|trigger`;
-- issue 14; decision 0030). A ticket mails its outside people through the module's connected mailbox (gmail,
-- outlook) or the outbox, and the answers are read back from that mailbox into the ticket. Each mail out or in is
-- one thread entry; mails are threaded by their RFC 5322 Message-ID (In-Reply-To / References name it).

-- The outbox carries what a threaded mail needs, and what its SMTP delivery said (SMTP_URL; none = kept unsent).
ALTER TABLE outbox
  ADD COLUMN cc           text,
  ADD COLUMN message_id   text,
  ADD COLUMN in_reply_to  text,
  ADD COLUMN references_header text,
  ADD COLUMN last_error   text;

CREATE TABLE ticket_email (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id           bigint NOT NULL REFERENCES ticket(id) ON DELETE CASCADE,
  direction           text NOT NULL CHECK (direction IN ('OUT','IN')),
  -- OUT: SENT (the provider or SMTP took it), QUEUED (kept in the outbox), FAILED (refused: error says why).
  -- IN: RECEIVED.
  status              text NOT NULL CHECK (status IN ('SENT','QUEUED','FAILED','RECEIVED')),
  -- How it went or came: the mailbox's provider, or the outbox.
  via                 text NOT NULL CHECK (via IN ('GMAIL','OUTLOOK','OUTBOX')),
  oauth_account_id    bigint REFERENCES oauth_account(id) ON DELETE SET NULL,
  -- The RFC 5322 Message-ID with its angle brackets; what replies name in In-Reply-To / References.
  message_id          text NOT NULL,
  in_reply_to         text,
  -- The mailbox's own id of an inbound mail: read once per ticket.
  provider_message_id text,
  from_address        text NOT NULL,
  to_addresses        text[] NOT NULL DEFAULT '{}',
  cc_addresses        text[] NOT NULL DEFAULT '{}',
  subject             text NOT NULL,
  -- Plain text (an HTML mail is stripped to text when read).
  body                text NOT NULL,
  error               text,
  sent_by             bigint REFERENCES app_user(id),
  occurred_at         timestamptz NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_email_ticket_idx ON ticket_email (ticket_id, id);
CREATE UNIQUE INDEX ticket_email_inbound_key ON ticket_email (ticket_id, provider_message_id)
  WHERE provider_message_id IS NOT NULL;
