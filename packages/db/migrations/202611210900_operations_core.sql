-- Why: the operations area (spec 2) — data tables the product creates as real PostgreSQL tables, recons
-- joining two data sources, pipelines with their file-upload configs, jobs of ordered activities, their
-- executions, every uploaded file, and parallel-run configs. Every record belongs to one module.

-- Tables created by admins live in their own schema, away from the system tables.
CREATE SCHEMA IF NOT EXISTS recon_data;

CREATE TABLE data_table (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id           bigint NOT NULL REFERENCES module(id),
  name                text NOT NULL,
  kind                text NOT NULL DEFAULT 'DATA' CHECK (kind IN ('DATA','MASTER')),
  description         text NOT NULL DEFAULT '',
  -- Physical names in schema recon_data: the table, its history and its invalid-rows table.
  table_name          text NOT NULL UNIQUE,
  history_table_name  text NOT NULL UNIQUE,
  invalid_table_name  text NOT NULL UNIQUE,
  created_by          bigint REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX data_table_module_name_key ON data_table (module_id, lower(name));

CREATE TABLE data_table_column (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  data_table_id  bigint NOT NULL REFERENCES data_table(id) ON DELETE CASCADE,
  name           text NOT NULL,
  data_type      text NOT NULL CHECK (data_type IN ('BIGINT','DATE','DATETIME','DOUBLE','INT','VARCHAR','FLOAT')),
  -- Money columns are numeric(20,4) whatever their label: never a binary float.
  is_money       boolean NOT NULL DEFAULT false,
  max_length     integer,
  sequence       integer NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (data_table_id, name)
);

-- Columns whose values together identify a duplicate row, per data table.
CREATE TABLE duplicate_check_config (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  data_table_id  bigint NOT NULL REFERENCES data_table(id) ON DELETE CASCADE,
  column_names   text[] NOT NULL CHECK (cardinality(column_names) > 0),
  is_enabled     boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (data_table_id)
);

CREATE TABLE pipeline (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id      bigint NOT NULL REFERENCES module(id),
  name           text NOT NULL,
  description    text NOT NULL DEFAULT '',
  source         text NOT NULL DEFAULT 'FILE',
  data_table_id  bigint NOT NULL REFERENCES data_table(id),
  created_by     bigint REFERENCES app_user(id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX pipeline_module_name_key ON pipeline (module_id, lower(name));

-- How a file becomes rows: kind, sheet, header row, delimiter, and file column → table column mapping.
CREATE TABLE file_upload_config (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pipeline_id     bigint NOT NULL UNIQUE REFERENCES pipeline(id) ON DELETE CASCADE,
  file_kind       text NOT NULL CHECK (file_kind IN ('csv','xlsx')),
  sheet_name      text,
  header_row      integer NOT NULL DEFAULT 1 CHECK (header_row >= 1),
  delimiter       text NOT NULL DEFAULT ',',
  ingestion_mode  text NOT NULL DEFAULT 'Upload' CHECK (ingestion_mode IN ('Upload','API','AMAZON_S3','SFTP')),
  -- [{ fileColumn, tableColumn, dataType, dateFormat?, isRequired }] in file order.
  mappings        jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Connector settings for AMAZON_S3 / SFTP (bucket, path, host…); secrets never stored here in clear.
  connection      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE recon (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id    bigint NOT NULL REFERENCES module(id),
  name         text NOT NULL,
  description  text NOT NULL DEFAULT '',
  created_by   bigint REFERENCES app_user(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX recon_module_name_key ON recon (module_id, lower(name));

CREATE TABLE data_source (
  id                      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id               bigint NOT NULL REFERENCES module(id),
  name                    text NOT NULL,
  recon_id                bigint NOT NULL REFERENCES recon(id),
  pipeline_id             bigint NOT NULL REFERENCES pipeline(id),
  invalid_pipeline_id     bigint NOT NULL REFERENCES pipeline(id),
  data_table_id           bigint NOT NULL REFERENCES data_table(id),
  max_invalid_record      numeric(20,4) NOT NULL DEFAULT 0 CHECK (max_invalid_record >= 0),
  max_invalid_unit        text CHECK (max_invalid_unit IN ('COUNT','PERCENTAGE')),
  max_duplicate_record    numeric(20,4) NOT NULL DEFAULT 0 CHECK (max_duplicate_record >= 0),
  max_duplicate_unit      text CHECK (max_duplicate_unit IN ('COUNT','PERCENTAGE')),
  -- Order of the data sources of one recon: 1 is side A, 2 is side B.
  sequence                integer NOT NULL DEFAULT 1,
  is_active               boolean NOT NULL DEFAULT true,
  created_by              bigint REFERENCES app_user(id),
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX data_source_module_name_key ON data_source (module_id, lower(name));
CREATE INDEX data_source_recon_idx ON data_source (recon_id, sequence);

-- The columns of a data source's table that users see, in order.
CREATE TABLE data_element (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  data_source_id  bigint NOT NULL REFERENCES data_source(id) ON DELETE CASCADE,
  name            text NOT NULL,
  input_type      text NOT NULL DEFAULT 'TEXT',
  type            text NOT NULL CHECK (type IN ('BIGINT','DATE','DATETIME','DOUBLE','INT','VARCHAR','FLOAT')),
  active          boolean NOT NULL DEFAULT true,
  sequence        integer NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (data_source_id, name)
);

CREATE TABLE job (
  id                      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id               bigint NOT NULL REFERENCES module(id),
  name                    text NOT NULL CHECK (char_length(name) <= 50),
  description             text NOT NULL DEFAULT '',
  no_of_retrial           integer NOT NULL DEFAULT 0 CHECK (no_of_retrial BETWEEN 0 AND 10),
  retrial_interval        integer NOT NULL DEFAULT 0 CHECK (retrial_interval BETWEEN 0 AND 1440),
  schedule_type           text NOT NULL DEFAULT 'MANUAL',
  cron_expression         text,
  cron_state              text CHECK (cron_state IN ('SCHEDULED','PAUSED','TERMINATED')),
  dashboard_id            bigint,
  file_approval_enabled   boolean NOT NULL DEFAULT false,
  -- File validation, approval pipelines and pipeline privileges (spec 2 "Job validation and approval").
  additional_settings     jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by              bigint REFERENCES app_user(id),
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX job_module_name_key ON job (module_id, lower(name));

CREATE TABLE job_filter (
  job_id       bigint NOT NULL REFERENCES job(id) ON DELETE CASCADE,
  filter_name  text NOT NULL CHECK (filter_name IN ('SHOW_DATE_RANGE','SHOULD_RUN_BATCH_WISE','SHOULD_RUN_CYCLE_WISE','SHOW_BATCH_NUMBER_TIME_MAPPING')),
  enabled      boolean NOT NULL DEFAULT false,
  PRIMARY KEY (job_id, filter_name)
);

CREATE TABLE job_activity (
  id                       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id                   bigint NOT NULL REFERENCES job(id) ON DELETE CASCADE,
  sequence                 integer NOT NULL CHECK (sequence >= 1),
  enabled                  boolean NOT NULL DEFAULT true,
  type                     text NOT NULL,
  -- The pipeline, recon… the activity runs (by type); null for types that need none.
  type_id                  bigint,
  pipeline_source          text,
  integration_auth_id      bigint,
  job_configuration        jsonb,
  additional_info          jsonb,
  bulk_processor_details   jsonb,
  dispute_activity         jsonb,
  UNIQUE (job_id, sequence) DEFERRABLE INITIALLY IMMEDIATE
);

CREATE TABLE job_execution (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id         bigint NOT NULL REFERENCES module(id),
  job_id            bigint NOT NULL REFERENCES job(id),
  status            text NOT NULL DEFAULT 'RUNNABLE',
  trigger_type      text NOT NULL DEFAULT 'MANUAL' CHECK (trigger_type IN ('MANUAL','CRON','RETRY','UPLOAD')),
  batch_number      integer CHECK (batch_number BETWEEN 1 AND 96),
  cycle_number      integer CHECK (cycle_number BETWEEN 1 AND 9),
  end_date          date,
  params            jsonb NOT NULL DEFAULT '{}'::jsonb,
  error_message     text,
  created_by        bigint REFERENCES app_user(id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  finished_at       timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_execution_job_idx ON job_execution (job_id, id DESC);
CREATE INDEX job_execution_module_idx ON job_execution (module_id, id DESC);
-- The runner looks for work and for runs left RUNNING by a crash.
CREATE INDEX job_execution_status_idx ON job_execution (status) WHERE status IN ('RUNNABLE','RUNNING');

CREATE TABLE activity_execution (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_execution_id   bigint NOT NULL REFERENCES job_execution(id) ON DELETE CASCADE,
  job_activity_id    bigint REFERENCES job_activity(id) ON DELETE SET NULL,
  sequence           integer NOT NULL,
  type               text NOT NULL,
  type_id            bigint,
  status             text NOT NULL DEFAULT 'RUNNABLE',
  attempt            integer NOT NULL DEFAULT 0,
  -- Rows read, loaded, invalid, duplicate… by activity type.
  counts             jsonb NOT NULL DEFAULT '{}'::jsonb,
  error_message      text,
  started_at         timestamptz,
  finished_at        timestamptz,
  UNIQUE (job_execution_id, sequence)
);

CREATE TABLE uploaded_file (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id              bigint NOT NULL REFERENCES module(id),
  pipeline_id            bigint NOT NULL REFERENCES pipeline(id),
  job_execution_id       bigint REFERENCES job_execution(id),
  activity_execution_id  bigint REFERENCES activity_execution(id),
  original_name          text NOT NULL,
  stored_path            text NOT NULL,
  size_bytes             bigint NOT NULL,
  content_sha256         text NOT NULL,
  status                 text NOT NULL DEFAULT 'UPLOADED',
  upload_status          text NOT NULL DEFAULT 'UPLOAD_STARTED',
  error_kind             text,
  error_message          text,
  total_rows             integer,
  valid_rows             integer,
  invalid_rows           integer,
  duplicate_rows         integer,
  uploaded_by            bigint REFERENCES app_user(id),
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploaded_file_pipeline_idx ON uploaded_file (pipeline_id, id DESC);
CREATE INDEX uploaded_file_module_idx ON uploaded_file (module_id, id DESC);
CREATE INDEX uploaded_file_hash_idx ON uploaded_file (pipeline_id, content_sha256);

CREATE TABLE parallel_job_config (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id    bigint NOT NULL REFERENCES module(id),
  config_name  text NOT NULL,
  config_type  text NOT NULL CHECK (config_type IN ('JOB','MODULE')),
  config_ids   bigint[] NOT NULL CHECK (cardinality(config_ids) >= 2),
  created_by   bigint REFERENCES app_user(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX parallel_job_config_name_key ON parallel_job_config (module_id, lower(config_name));
