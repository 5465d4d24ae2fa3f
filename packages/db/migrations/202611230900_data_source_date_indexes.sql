-- Why: decision 0009 — a Transactions page over a date range reads the data table by (date column, _id). New data
-- sources get that index from lib/data-tables/ddl.ts (syncDateIndexes); this creates it for the data sources that
-- existed before. Same rules and names: per DATA table with a data source, its default date column (the first
-- DATE / DATETIME column, else _loaded_at), index "date$<table>$<column>" in recon_data, cut to 52 bytes plus
-- '$' and 10 hex digits of its md5 when longer than 63. Idempotent: an index already there is left alone.
DO $$
DECLARE
  t record;
  full_name text;
  index_name text;
BEGIN
  FOR t IN
    SELECT DISTINCT dt.table_name,
           coalesce((SELECT c.name FROM data_table_column c
                     WHERE c.data_table_id = dt.id AND c.data_type IN ('DATE', 'DATETIME')
                     ORDER BY c.sequence, c.id LIMIT 1), '_loaded_at') AS column_name
    FROM data_source ds JOIN data_table dt ON dt.id = ds.data_table_id
    WHERE dt.state_table_name IS NOT NULL
      AND to_regclass(format('recon_data.%I', dt.table_name)) IS NOT NULL
  LOOP
    full_name := 'date$' || t.table_name || '$' || t.column_name;
    index_name := CASE WHEN octet_length(full_name) <= 63 THEN full_name
                       ELSE left(full_name, 52) || '$' || left(md5(full_name), 10) END;
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON recon_data.%I (%I, _id)', index_name, t.table_name, t.column_name);
  END LOOP;
END
$$;
