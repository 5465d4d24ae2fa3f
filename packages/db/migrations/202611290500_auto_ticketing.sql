-- Why: auto-ticketing (spec 3 §2, §3, §5; issue 14; decision 0031). Per data source, a config says which columns
-- group its open rows (brand, partner) and describe the tickets (subject, tag, order id), and who gets the tickets
-- of each marketplace brand (assignee blocks, at least one). After each recon run and each rollback the open rows
-- raise or update one ticket per group; the group key makes a re-run find the ticket it raised before.

CREATE TABLE auto_ticket_config (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id           bigint NOT NULL REFERENCES module(id),
  data_source_id      bigint NOT NULL UNIQUE REFERENCES data_source(id) ON DELETE CASCADE,
  config_enabled      boolean NOT NULL DEFAULT true,
  partner_column      text,
  brand_column        text NOT NULL,
  subject_column      text,
  tag_column          text,
  order_id_column     text,
  notify_from_email   text,
  created_by          bigint NOT NULL REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_by          bigint NOT NULL REFERENCES app_user(id),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auto_ticket_config_module_idx ON auto_ticket_config (module_id);

-- One block per marketplace brand (a brand login of the module), in the order the drawer shows them.
CREATE TABLE auto_ticket_block (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  config_id           bigint NOT NULL REFERENCES auto_ticket_config(id) ON DELETE CASCADE,
  marketplace_brand_id bigint NOT NULL REFERENCES bot_credential(id) ON DELETE CASCADE,
  sequence            int NOT NULL,
  UNIQUE (config_id, marketplace_brand_id)
);

-- The people of a block: a user of the module or an outside e-mail, assigned or copied.
CREATE TABLE auto_ticket_assignee (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  block_id            bigint NOT NULL REFERENCES auto_ticket_block(id) ON DELETE CASCADE,
  associated_as       text NOT NULL CHECK (associated_as IN ('ASSIGNED','CCED')),
  user_id             bigint REFERENCES app_user(id) ON DELETE CASCADE,
  external_email      text,
  CHECK ((user_id IS NULL) <> (external_email IS NULL))
);
CREATE INDEX auto_ticket_assignee_block_idx ON auto_ticket_assignee (block_id);

-- The ticket raised for one group (brand / partner) of a data source's open rows: a re-run finds it by its key, so
-- a group never has two tickets. `auto_closed`: the auto-ticketing closed it (all its rows matched), so open rows
-- again (a rollback) reopen it; a ticket a person closed is reopened only by rows it was not linked to yet.
CREATE TABLE auto_ticket_group (
  ticket_id           bigint PRIMARY KEY REFERENCES ticket(id) ON DELETE CASCADE,
  data_source_id      bigint NOT NULL REFERENCES data_source(id) ON DELETE CASCADE,
  group_key           text NOT NULL,
  brand_value         text NOT NULL,
  partner_value       text,
  open_rows           int NOT NULL DEFAULT 0,
  auto_closed         boolean NOT NULL DEFAULT false,
  UNIQUE (data_source_id, group_key)
);
