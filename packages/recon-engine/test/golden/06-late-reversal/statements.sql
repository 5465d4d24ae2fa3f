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
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT a._id AS a_id, b._id AS b_id
  FROM recon_data.g_a a JOIN recon_data.g_b b ON (a."ref" = b."ref") AND (a."amount" = b."amount")
  WHERE (a._recon_status = 'UNRECONCILED') AND (b._recon_status = 'UNRECONCILED');

-- step 1, statement 11
-- $1 = "on"
SELECT set_config('enable_mergejoin', $1, true);

-- step 1, statement 12
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 13
-- $1 = 2
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
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 23
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 24
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 25
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 26
-- $1 = "-1"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT x._id AS a_id, y._id AS b_id
  FROM recon_data.g_a x JOIN recon_data.g_a y ON (x."ref" = y."ref") AND (x."amount" = (y."amount"::numeric * $1::numeric)) JOIN recon_data.g_a_state sy ON sy._id = y._id
  WHERE (x._id <> y._id) AND (x._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = x._id)) AND (sy.status IN ('RECONCILED', 'RELAX_MATCH', 'PARTIAL_RECONCILED')) AND (NOT EXISTS (SELECT 1 FROM recon_data.g_a_state z WHERE z.match_id = sy.match_id AND z.status = 'LATE_REVERSAL'));

-- step 1, statement 27
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 28
-- $1 = 2
-- $2 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT p.a_id, 'LATE_REVERSAL', sy.match_id, $1, $2 FROM rc_pairs p JOIN recon_data.g_a_state sy ON sy._id = p.b_id;

-- step 1, statement 29
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- ==== step 2: load a2.csv into side A ====

-- ==== step 3: run the rules ====

-- step 3, statement 1
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 3, statement 2
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_a_state) AS empty;

-- step 3, statement 3
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_b_state) AS empty;

-- step 3, statement 4
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 3, statement 5
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 3, statement 6
-- $1 = "recon_data.g_b"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 3, statement 7
SELECT count(*)::float8 AS n FROM recon_data.g_b;

-- step 3, statement 8
SELECT current_setting('enable_mergejoin');

-- step 3, statement 9
SET LOCAL enable_mergejoin = 'off';

-- step 3, statement 10
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT a._id AS a_id, b._id AS b_id
  FROM recon_data.g_a a JOIN recon_data.g_b b ON (a."ref" = b."ref") AND (a."amount" = b."amount")
  WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id));

-- step 3, statement 11
-- $1 = "on"
SELECT set_config('enable_mergejoin', $1, true);

-- step 3, statement 12
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 3, statement 13
-- $1 = "RECONCILED"
-- $2 = 1
-- $3 = 2
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT g.a_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.a_id;

-- step 3, statement 14
-- $1 = "RECONCILED"
-- $2 = 1
-- $3 = 2
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT g.b_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.b_id;

-- step 3, statement 15
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 3, statement 16
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 3, statement 17
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 3, statement 18
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 3, statement 19
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 3, statement 20
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 3, statement 21
-- $1 = "-1"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT x._id AS a_id, y._id AS b_id
  FROM recon_data.g_a x JOIN recon_data.g_a y ON (x."ref" = y."ref") AND (x."amount" = (y."amount"::numeric * $1::numeric)) JOIN recon_data.g_a_state sy ON sy._id = y._id
  WHERE (x._id <> y._id) AND (x._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = x._id)) AND (sy.status IN ('RECONCILED', 'RELAX_MATCH', 'PARTIAL_RECONCILED')) AND (NOT EXISTS (SELECT 1 FROM recon_data.g_a_state z WHERE z.match_id = sy.match_id AND z.status = 'LATE_REVERSAL'));

-- step 3, statement 22
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 3, statement 23
-- $1 = 1
SELECT recon_match_ids($1) AS ids;

-- step 3, statement 24
CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP;

-- step 3, statement 25
CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP;

-- step 3, statement 26
TRUNCATE rc_open_a, rc_open_b;

-- step 3, statement 27
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

-- step 3, statement 28
-- $1 = 2
-- $2 = 2
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT p.a_id, 'LATE_REVERSAL', sy.match_id, $1, $2 FROM rc_pairs p JOIN recon_data.g_a_state sy ON sy._id = p.b_id;

-- step 3, statement 29
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;
