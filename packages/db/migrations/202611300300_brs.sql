-- Why: the bank reconciliation statement (spec 1 Reports › brs-report, privilege brsReport; issue 15; decision
-- 0038). A BRS configuration of a module names the bank statement and the books (cash book / ledger) among its data
-- sources; how each side holds amounts, Dr/Cr, dates, narration, instrument and its balance (jsonb, checked by the
-- contract's schema); and ordered rules putting each open item in the group accountants present it in. Its exports
-- are BRS_REPORT download requests (the report type exists since the downloads area).

CREATE TABLE brs_config (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id             bigint NOT NULL REFERENCES module(id),
  name                  text NOT NULL,
  bank_data_source_id   bigint NOT NULL REFERENCES data_source(id),
  books_data_source_id  bigint NOT NULL REFERENCES data_source(id),
  -- {amountColumn, drCrColumn, debitValues, dateColumn, narrationColumn, instrumentColumn, balanceMode,
  --  balanceColumn, openingBalance}
  bank                  jsonb NOT NULL,
  books                 jsonb NOT NULL,
  -- [{side, direction, narrationPattern, instrumentPattern, group}] in order: the first that fits takes the item.
  rules                 jsonb NOT NULL DEFAULT '[]',
  created_by            bigint NOT NULL REFERENCES app_user(id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (bank_data_source_id <> books_data_source_id)
);
CREATE UNIQUE INDEX brs_config_name_key ON brs_config (module_id, lower(name));
CREATE INDEX brs_config_bank_idx ON brs_config (bank_data_source_id);
CREATE INDEX brs_config_books_idx ON brs_config (books_data_source_id);
