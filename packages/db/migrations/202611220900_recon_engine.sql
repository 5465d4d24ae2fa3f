-- Why: issue 4 — recon rules, the matching engine's runs and journal, and the narrow per-table state the
-- engine writes. The engine's verdict on a row does not live in the wide data table: updating a million
-- wide rows costs 8–12 s a side here, inserting a million narrow state rows 1.6 s (docs/decisions/0007).

-- The ordered rules of a recon (spec: GET /v2/rulegroups/{id}, PUT /v2/rulegroups). One group per recon.
CREATE TABLE rule_group (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id   bigint NOT NULL REFERENCES module(id),
  recon_id    bigint NOT NULL UNIQUE REFERENCES recon(id) ON DELETE CASCADE,
  updated_by  bigint REFERENCES app_user(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- A rule: its type (the status it sets), its place in the recon's order, and its conditions (a JSON array
-- validated by the contract's ruleConditionSchema on every write; the engine compiles it).
CREATE TABLE recon_rule (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id      bigint NOT NULL REFERENCES module(id),
  recon_id       bigint NOT NULL REFERENCES recon(id),
  rule_group_id  bigint NOT NULL REFERENCES rule_group(id),
  name           text NOT NULL,
  description    text NOT NULL DEFAULT '',
  rule_type      text NOT NULL CHECK (rule_type IN ('RECONCILED','RELAX_MATCH','PROPOSE_MATCH','SAME_SIDE_REVERSAL',
                   'LATE_REVERSAL','DUPLICATE_MATCH','PARTIAL_RECONCILED','KNOCK_OFF')),
  sequence       integer NOT NULL CHECK (sequence >= 1),
  enabled        boolean NOT NULL DEFAULT true,
  conditions     jsonb NOT NULL DEFAULT '[]',
  created_by     bigint REFERENCES app_user(id),
  updated_by     bigint REFERENCES app_user(id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX recon_rule_name_key ON recon_rule (recon_id, lower(name));
CREATE INDEX recon_rule_order_idx ON recon_rule (recon_id, sequence);

-- One engine run, dry run or manual action on a recon's rows. Rows a run closed carry its id in the state
-- tables; what it changed or removed of earlier state is in recon_journal. Rolling a run back deletes the
-- former and restores the latter (newest run first).
CREATE TABLE recon_run (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id              bigint NOT NULL REFERENCES module(id),
  recon_id               bigint NOT NULL REFERENCES recon(id),
  kind                   text NOT NULL CHECK (kind IN ('ENGINE','DRY_RUN','MANUAL_MATCH','UNMATCH','KNOCK_OFF',
                           'ACCEPT_PROPOSED','REJECT_PROPOSED')),
  status                 text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING','COMPLETED','FAILED','ROLLED_BACK')),
  job_execution_id       bigint REFERENCES job_execution(id),
  activity_execution_id  bigint REFERENCES activity_execution(id),
  -- Per rule: candidates, pairs and rows closed by status; for actions: rows touched and the reason.
  summary                jsonb NOT NULL DEFAULT '{}',
  reason                 text,
  error                  text,
  started_by             bigint REFERENCES app_user(id),
  started_at             timestamptz NOT NULL DEFAULT now(),
  finished_at            timestamptz,
  rolled_back_at         timestamptz,
  rolled_back_by         bigint REFERENCES app_user(id)
);
CREATE INDEX recon_run_recon_idx ON recon_run (recon_id, id DESC);
CREATE INDEX recon_run_execution_idx ON recon_run (job_execution_id) WHERE job_execution_id IS NOT NULL;

-- State a run changed or removed: the row's previous state (NULL: the row was open) and the new one (NULL:
-- the run re-opened it). Inserts of newly closed rows are not journaled: their state row carries the run id.
CREATE TABLE recon_journal (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id         bigint NOT NULL REFERENCES recon_run(id),
  data_table_id  bigint NOT NULL REFERENCES data_table(id),
  row_id         bigint NOT NULL,
  old_state      jsonb,
  new_state      jsonb
);
CREATE INDEX recon_journal_run_idx ON recon_journal (run_id, id);

-- One group id per matched group, shared by its rows on both sides.
CREATE SEQUENCE recon_match_seq;

-- The narrow state table of each data table: one row per row the engine or a person closed (absent: open).
ALTER TABLE data_table ADD COLUMN state_table_name text UNIQUE;
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT id, table_name FROM data_table WHERE kind = 'DATA' LOOP
    UPDATE data_table SET state_table_name = t.table_name || '_state' WHERE id = t.id;
    EXECUTE format(
      'CREATE TABLE recon_data.%I (_id bigint PRIMARY KEY, status text NOT NULL, match_id bigint, rule_id bigint, '
      'run_id bigint NOT NULL, reconciled_at timestamptz NOT NULL DEFAULT now(), reason text)', t.table_name || '_state');
    -- Groups are read by match id; run_id has no index: a rollback scans the narrow table once.
    EXECUTE format('CREATE INDEX ON recon_data.%I (match_id)', t.table_name || '_state');
  END LOOP;
END $$;

-- The Date transform on text: NULL (never an error that aborts a run) when the text is not a date.
CREATE FUNCTION recon_try_date(t text) RETURNS date LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN t::date;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;
