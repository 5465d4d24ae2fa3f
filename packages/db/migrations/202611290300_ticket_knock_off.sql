-- Why: closing a ticket can knock off its linked open rows (issue 14; decision 0029). Where the module's bulk
-- knock-off needs approval, the knock-off is an approval request that remembers the ticket, so deciding it closes the
-- ticket (approved) or notes the refusal in its history (rejected, failed). The history gains the knock-off entries.

ALTER TABLE approval_request ADD COLUMN ticket_id bigint REFERENCES ticket(id) ON DELETE SET NULL;
-- A ticket's knock-off requests (is one waiting? were all of one close approved?).
CREATE INDEX approval_request_ticket_idx ON approval_request (ticket_id) WHERE ticket_id IS NOT NULL;

ALTER TABLE ticket_history DROP CONSTRAINT ticket_history_action_check;
ALTER TABLE ticket_history ADD CONSTRAINT ticket_history_action_check CHECK (action IN ('CREATED','EDITED','REASSIGNED',
  'ESCALATED','REOPENED','CLOSED','STATUS_CHANGED','COMMENTED','ROWS_LINKED','KNOCKED_OFF','KNOCK_OFF_SKIPPED',
  'KNOCK_OFF_PENDING','KNOCK_OFF_REFUSED'));
