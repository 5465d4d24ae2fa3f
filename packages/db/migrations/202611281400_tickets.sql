-- Why: tickets (spec 3 §2, §3, §7, §9; issue 14; decision 0025). A ticket belongs to one module, is assigned to
-- users of the module or outside e-mails and copied (cc) to others, moves between statuses by the transition table
-- of decision 0025, keeps its comments and its history (every change: who, when, from, to), and may be raised on
-- recon rows (data source id + row id) that stay linked to it.

CREATE TABLE ticket (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id           bigint NOT NULL REFERENCES module(id),
  title               text NOT NULL,
  description         text,
  priority            text NOT NULL CHECK (priority IN ('LOW','MEDIUM','HIGH','URGENT')),
  type                text NOT NULL CHECK (type IN ('QUESTION','INCIDENT','PROBLEM','TASK')),
  status              text NOT NULL CHECK (status IN ('OPEN','ASSIGNED','ESCALATED','REOPEN','ON_HOLD','CLOSED')),
  -- INTERNAL: raised in the product; EXTERNAL: from a marketplace or mailbox (type and provider say which).
  origin              text NOT NULL DEFAULT 'INTERNAL' CHECK (origin IN ('INTERNAL','EXTERNAL')),
  external_type       text,
  external_provider   text,
  tags                text[] NOT NULL DEFAULT '{}',
  -- The marketplace brand: a brand login (bot credential) of the module, optional.
  marketplace_brand_id bigint REFERENCES bot_credential(id) ON DELETE SET NULL,
  due_date            timestamptz NOT NULL,
  created_by          bigint NOT NULL REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  -- Who made the current assignment (the creator, then whoever reassigned): the "assigned by" view.
  assigned_by         bigint REFERENCES app_user(id),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_module_idx ON ticket (module_id, id DESC);
CREATE INDEX ticket_assigned_by_idx ON ticket (module_id, assigned_by);

-- The people on a ticket (spec 3 §3 "Ticket user association"): a user of the module or an outside e-mail.
CREATE TABLE ticket_user (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id           bigint NOT NULL REFERENCES ticket(id) ON DELETE CASCADE,
  associated_as       text NOT NULL CHECK (associated_as IN ('ASSIGNED','CCED')),
  user_id             bigint REFERENCES app_user(id),
  external_email      text,
  CHECK ((user_id IS NULL) <> (external_email IS NULL))
);
CREATE UNIQUE INDEX ticket_user_key ON ticket_user (ticket_id, associated_as, coalesce(user_id, 0), lower(coalesce(external_email, '')));
CREATE INDEX ticket_user_user_idx ON ticket_user (user_id, associated_as);

CREATE TABLE ticket_comment (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id           bigint NOT NULL REFERENCES ticket(id) ON DELETE CASCADE,
  comment             text NOT NULL,
  created_by          bigint NOT NULL REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_comment_ticket_idx ON ticket_comment (ticket_id, id);

-- Every change of a ticket, oldest first: the action, the field, its value before and after, who and when.
CREATE TABLE ticket_history (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id           bigint NOT NULL REFERENCES ticket(id) ON DELETE CASCADE,
  action              text NOT NULL CHECK (action IN ('CREATED','EDITED','REASSIGNED','ESCALATED','REOPENED','CLOSED',
                        'STATUS_CHANGED','COMMENTED','ROWS_LINKED')),
  field               text,
  from_value          text,
  to_value            text,
  remark              text,
  changed_by          bigint NOT NULL REFERENCES app_user(id),
  changed_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_history_ticket_idx ON ticket_history (ticket_id, id);

-- The recon rows a ticket was raised on: a row of a data source's data table (its _id), linked once per ticket.
CREATE TABLE ticket_transaction (
  ticket_id           bigint NOT NULL REFERENCES ticket(id) ON DELETE CASCADE,
  data_source_id      bigint NOT NULL REFERENCES data_source(id),
  row_id              bigint NOT NULL,
  linked_by           bigint NOT NULL REFERENCES app_user(id),
  linked_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ticket_id, data_source_id, row_id)
);
-- A row's tickets (the Transactions views say which ticket a row has).
CREATE INDEX ticket_transaction_row_idx ON ticket_transaction (data_source_id, row_id);
