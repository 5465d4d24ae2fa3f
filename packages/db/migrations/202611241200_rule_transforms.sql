-- Rule transforms that read dates (issue 9): the Date transform read text with PostgreSQL's DateStyle, so
-- 05/03/2026 became 3 May and a day over 12 silently became NULL. Dates are now read with explicit patterns by
-- SQL the engine writes per pattern (packages/recon-engine/src/date-sql.ts); these functions turn the fields it
-- cuts out into a date or timestamp, or NULL when they make no real date (31 April, 29 February 2026, hour 24).
-- They are plain SQL expressions without exception handling, so the planner inlines them and one bad row never
-- raises: make_date and make_time are only reached with fields already checked.

CREATE FUNCTION recon_make_date(y int, m int, d int) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN y BETWEEN 1 AND 9999 AND m BETWEEN 1 AND 12 AND d >= 1 AND d <= CASE
      WHEN m = 2 THEN CASE WHEN y % 4 = 0 AND (y % 100 <> 0 OR y % 400 = 0) THEN 29 ELSE 28 END
      WHEN m IN (4, 6, 9, 11) THEN 30
      ELSE 31 END
    THEN make_date(y, m, d) END
$$;

-- us: microseconds (0–999999).
CREATE FUNCTION recon_make_timestamp(y int, m int, d int, h int, mi int, s int, us int) RETURNS timestamp
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN h BETWEEN 0 AND 23 AND mi BETWEEN 0 AND 59 AND s BETWEEN 0 AND 59 AND us BETWEEN 0 AND 999999
    THEN recon_make_date(y, m, d) + make_time(h, mi, s) + us * interval '1 microsecond' END
$$;

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
