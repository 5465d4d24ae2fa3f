-- Rule transforms that read dates (issue 9): the Date transform read text with PostgreSQL's DateStyle, so
-- 05/03/2026 became 3 May and a day over 12 silently became NULL. Dates are now read with explicit patterns by
-- SQL the engine writes per pattern (packages/recon-engine/src/date-sql.ts), NULL for a value that is no date.
-- Epoch numbers go through the function below: a plain SQL expression without exception handling, so the
-- planner inlines it and one out-of-range value gives NULL instead of aborting the run.

-- Seconds since 1970-01-01 00:00 UTC (fractions kept to the microsecond) as a timestamp in UTC; NULL outside
-- the years 1–9999 instead of PostgreSQL's "timestamp out of range".
CREATE FUNCTION recon_timestamp_of_epoch(seconds numeric) RETURNS timestamp
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN seconds BETWEEN -62135596800 AND 253402300799.999999
    THEN timestamp '1970-01-01 00:00:00' + floor(seconds)::bigint * interval '1 second'
      + round((seconds - floor(seconds)) * 1000000)::bigint * interval '1 microsecond' END
$$;

-- Nothing reads text with DateStyle any more.
DROP FUNCTION recon_try_date(text);
