-- Why: issue 4 — exports. A person asks for a view of rows as a file (spec 2 "Download request"); a worker
-- writes it under DATA_DIR/downloads and the Downloads dropdown and pages list it. The file is fetched with a
-- one-time token (downloadInitiate → download?token=) because the browser navigates to the file and sends no
-- bearer header: the token, stored only as a SHA-256 hash, is the authorisation.
CREATE TABLE download_request (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id         bigint NOT NULL REFERENCES module(id),
  requested_by      bigint NOT NULL REFERENCES app_user(id),
  -- TRANSACTIONS, DASHLET and REPORT are the spec's; APPROVAL and BRS_REPORT back the approval-downloads and
  -- brs-report-downloads pages the spec lists without naming their type.
  report_type       text NOT NULL CHECK (report_type IN ('TRANSACTIONS','DASHLET','REPORT','APPROVAL','BRS_REPORT')),
  file_name         text NOT NULL,
  format            text NOT NULL CHECK (format IN ('CSV','XLSX')),
  scope             text NOT NULL CHECK (scope IN ('ALL_COLUMNS','CONFIGURED_COLUMNS','CUSTOM_COLUMNS')),
  -- The columns asked for (CUSTOM_COLUMNS); after the export, the columns written, in order.
  columns           jsonb NOT NULL DEFAULT '[]',
  -- What to export, as the list call of the view reads it (for TRANSACTIONS: the Find=ByTab query).
  query             jsonb NOT NULL,
  status            text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN ('SUBMITTED','INPROCESS','READYFORDOWNLOAD',
                      'FAILED','DOWNLOADED','CREATED','ABORTED','DISCARDED')),
  row_count         bigint,
  size_bytes        bigint,
  -- Relative to DATA_DIR/downloads; never shown to a client.
  path              text,
  error             text,
  token_hash        text,
  token_expires_at  timestamptz,
  requested_at      timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  finished_at       timestamptz,
  downloaded_at     timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
-- The dropdown and the download pages: one person's requests in one module, newest first.
CREATE INDEX download_request_owner_idx ON download_request (module_id, requested_by, id DESC);
-- download?token= finds the request by its token hash; a spent token is set to NULL.
CREATE UNIQUE INDEX download_request_token_idx ON download_request (token_hash) WHERE token_hash IS NOT NULL;
-- The worker's start-up sweep: requests cut off by a stop, and requests still waiting.
CREATE INDEX download_request_open_idx ON download_request (status) WHERE status IN ('SUBMITTED','INPROCESS');
