-- ==== step 1: run the rules ====

-- step 1, statement 1
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 2
CREATE TEMP TABLE rc_ua ON COMMIT DROP AS SELECT a._id AS u_id, a."fixing" AS k1, a."rate" AS v1
  FROM recon_data.g_a a WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (a."fixing" IS NOT NULL);

-- step 1, statement 3
ANALYZE rc_ua;

-- step 1, statement 4
CREATE TEMP TABLE rc_ub ON COMMIT DROP AS SELECT min(b._id) AS u_id, b."fixing" AS k1, avg((b."rate")::numeric) AS v1
  FROM recon_data.g_b b WHERE (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id)) AND (b."fixing" IS NOT NULL) GROUP BY 2;

-- step 1, statement 5
CREATE TEMP TABLE rc_mb ON COMMIT DROP AS SELECT u.u_id, b._id FROM recon_data.g_b b
  JOIN rc_ub u ON u.k1 = b."fixing" WHERE (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id));

-- step 1, statement 6
ANALYZE rc_ub;

-- step 1, statement 7
-- $1 = "0"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT ua.u_id AS a_id, ub.u_id AS b_id, abs((ua.v1)::numeric - (ub.v1)::numeric)::float8 AS s1
  FROM rc_ua ua JOIN rc_ub ub ON ua.k1 = ub.k1
  WHERE (ub.v1 BETWEEN ua.v1 - $1::numeric AND ua.v1 + $1::numeric);

-- step 1, statement 8
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 9
-- $1 = 1
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
-- $1 = "RECONCILED"
-- $2 = 1
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT m._id, $1, g.match_id, $2, $3 FROM rc_pairs g JOIN (SELECT u_id, u_id AS _id FROM rc_ua) m ON m.u_id = g.a_id ORDER BY m._id;

-- step 1, statement 15
-- $1 = "RECONCILED"
-- $2 = 1
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT m._id, $1, g.match_id, $2, $3 FROM rc_pairs g JOIN (SELECT u_id, _id FROM rc_mb) m ON m.u_id = g.b_id ORDER BY m._id;

-- step 1, statement 16
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 17
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- step 1, statement 18
CREATE TEMP TABLE rc_ua ON COMMIT DROP AS SELECT a._id AS u_id, a."fixing" AS k1, a."rate" AS v1
  FROM recon_data.g_a a WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (a."fixing" IS NOT NULL);

-- step 1, statement 19
ANALYZE rc_ua;

-- step 1, statement 20
CREATE TEMP TABLE rc_ub ON COMMIT DROP AS SELECT min(b._id) AS u_id, b."fixing" AS k1, avg((b."rate")::numeric) AS v1
  FROM recon_data.g_b b WHERE (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id)) AND (b."fixing" IS NOT NULL) GROUP BY 2;

-- step 1, statement 21
CREATE TEMP TABLE rc_mb ON COMMIT DROP AS SELECT u.u_id, b._id FROM recon_data.g_b b
  JOIN rc_ub u ON u.k1 = b."fixing" WHERE (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id));

-- step 1, statement 22
ANALYZE rc_ub;

-- step 1, statement 23
-- $1 = "0.005"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT ua.u_id AS a_id, ub.u_id AS b_id, abs((ua.v1)::numeric - (ub.v1)::numeric)::float8 AS s1
  FROM rc_ua ua JOIN rc_ub ub ON ua.k1 = ub.k1
  WHERE (ub.v1 BETWEEN ua.v1 - $1::numeric AND ua.v1 + $1::numeric);

-- step 1, statement 24
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 25
-- $1 = 2
SELECT recon_match_ids($1) AS ids;

-- step 1, statement 26
CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 27
CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 28
TRUNCATE rc_open_a, rc_open_b;

-- step 1, statement 29
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

-- step 1, statement 30
-- $1 = "PARTIAL_RECONCILED"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT m._id, $1, g.match_id, $2, $3 FROM rc_pairs g JOIN (SELECT u_id, u_id AS _id FROM rc_ua) m ON m.u_id = g.a_id ORDER BY m._id;

-- step 1, statement 31
-- $1 = "PARTIAL_RECONCILED"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT m._id, $1, g.match_id, $2, $3 FROM rc_pairs g JOIN (SELECT u_id, _id FROM rc_mb) m ON m.u_id = g.b_id ORDER BY m._id;

-- step 1, statement 32
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;
