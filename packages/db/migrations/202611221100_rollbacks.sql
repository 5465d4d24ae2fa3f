-- Why: issue 4 "Rollbacks" — undoing a job execution exactly (spec 2 §3 Rollback, §4 statuses, §7 calls). A
-- rollback request is queued, then worked step by step in reverse order: recon runs that used the execution's
-- data and its own runs (newest first), then the rows each of its pipelines loaded, then the execution itself.
-- Every step is one record committed with what it undid, so a failed rollback is retried from the step that
-- failed and what was done stays done.

CREATE TABLE rollback_request (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id         bigint NOT NULL REFERENCES module(id),
  job_execution_id  bigint NOT NULL REFERENCES job_execution(id),
  -- Spec 2 §4 rollback request statuses. QUEUED → ONGOING → ROLLBACK_FINISHED | ROLLBACK_FAILED (retryable).
  status            text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('ONGOING','QUEUED','APPROVAL_PENDING',
                      'ROLLBACK_FINISHED','PARTIALLY_ROLLEDBACK','ROLLBACK_FAILED','REJECTED')),
  -- The execution's status when the rollback was requested (shown in the history; the run ends ROLLED_BACK).
  execution_status  text NOT NULL,
  -- What the rollback would undo when it was requested (the rollback_impact answer), kept for the record.
  impact            jsonb NOT NULL DEFAULT '{}',
  error_message     text,
  -- 1 for the request, +1 for each retry of a failed rollback.
  attempt           integer NOT NULL DEFAULT 1,
  requested_by      bigint REFERENCES app_user(id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  finished_at       timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rollback_request_module_idx ON rollback_request (module_id, id DESC);
-- One live rollback per execution: a failed one is retried, a finished one leaves the run ROLLED_BACK.
CREATE UNIQUE INDEX rollback_request_execution_key ON rollback_request (job_execution_id) WHERE status <> 'REJECTED';
-- Start-up finds the requests a stop cut off.
CREATE INDEX rollback_request_open_idx ON rollback_request (status) WHERE status IN ('QUEUED','ONGOING');

-- One step of a request, worked in sequence order: a recon run rolled back (entity kind recon), the rows of one
-- pipeline's files removed (pipeline), the execution marked ROLLED_BACK (job_history). Spec 2 §4 entity kinds.
CREATE TABLE rollback_record (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rollback_id    bigint NOT NULL REFERENCES rollback_request(id) ON DELETE CASCADE,
  sequence       integer NOT NULL,
  entity_kind    text NOT NULL CHECK (entity_kind IN ('pipeline','recon','recon_rule','data_sources','job_history',
                   'execute_jobs','pg_charges','cashback_coupon')),
  -- The recon, pipeline or job execution the step works on, and its name when the step was planned.
  entity_id      bigint NOT NULL,
  entity_name    text NOT NULL,
  recon_run_id   bigint REFERENCES recon_run(id),
  -- pipeline steps: the execution's files of the pipeline.
  file_ids       bigint[] NOT NULL DEFAULT '{}',
  status         text NOT NULL DEFAULT 'SUBMITTED_FOR_EXECUTION' CHECK (status IN ('SUBMITTED_FOR_EXECUTION','CREATED',
                   'REJECTED','ROLLBACK_STARTED','ROLLBACK_FINISHED','ROLLBACK_FAILED')),
  -- What the step undid: state rows removed and restored, data and invalid rows deleted, files.
  counts         jsonb NOT NULL DEFAULT '{}',
  error_message  text,
  started_at     timestamptz,
  finished_at    timestamptz,
  UNIQUE (rollback_id, sequence)
);
CREATE INDEX rollback_record_run_idx ON rollback_record (recon_run_id) WHERE recon_run_id IS NOT NULL;

-- What dependency exploration found: recon runs outside the execution that used its data. Runs that belong to
-- no job execution (manual actions, Run recon) are rolled back by the request, first (their record is
-- record_id); a run of a later execution refuses the request instead, so it is never stored here.
CREATE TABLE rollback_dependency (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rollback_id       bigint NOT NULL REFERENCES rollback_request(id) ON DELETE CASCADE,
  recon_run_id      bigint NOT NULL REFERENCES recon_run(id),
  record_id         bigint REFERENCES rollback_record(id),
  -- Why the run depends on the execution (CLOSED_LOADED_ROWS, USED_RUN_RESULTS), and the run it depends on.
  reason            text NOT NULL,
  depends_on_run_id bigint REFERENCES recon_run(id),
  -- Spec 2 §4 dependency statuses.
  status            text NOT NULL DEFAULT 'DEPENDENCY_EXPLORED' CHECK (status IN ('DEPENDENCY_EXPLORED','CREATED',
                      'ROLLBACK_STARTED','ROLLBACK_FINISHED','ROLLBACK_FAILED')),
  UNIQUE (rollback_id, recon_run_id)
);
