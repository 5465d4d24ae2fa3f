-- Why: the job runner needs state the first operations migration did not hold — where a cron schedule
-- stands (so a restart neither skips nor repeats a fire), a run waiting out its retry interval (so crash
-- recovery can tell it from a run that was cut off), the file-approval decision of a run with its maker and
-- checker, and the export report configs that export activities point at.

-- Cron fire times up to this instant are consumed: set when a schedule starts or resumes, then to each fire
-- time the runner acted on. Only later fire times create runs.
ALTER TABLE job ADD COLUMN cron_fired_until timestamptz;

-- Set while a failed activity waits for its next attempt (the run keeps its module slot meanwhile).
ALTER TABLE job_execution ADD COLUMN next_attempt_at timestamptz;
-- Snapshot of job.file_approval_enabled when the run was created: editing the job does not change a run.
ALTER TABLE job_execution ADD COLUMN needs_file_approval boolean NOT NULL DEFAULT false;
ALTER TABLE job_execution ADD COLUMN approval_status text
  CHECK (approval_status IN ('ACTION_PENDING','APPROVED','REJECTED'));
ALTER TABLE job_execution ADD COLUMN approved_by bigint REFERENCES app_user(id);
ALTER TABLE job_execution ADD COLUMN approved_at timestamptz;

-- Runs of one module waiting for their turn, oldest first.
CREATE INDEX job_execution_module_status_idx ON job_execution (module_id, status, id);
-- "Last execution of a data source": activity executions by pipeline.
CREATE INDEX activity_execution_type_idx ON activity_execution (type, type_id, job_execution_id DESC);
CREATE INDEX uploaded_file_execution_idx ON uploaded_file (job_execution_id) WHERE job_execution_id IS NOT NULL;

-- Where an export activity sends a report: provider report config, pipeline, columns and account.
CREATE TABLE export_report_config (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id             bigint NOT NULL REFERENCES module(id),
  config_name           text NOT NULL,
  export_job_type_name  text NOT NULL,
  report_config_id      bigint,
  pipeline_id           bigint REFERENCES pipeline(id),
  -- Comma-separated column names, as the spec's exportColums.
  export_columns        text NOT NULL DEFAULT '',
  facility              text,
  export_filter_id      bigint,
  account_id            text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX export_report_config_name_key ON export_report_config (module_id, lower(config_name));
