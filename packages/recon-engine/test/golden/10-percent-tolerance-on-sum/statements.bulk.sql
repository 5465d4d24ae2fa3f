-- ==== step 1: run the rules ====

-- step 1, statement 1
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 2
CREATE TEMP TABLE rc_ua ON COMMIT DROP AS SELECT a._id AS u_id, a."settlement" AS k1, a."amount" AS v1
  FROM recon_data.g_a a WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (a."settlement" IS NOT NULL);

-- step 1, statement 3
ANALYZE rc_ua;

-- step 1, statement 4
CREATE TEMP TABLE rc_ub ON COMMIT DROP AS SELECT min(b._id) AS u_id, b."settlement" AS k1, sum((b."amount")::numeric) AS v1
  FROM recon_data.g_b b WHERE (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id)) AND (b."settlement" IS NOT NULL) GROUP BY 2;

-- step 1, statement 5
CREATE TEMP TABLE rc_mb ON COMMIT DROP AS SELECT u.u_id, b._id FROM recon_data.g_b b
  JOIN rc_ub u ON u.k1 = b."settlement" WHERE (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id));

-- step 1, statement 6
ANALYZE rc_ub;

-- step 1, statement 7
-- $1 = "0.5"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT ua.u_id AS a_id, ub.u_id AS b_id, abs((ua.v1)::numeric - (ub.v1)::numeric)::float8 AS s1
  FROM rc_ua ua JOIN rc_ub ub ON ua.k1 = ub.k1
  WHERE (abs((ua.v1)::numeric - (ub.v1)::numeric) <= abs((ua.v1)::numeric) * $1::numeric / 100);

-- step 1, statement 8
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 9
-- $1 = 3
SELECT recon_match_ids($1) AS ids;

-- step 1, statement 10
CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 11
CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 12
TRUNCATE rc_open_a, rc_open_b;

-- step 1, statement 13
-- $1 = <match-id blocks 1>
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

-- step 1, statement 14
SELECT count(*) FROM (SELECT 1 FROM recon_data.g_a_state LIMIT 3) s;

-- step 1, statement 15
TRUNCATE recon_data.g_a_state;

-- step 1, statement 16
-- $1 = "recon_data.g_a_state"
SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def, c.conname
  FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.contype = 'p'
  WHERE i.indrelid = $1::regclass;

-- step 1, statement 17
ALTER TABLE recon_data.g_a_state DROP CONSTRAINT "g_a_state_pkey";

-- step 1, statement 18
-- $1 = "RECONCILED"
-- $2 = 1
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT m._id, $1, g.match_id, $2, $3 FROM rc_pairs g JOIN (SELECT u_id, u_id AS _id FROM rc_ua) m ON m.u_id = g.a_id;

-- step 1, statement 19
ALTER TABLE recon_data.g_a_state ADD CONSTRAINT "g_a_state_pkey" PRIMARY KEY (_id);

-- step 1, statement 20
SELECT count(*) FROM (SELECT 1 FROM recon_data.g_b_state LIMIT 3) s;

-- step 1, statement 21
TRUNCATE recon_data.g_b_state;

-- step 1, statement 22
-- $1 = "recon_data.g_b_state"
SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def, c.conname
  FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.contype = 'p'
  WHERE i.indrelid = $1::regclass;

-- step 1, statement 23
ALTER TABLE recon_data.g_b_state DROP CONSTRAINT "g_b_state_pkey";

-- step 1, statement 24
-- $1 = "RECONCILED"
-- $2 = 1
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT m._id, $1, g.match_id, $2, $3 FROM rc_pairs g JOIN (SELECT u_id, _id FROM rc_mb) m ON m.u_id = g.b_id;

-- step 1, statement 25
ALTER TABLE recon_data.g_b_state ADD CONSTRAINT "g_b_state_pkey" PRIMARY KEY (_id);

-- step 1, statement 26
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 27
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 28
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_a_state) AS empty;

-- step 1, statement 29
SELECT NOT EXISTS (SELECT 1 FROM recon_data.g_b_state) AS empty;

-- step 1, statement 30
-- $1 = "recon_data.g_a"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 31
SELECT count(*)::float8 AS n FROM recon_data.g_a;

-- step 1, statement 32
-- $1 = "recon_data.g_b"
SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass;

-- step 1, statement 33
SELECT count(*)::float8 AS n FROM recon_data.g_b;

-- step 1, statement 34
SELECT current_setting('enable_mergejoin');

-- step 1, statement 35
SET LOCAL enable_mergejoin = 'off';

-- step 1, statement 36
-- $1 = "1"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT a._id AS a_id, b._id AS b_id, abs((a."amount")::numeric - (b."amount")::numeric)::float8 AS s1
  FROM recon_data.g_a a JOIN recon_data.g_b b ON (a."settlement" = b."settlement")
  WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id)) AND (abs((a."amount")::numeric - (b."amount")::numeric) <= abs((a."amount")::numeric) * $1::numeric / 100);

-- step 1, statement 37
-- $1 = "on"
SELECT set_config('enable_mergejoin', $1, true);

-- step 1, statement 38
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 39
-- $1 = 1
SELECT recon_match_ids($1) AS ids;

-- step 1, statement 40
CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 41
CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 42
TRUNCATE rc_open_a, rc_open_b;

-- step 1, statement 43
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

-- step 1, statement 44
SELECT count(*) FROM (SELECT 1 FROM recon_data.g_a_state LIMIT 1) s;

-- step 1, statement 45
-- $1 = "RELAX_MATCH"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT g.a_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.a_id;

-- step 1, statement 46
SELECT count(*) FROM (SELECT 1 FROM recon_data.g_b_state LIMIT 1) s;

-- step 1, statement 47
-- $1 = "RELAX_MATCH"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT g.b_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.b_id;

-- step 1, statement 48
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;
