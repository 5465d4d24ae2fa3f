-- Why: maker-checker for rollbacks and bulk knock-off (DOMAIN.md "whoever requests an approval can never approve
-- it"; decision 0010). Each module says whether its rollbacks and its bulk knock-offs need a second person's
-- approval (off by default: existing behaviour is unchanged). A request waiting for that approval is one
-- approval_request row, decided once (approved, rejected, or approved but failed when run), by another user.

ALTER TABLE module
  ADD COLUMN rollbacks_need_approval boolean NOT NULL DEFAULT false,
  ADD COLUMN bulk_knock_off_needs_approval boolean NOT NULL DEFAULT false;

CREATE TABLE approval_request (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id       bigint NOT NULL REFERENCES module(id),
  kind            text NOT NULL CHECK (kind IN ('ROLLBACK','BULK_KNOCK_OFF')),
  -- Spec 2 §4 approval statuses this version produces: ACTION_PENDING → APPROVED | REJECTED | FAILED (approved,
  -- but the action could not be done: failure_reason says why, nothing of it was done).
  status          text NOT NULL DEFAULT 'ACTION_PENDING' CHECK (status IN ('ACTION_PENDING','APPROVED','REJECTED',
                    'APPROVAL_PROCESSING','FAILED','PARTIALLY_APPROVED')),
  -- ROLLBACK: the rollback request waiting in APPROVAL_PENDING (its records hold the plan).
  rollback_id     bigint UNIQUE REFERENCES rollback_request(id),
  -- BULK_KNOCK_OFF: the recon and data source of the rows; the rows and the reason are in payload.
  recon_id        bigint REFERENCES recon(id),
  data_source_id  bigint REFERENCES data_source(id),
  -- What is to be done, as the requester asked it: BULK_KNOCK_OFF { rowIds, reason }; ROLLBACK { jobExecutionId }.
  payload         jsonb NOT NULL DEFAULT '{}',
  -- One line a checker reads in the list ("Knock off 2 rows of Bank statement", "Rollback of run #12 (Daily)").
  summary         text NOT NULL,
  -- BULK_KNOCK_OFF once approved: the recon run that closed the rows (its rollback re-opens them).
  recon_run_id    bigint REFERENCES recon_run(id),
  requested_by    bigint NOT NULL REFERENCES app_user(id),
  requested_at    timestamptz NOT NULL DEFAULT now(),
  decided_by      bigint REFERENCES app_user(id),
  decided_at      timestamptz,
  remark          text,
  failure_reason  text,
  CHECK ((kind = 'ROLLBACK') = (rollback_id IS NOT NULL)),
  CHECK ((kind = 'BULK_KNOCK_OFF') = (recon_id IS NOT NULL AND data_source_id IS NOT NULL)),
  -- Maker-checker, kept by the database too.
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
-- The list: a module's requests newest first, optionally by status.
CREATE INDEX approval_request_module_idx ON approval_request (module_id, id DESC);
CREATE INDEX approval_request_pending_idx ON approval_request (module_id, id DESC) WHERE status = 'ACTION_PENDING';
