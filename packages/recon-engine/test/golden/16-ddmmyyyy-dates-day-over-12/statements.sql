-- ==== step 1: run the rules ====

-- step 1, statement 1
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 2
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_a_state) AS empty;

-- step 1, statement 3
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_b_state) AS empty;

-- step 1, statement 4
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 5
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 6
-- $1 = "recon_data.g_b"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 7
SELECT count(*)::float8 AS n FROM recon_data.g_b;

-- step 1, statement 8
SELECT current_setting('enable_mergejoin');

-- step 1, statement 9
SET LOCAL enable_mergejoin = 'off';

-- step 1, statement 10
-- $1 = "^ *(?:(?:0?[1-9]|1[0-9]|2[0-8])/(?:0?[1-9]|1[0-2])/[0-9]{4}|(?:29|30)/(?:0?[13-9]|1[0-2])/[0-9]{4}|31/(?:0?[13578]|1[02])/[0-9]{4}|29/0?2/(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)) *$"
-- $2 = "/"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT a._id AS a_id, b._id AS b_id
  FROM recon_data.g_a a JOIN recon_data.g_b b ON (a."ref" = b."ref") AND (a."amount" = b."amount") AND (CASE WHEN a."txn_date" ~ $1::text THEN make_date(nullif((btrim(split_part(a."txn_date", $2::text, 3)))::int, 0), (split_part(a."txn_date", $2::text, 2))::int, (btrim(split_part(a."txn_date", $2::text, 1)))::int) END = b."value_date")
  WHERE (a._recon_status = 'UNRECONCILED') AND (b._recon_status = 'UNRECONCILED');

-- step 1, statement 11
-- $1 = "on"
SELECT set_config('enable_mergejoin', $1, true);

-- step 1, statement 12
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 13
-- $1 = 3
SELECT recon_match_ids($1) AS ids;

-- step 1, statement 14
CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 15
CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 16
TRUNCATE rc_open_a, rc_open_b;

-- step 1, statement 17
-- $1 = <match-id blocks 1>
WITH
    r AS MATERIALIZED (SELECT a_id, b_id, ra, row_number() OVER (PARTITION BY b_id ORDER BY a_id) AS rb
      FROM (SELECT a_id, b_id,
              row_number() OVER (PARTITION BY a_id ORDER BY b_id) AS ra
            FROM rc_cand) r1),
    open_a AS (INSERT INTO rc_open_a (id) SELECT a_id FROM r WHERE ra = 1 AND rb > 1),
    open_b AS (INSERT INTO rc_open_b (id) SELECT b_id FROM r WHERE rb = 1 AND ra > 1)
  INSERT INTO rc_pairs (a_id, b_id, match_id)
  SELECT n.a_id, n.b_id, ($1::bigint[])[n.k / 65536 + 1] + n.k % 65536
  FROM (SELECT p.a_id, p.b_id, row_number() OVER () - 1 AS k FROM (SELECT a_id, b_id FROM r WHERE ra = 1 AND rb = 1) p) n;

-- step 1, statement 18
-- $1 = "RECONCILED"
-- $2 = 1
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT g.a_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.a_id;

-- step 1, statement 19
-- $1 = "RECONCILED"
-- $2 = 1
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT g.b_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.b_id;

-- step 1, statement 20
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 21
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 22
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_a_state) AS empty;

-- step 1, statement 23
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_b_state) AS empty;

-- step 1, statement 24
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 25
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 26
-- $1 = "recon_data.g_b"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 27
SELECT count(*)::float8 AS n FROM recon_data.g_b;

-- step 1, statement 28
SELECT current_setting('enable_mergejoin');

-- step 1, statement 29
SET LOCAL enable_mergejoin = 'off';

-- step 1, statement 30
-- $1 = "^ *(?:(?:0?[1-9]|1[0-9]|2[0-8])/(?:0?[1-9]|1[0-2])/[0-9]{4}|(?:29|30)/(?:0?[13-9]|1[0-2])/[0-9]{4}|31/(?:0?[13578]|1[02])/[0-9]{4}|29/0?2/(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)) *$"
-- $2 = "/"
-- $3 = "1"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT a._id AS a_id, b._id AS b_id, abs(CASE WHEN a."txn_date" ~ $1::text THEN make_date(nullif((btrim(split_part(a."txn_date", $2::text, 3)))::int, 0), (split_part(a."txn_date", $2::text, 2))::int, (btrim(split_part(a."txn_date", $2::text, 1)))::int) END - b."value_date")::float8 AS s1
  FROM recon_data.g_a a JOIN recon_data.g_b b ON (a."ref" = b."ref") AND (a."amount" = b."amount")
  WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id)) AND (b."value_date" BETWEEN CASE WHEN a."txn_date" ~ $1::text THEN make_date(nullif((btrim(split_part(a."txn_date", $2::text, 3)))::int, 0), (split_part(a."txn_date", $2::text, 2))::int, (btrim(split_part(a."txn_date", $2::text, 1)))::int) END - $3::integer AND CASE WHEN a."txn_date" ~ $1::text THEN make_date(nullif((btrim(split_part(a."txn_date", $2::text, 3)))::int, 0), (split_part(a."txn_date", $2::text, 2))::int, (btrim(split_part(a."txn_date", $2::text, 1)))::int) END + $3::integer);

-- step 1, statement 31
-- $1 = "on"
SELECT set_config('enable_mergejoin', $1, true);

-- step 1, statement 32
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 33
-- $1 = 1
SELECT recon_match_ids($1) AS ids;

-- step 1, statement 34
CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 35
CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 36
TRUNCATE rc_open_a, rc_open_b;

-- step 1, statement 37
-- $1 = <match-id blocks 2>
WITH
    r AS MATERIALIZED (SELECT a_id, b_id, ra, row_number() OVER (PARTITION BY b_id ORDER BY s1, a_id) AS rb
      FROM (SELECT a_id, b_id, s1,
              row_number() OVER (PARTITION BY a_id ORDER BY s1, b_id) AS ra
            FROM rc_cand) r1),
    open_a AS (INSERT INTO rc_open_a (id) SELECT a_id FROM r WHERE ra = 1 AND rb > 1),
    open_b AS (INSERT INTO rc_open_b (id) SELECT b_id FROM r WHERE rb = 1 AND ra > 1)
  INSERT INTO rc_pairs (a_id, b_id, match_id)
  SELECT n.a_id, n.b_id, ($1::bigint[])[n.k / 65536 + 1] + n.k % 65536
  FROM (SELECT p.a_id, p.b_id, row_number() OVER () - 1 AS k FROM (SELECT a_id, b_id FROM r WHERE ra = 1 AND rb = 1) p) n;

-- step 1, statement 38
-- $1 = "RELAX_MATCH"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT g.a_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.a_id;

-- step 1, statement 39
-- $1 = "RELAX_MATCH"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT g.b_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.b_id;

-- step 1, statement 40
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;
