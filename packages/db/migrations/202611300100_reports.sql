-- Why: Reports (spec 1 Reports › report-config-list and reports-execution; spec 2 `GET /v2/reports`,
-- `GET /v2/scheduleSqlQuerys`, job types REPORT and REPORT_GROUP; issue 15; decision 0036). A report config of a
-- module reads one data source's rows: columns shown, filters with the spec's operators and connectors, grouping
-- with aggregates, sort. Each run is a report execution keeping its definition, filter values, row count and the
-- highest row id it saw: its results are read again from the rows up to that id, never copied.

CREATE TABLE report_config (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id           bigint NOT NULL REFERENCES module(id),
  name                text NOT NULL,
  description         text,
  data_source_id      bigint NOT NULL REFERENCES data_source(id),
  -- {columns, filters, groupBy, aggregates, sort} as the contract's reportDefinitionSchema (dataSourceId aside).
  definition          jsonb NOT NULL,
  created_by          bigint NOT NULL REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX report_config_name_key ON report_config (module_id, lower(name));

-- A saved group of reports (GET /v2/scheduleSqlQuerys): what a REPORT_GROUP activity runs, in order.
CREATE TABLE report_group (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id           bigint NOT NULL REFERENCES module(id),
  name                text NOT NULL,
  created_by          bigint NOT NULL REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX report_group_name_key ON report_group (module_id, lower(name));

CREATE TABLE report_group_member (
  report_group_id     bigint NOT NULL REFERENCES report_group(id) ON DELETE CASCADE,
  report_config_id    bigint NOT NULL REFERENCES report_config(id),
  sequence            integer NOT NULL,
  PRIMARY KEY (report_group_id, report_config_id)
);
CREATE INDEX report_group_member_config_idx ON report_group_member (report_config_id);

CREATE TABLE report_execution (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id           bigint NOT NULL REFERENCES module(id),
  report_config_id    bigint REFERENCES report_config(id) ON DELETE SET NULL,
  report_name         text NOT NULL,
  data_source_id      bigint NOT NULL REFERENCES data_source(id),
  -- The definition as run: the dynamic filters carry the values given for this run.
  definition          jsonb NOT NULL,
  status              text NOT NULL CHECK (status IN ('RUNNING','COMPLETED','FAILED')),
  trigger             text NOT NULL CHECK (trigger IN ('MANUAL','JOB')),
  -- The highest _id of the table when the run counted: later loads stay out of its results.
  max_row_id          bigint,
  row_count           bigint,
  error               text,
  requested_by        bigint REFERENCES app_user(id),
  job_execution_id    bigint REFERENCES job_execution(id) ON DELETE SET NULL,
  started_at          timestamptz NOT NULL,
  finished_at         timestamptz
);
CREATE INDEX report_execution_module_idx ON report_execution (module_id, id DESC);
CREATE INDEX report_execution_config_idx ON report_execution (report_config_id, id DESC);
