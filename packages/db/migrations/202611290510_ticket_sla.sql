-- Why: the tickets' SLA (issue 14 "SLA: overdue tickets are flagged and escalated by a configurable rule";
-- decision 0032). Per module one rule: a ticket still open N hours past its due date is escalated (ESCALATED by the
-- transition table, to the person the rule names), once; the periodic check remembers which it escalated.

CREATE TABLE ticket_sla_rule (
  module_id              bigint PRIMARY KEY REFERENCES module(id),
  is_enabled             boolean NOT NULL DEFAULT true,
  escalate_after_hours   int NOT NULL CHECK (escalate_after_hours >= 0 AND escalate_after_hours <= 8760),
  escalate_to_user_id    bigint REFERENCES app_user(id),
  updated_by             bigint NOT NULL REFERENCES app_user(id),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

-- A ticket the SLA check escalated: never escalated by it twice (a reopened, again overdue ticket included).
CREATE TABLE ticket_sla_escalation (
  ticket_id              bigint PRIMARY KEY REFERENCES ticket(id) ON DELETE CASCADE,
  escalated_at           timestamptz NOT NULL,
  after_hours            int NOT NULL,
  escalated_to_user_id   bigint REFERENCES app_user(id)
);
