-- Why: the general ledger (spec 2 §7 "General ledger"; issue 15; decisions 0034 and 0035). A GL configuration of a
-- module lists config items (ledger lines: an account on the DEBIT or CREDIT side with a sign); each item reads
-- the OPEN rows of some data sources (amount column, filters with the spec's operators). Figures are computed
-- from the rows as on a day; each manual refresh or GL_EXECUTION run keeps a snapshot. Closing the books of a
-- configuration freezes the rows of its data sources dated up to a day; reopening goes through an approval.

CREATE TABLE gl_config (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id           bigint NOT NULL REFERENCES module(id),
  gl_name             text NOT NULL,
  -- Upper bounds (days, inclusive) of the ageing buckets; the last bucket is everything older.
  ageing_buckets      integer[] NOT NULL DEFAULT '{7,15,30,60,90}',
  -- Books closed up to this day (inclusive); NULL: open.
  closed_until        date,
  closed_by           bigint REFERENCES app_user(id),
  closed_at           timestamptz,
  created_by          bigint NOT NULL REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX gl_config_name_key ON gl_config (module_id, lower(gl_name));

CREATE TABLE gl_config_item (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  gl_config_id        bigint NOT NULL REFERENCES gl_config(id) ON DELETE CASCADE,
  name                text NOT NULL,
  side                text NOT NULL CHECK (side IN ('DEBIT','CREDIT')),
  sign                smallint NOT NULL DEFAULT 1 CHECK (sign IN (1, -1)),
  sequence            integer NOT NULL
);
CREATE INDEX gl_config_item_config_idx ON gl_config_item (gl_config_id, sequence);

-- A data source an item reads: its amount column and its filters [{field, operator, values}].
CREATE TABLE gl_config_item_source (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  gl_config_item_id   bigint NOT NULL REFERENCES gl_config_item(id) ON DELETE CASCADE,
  data_source_id      bigint NOT NULL REFERENCES data_source(id),
  amount_column       text NOT NULL,
  filters             jsonb NOT NULL DEFAULT '[]',
  sequence            integer NOT NULL
);
CREATE INDEX gl_config_item_source_item_idx ON gl_config_item_source (gl_config_item_id, sequence);
CREATE INDEX gl_config_item_source_ds_idx ON gl_config_item_source (data_source_id);

-- The figures of one run (manual refresh or a GL_EXECUTION activity) as on its day.
CREATE TABLE gl_snapshot (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  gl_config_id        bigint NOT NULL REFERENCES gl_config(id) ON DELETE CASCADE,
  as_on_date          date NOT NULL,
  trigger             text NOT NULL CHECK (trigger IN ('MANUAL','JOB')),
  job_execution_id    bigint REFERENCES job_execution(id) ON DELETE SET NULL,
  report              jsonb NOT NULL,
  created_by          bigint REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gl_snapshot_config_idx ON gl_snapshot (gl_config_id, id DESC);

-- Reopening books waits for a second person (decision 0010's maker-checker).
ALTER TABLE approval_request ADD COLUMN gl_config_id bigint REFERENCES gl_config(id) ON DELETE CASCADE;
ALTER TABLE approval_request DROP CONSTRAINT approval_request_kind_check;
ALTER TABLE approval_request ADD CONSTRAINT approval_request_kind_check
  CHECK (kind IN ('ROLLBACK','BULK_KNOCK_OFF','GL_REOPEN_BOOKS'));
ALTER TABLE approval_request ADD CONSTRAINT approval_request_gl_check
  CHECK ((kind = 'GL_REOPEN_BOOKS') = (gl_config_id IS NOT NULL));
ALTER TABLE approval_right DROP CONSTRAINT approval_right_kind_check;
ALTER TABLE approval_right ADD CONSTRAINT approval_right_kind_check
  CHECK (kind IN ('ROLLBACK','BULK_KNOCK_OFF','GL_REOPEN_BOOKS'));

-- GL exports in the Downloads area.
ALTER TABLE download_request DROP CONSTRAINT download_request_report_type_check;
ALTER TABLE download_request ADD CONSTRAINT download_request_report_type_check
  CHECK (report_type IN ('TRANSACTIONS','DASHLET','REPORT','APPROVAL','BRS_REPORT','GL_REPORT'));
