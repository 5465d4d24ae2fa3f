-- Why: My Jobs › Alerts, the shell's bell and Settings › Notifications (issue 14; decision 0033). An event a user is
-- told about (a run failed, an approval waits for them, their files were rejected, a ticket was assigned to them, an
-- SLA was breached) is one row per user and module; each user chooses per module and kind whether it reaches them in
-- the app and by mail (no row: in the app yes, by mail no).
CREATE TABLE notification (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  module_id   bigint NOT NULL REFERENCES module(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('EXECUTION_FAILED','APPROVAL_WAITING','FILE_REJECTED','TICKET_ASSIGNED','SLA_BREACHED')),
  title       text NOT NULL,
  link        text,
  read_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_by_user ON notification (user_id, module_id, created_at DESC, id DESC);
CREATE INDEX notification_unread ON notification (user_id, module_id) WHERE read_at IS NULL;

CREATE TABLE notification_preference (
  user_id   bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  module_id bigint NOT NULL REFERENCES module(id) ON DELETE CASCADE,
  kind      text NOT NULL CHECK (kind IN ('EXECUTION_FAILED','APPROVAL_WAITING','FILE_REJECTED','TICKET_ASSIGNED','SLA_BREACHED')),
  in_app    boolean NOT NULL DEFAULT true,
  by_email  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, module_id, kind)
);
