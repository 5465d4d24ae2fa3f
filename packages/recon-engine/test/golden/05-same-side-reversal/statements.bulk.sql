-- ==== step 1: run the rules ====

-- step 1, statement 1
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 2
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 3
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 4
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 5
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 6
-- $1 = "-1"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT x._id AS a_id, y._id AS b_id
  FROM recon_data.g_a x JOIN recon_data.g_a y ON (x."ref" = y."ref") AND (x."amount" = (y."amount"::numeric * $1::numeric)) WHERE (x._id <> y._id) AND (x._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = x._id)) AND (y._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = y._id)) AND (x."kind" <> y."kind");

-- step 1, statement 7
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 8
ANALYZE rc_cand;

-- step 1, statement 9
-- $1 = 6
SELECT recon_match_ids($1) AS ids;

-- step 1, statement 10
-- $1 = <match-id blocks 1>
WITH
    u AS (SELECT a_id AS r, b_id AS q FROM rc_cand
          UNION ALL SELECT b_id, a_id FROM rc_cand),
    best AS MATERIALIZED (SELECT DISTINCT ON (r) r, q FROM u ORDER BY r, q)
  INSERT INTO rc_pairs (a_id, b_id, match_id)
  SELECT n.a_id, n.b_id, ($1::bigint[])[n.k / 65536 + 1] + n.k % 65536
  FROM (SELECT p.a_id, p.b_id, row_number() OVER () - 1 AS k FROM (SELECT p.r AS a_id, p.q AS b_id FROM best p JOIN best o ON o.r = p.q AND o.q = p.r WHERE p.r < p.q) p) n;

-- step 1, statement 11
CREATE TEMP TABLE rc_left ON COMMIT DROP AS SELECT c.* FROM rc_cand c WHERE NOT EXISTS (SELECT 1 FROM rc_pairs p WHERE p.a_id = c.a_id) AND NOT EXISTS (SELECT 1 FROM rc_pairs p WHERE p.b_id = c.a_id) AND NOT EXISTS (SELECT 1 FROM rc_pairs p WHERE p.a_id = c.b_id) AND NOT EXISTS (SELECT 1 FROM rc_pairs p WHERE p.b_id = c.b_id);

-- step 1, statement 12
DROP TABLE rc_cand;

-- step 1, statement 13
ALTER TABLE rc_left RENAME TO rc_cand;

-- step 1, statement 14
SELECT count(*) FROM rc_cand;

-- step 1, statement 15
-- $1 = 1
-- $2 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT unnest(ARRAY[p.a_id, p.b_id]), 'SAME_SIDE_REVERSAL', p.match_id, $1, $2 FROM rc_pairs p;

-- step 1, statement 16
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 17
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 18
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_a_state) AS empty;

-- step 1, statement 19
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_b_state) AS empty;

-- step 1, statement 20
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 21
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 22
-- $1 = "recon_data.g_b"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 23
SELECT count(*)::float8 AS n FROM recon_data.g_b;

-- step 1, statement 24
SELECT current_setting('enable_mergejoin');

-- step 1, statement 25
SET LOCAL enable_mergejoin = 'off';

-- step 1, statement 26
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT a._id AS a_id, b._id AS b_id
  FROM recon_data.g_a a JOIN recon_data.g_b b ON (a."ref" = b."ref") AND (a."amount" = b."amount")
  WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (b._recon_status = 'UNRECONCILED');

-- step 1, statement 27
-- $1 = "on"
SELECT set_config('enable_mergejoin', $1, true);

-- step 1, statement 28
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 29
-- $1 = 2
SELECT recon_match_ids($1) AS ids;

-- step 1, statement 30
CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 31
CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 32
TRUNCATE rc_open_a, rc_open_b;

-- step 1, statement 33
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

-- step 1, statement 34
SELECT count(*) FROM (SELECT 1 FROM recon_data.g_a_state LIMIT 2) s;

-- step 1, statement 35
-- $1 = "RECONCILED"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT g.a_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.a_id;

-- step 1, statement 36
SELECT count(*) FROM (SELECT 1 FROM recon_data.g_b_state LIMIT 2) s;

-- step 1, statement 37
TRUNCATE recon_data.g_b_state;

-- step 1, statement 38
-- $1 = "recon_data.g_b_state"
SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def, c.conname
  FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.contype = 'p'
  WHERE i.indrelid = $1::regclass;

-- step 1, statement 39
ALTER TABLE recon_data.g_b_state DROP CONSTRAINT "g_b_state_pkey";

-- step 1, statement 40
-- $1 = "RECONCILED"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT g.b_id, $1, g.match_id, $2, $3 FROM rc_pairs g;

-- step 1, statement 41
ALTER TABLE recon_data.g_b_state ADD CONSTRAINT "g_b_state_pkey" PRIMARY KEY (_id);

-- step 1, statement 42
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;
