-- ==== step 1: run the rules ====

-- step 1, statement 1
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 2
-- $1 = "CHARGES"
-- $2 = 1
-- $3 = 1
-- $4 = "Rule: Bank charges"
INSERT INTO recon_data.g_a_state (_id, status, rule_id, run_id, reason)
  SELECT t._id, 'KNOCK_OFF', $2::bigint, $3::bigint, $4::text
  FROM recon_data.g_a t WHERE (t._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = t._id)) AND (strpos(t."narration", $1::text) > 0);

-- step 1, statement 3
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 4
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 5
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_a_state) AS empty;

-- step 1, statement 6
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_b_state) AS empty;

-- step 1, statement 7
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 8
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 9
-- $1 = "recon_data.g_b"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 10
SELECT count(*)::float8 AS n FROM recon_data.g_b;

-- step 1, statement 11
SELECT current_setting('enable_mergejoin');

-- step 1, statement 12
SET LOCAL enable_mergejoin = 'off';

-- step 1, statement 13
-- $1 = ["UPI","NEFT"]
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT a._id AS a_id, b._id AS b_id
  FROM recon_data.g_a a JOIN recon_data.g_b b ON (a."ref" = b."ref") AND (a."amount" = b."amount")
  WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (b._recon_status = 'UNRECONCILED') AND (a."channel" = ANY($1::text[]));

-- step 1, statement 14
-- $1 = "on"
SELECT set_config('enable_mergejoin', $1, true);

-- step 1, statement 15
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 16
-- $1 = 2
SELECT recon_match_ids($1) AS ids;

-- step 1, statement 17
CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 18
CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 19
TRUNCATE rc_open_a, rc_open_b;

-- step 1, statement 20
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

-- step 1, statement 21
-- $1 = "RECONCILED"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT g.a_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.a_id;

-- step 1, statement 22
-- $1 = "RECONCILED"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT g.b_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.b_id;

-- step 1, statement 23
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 24
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 25
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_a_state) AS empty;

-- step 1, statement 26
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_b_state) AS empty;

-- step 1, statement 27
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 28
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 29
-- $1 = "recon_data.g_b"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 30
SELECT count(*)::float8 AS n FROM recon_data.g_b;

-- step 1, statement 31
SELECT current_setting('enable_mergejoin');

-- step 1, statement 32
SET LOCAL enable_mergejoin = 'off';

-- step 1, statement 33
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT a._id AS a_id, b._id AS b_id
  FROM recon_data.g_a a JOIN recon_data.g_b b ON (a."amount" = b."amount")
  WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id)) AND (strpos(a."narration", b."utr") > 0);

-- step 1, statement 34
-- $1 = "on"
SELECT set_config('enable_mergejoin', $1, true);

-- step 1, statement 35
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 36
-- $1 = 1
SELECT recon_match_ids($1) AS ids;

-- step 1, statement 37
CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 38
CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 39
TRUNCATE rc_open_a, rc_open_b;

-- step 1, statement 40
-- $1 = <match-id blocks 2>
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

-- step 1, statement 41
-- $1 = "RELAX_MATCH"
-- $2 = 3
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT g.a_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.a_id;

-- step 1, statement 42
-- $1 = "RELAX_MATCH"
-- $2 = 3
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT g.b_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.b_id;

-- step 1, statement 43
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 44
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 45
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_a_state) AS empty;

-- step 1, statement 46
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_b_state) AS empty;

-- step 1, statement 47
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 48
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 49
-- $1 = "recon_data.g_b"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 50
SELECT count(*)::float8 AS n FROM recon_data.g_b;

-- step 1, statement 51
SELECT current_setting('enable_mergejoin');

-- step 1, statement 52
SET LOCAL enable_mergejoin = 'off';

-- step 1, statement 53
-- $1 = "2"
-- $2 = "400"
-- $3 = "500"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT a._id AS a_id, b._id AS b_id, abs((a."amount")::numeric - (b."amount")::numeric)::float8 AS s1
  FROM recon_data.g_a a JOIN recon_data.g_b b ON (a."ref" = b."ref")
  WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id)) AND (b."amount" BETWEEN $2::numeric AND $3::numeric) AND (b."amount" BETWEEN a."amount" - $1::numeric AND a."amount" + $1::numeric);

-- step 1, statement 54
-- $1 = "on"
SELECT set_config('enable_mergejoin', $1, true);

-- step 1, statement 55
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 56
-- $1 = 1
SELECT recon_match_ids($1) AS ids;

-- step 1, statement 57
CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 58
CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 59
TRUNCATE rc_open_a, rc_open_b;

-- step 1, statement 60
-- $1 = <match-id blocks 3>
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

-- step 1, statement 61
-- $1 = "PROPOSE_MATCH"
-- $2 = 4
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT g.a_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.a_id;

-- step 1, statement 62
-- $1 = "PROPOSE_MATCH"
-- $2 = 4
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT g.b_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.b_id;

-- step 1, statement 63
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;
