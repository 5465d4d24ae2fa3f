-- Why: a dashboard of six dashlets must answer within a second once its data is warm (issue 15; decision 0040).
-- A dashlet's figures are kept and served again while the tables they read have not changed. "Changed" is counted
-- here: every statement that writes a data table or a state table (statement-level triggers the app attaches when it
-- makes the table) adds one to the count of its table, in the writing transaction — so a count is visible exactly
-- when the rows it counts are.
--
-- One row per table and backend: two transactions never write the same row at once (a backend runs one transaction
-- at a time), so the count never makes a writer wait for another and cannot deadlock. The version of a table is the
-- sum of its rows; rows of backends that are gone are folded into backend 0 from time to time.

CREATE TABLE data_version (
  table_name   text NOT NULL,
  backend_pid  integer NOT NULL,
  changes      bigint NOT NULL,
  PRIMARY KEY (table_name, backend_pid)
);

CREATE FUNCTION data_version_bump() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO public.data_version (table_name, backend_pid, changes) VALUES (TG_TABLE_NAME, pg_backend_pid(), 1)
  ON CONFLICT (table_name, backend_pid) DO UPDATE SET changes = data_version.changes + 1;
  RETURN NULL;
END $$;
