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
-- $1 = 1
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
-- $1 = "5"
CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
  SELECT a._id AS a_id, b._id AS b_id, abs((a."amount")::numeric - (b."amount")::numeric)::float8 AS s1
  FROM recon_data.g_a a JOIN recon_data.g_b b ON (upper(btrim(a."ref")) = upper(btrim(b."ref")))
  WHERE (a._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_a_state st WHERE st._id = a._id)) AND (b._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM recon_data.g_b_state st WHERE st._id = b._id)) AND (b."amount" BETWEEN a."amount" - $1::numeric AND a."amount" + $1::numeric);

-- step 1, statement 31
-- $1 = "on"
SELECT set_config('enable_mergejoin', $1, true);

-- step 1, statement 32
CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP;

-- step 1, statement 33
-- $1 = 2
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
-- $1 = "PROPOSE_MATCH"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id)
  SELECT g.a_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.a_id;

-- step 1, statement 39
-- $1 = "PROPOSE_MATCH"
-- $2 = 2
-- $3 = 1
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id)
  SELECT g.b_id, $1, g.match_id, $2, $3 FROM rc_pairs g ORDER BY g.b_id;

-- step 1, statement 40
DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb;

-- ==== step 2: accept group A1 ====

-- step 2, statement 1
-- $1 = 2
-- $2 = 1
-- $3 = [1]
-- $4 = "{\"status\":\"RECONCILED\"}"
INSERT INTO recon_journal (run_id, data_source_id, row_id, old_state, new_state)
  SELECT $1, $2, s._id, to_jsonb(s) - '_id', $4::jsonb FROM recon_data.g_a_state s WHERE s._id = ANY($3::bigint[]);

-- step 2, statement 2
-- $1 = [1]
-- $2 = "RECONCILED"
-- $3 = 2
-- $4 = null
UPDATE recon_data.g_a_state SET status = $2, run_id = $3, reason = coalesce($4, reason), reconciled_at = now()
  WHERE _id = ANY($1::bigint[]);

-- step 2, statement 3
-- $1 = 2
-- $2 = 2
-- $3 = [1]
-- $4 = "{\"status\":\"RECONCILED\"}"
INSERT INTO recon_journal (run_id, data_source_id, row_id, old_state, new_state)
  SELECT $1, $2, s._id, to_jsonb(s) - '_id', $4::jsonb FROM recon_data.g_b_state s WHERE s._id = ANY($3::bigint[]);

-- step 2, statement 4
-- $1 = [1]
-- $2 = "RECONCILED"
-- $3 = 2
-- $4 = null
UPDATE recon_data.g_b_state SET status = $2, run_id = $3, reason = coalesce($4, reason), reconciled_at = now()
  WHERE _id = ANY($1::bigint[]);

-- ==== step 3: reject group A3 ====

-- step 3, statement 1
-- $1 = 3
-- $2 = 1
-- $3 = [3]
-- $4 = null
INSERT INTO recon_journal (run_id, data_source_id, row_id, old_state, new_state)
  SELECT $1, $2, s._id, to_jsonb(s) - '_id', $4::jsonb FROM recon_data.g_a_state s WHERE s._id = ANY($3::bigint[]);

-- step 3, statement 2
-- $1 = [3]
DELETE FROM recon_data.g_a_state WHERE _id = ANY($1::bigint[]);

-- step 3, statement 3
-- $1 = 3
-- $2 = 2
-- $3 = [3]
-- $4 = null
INSERT INTO recon_journal (run_id, data_source_id, row_id, old_state, new_state)
  SELECT $1, $2, s._id, to_jsonb(s) - '_id', $4::jsonb FROM recon_data.g_b_state s WHERE s._id = ANY($3::bigint[]);

-- step 3, statement 4
-- $1 = [3]
DELETE FROM recon_data.g_b_state WHERE _id = ANY($1::bigint[]);

-- ==== step 4: roll back run 1 ====

-- step 4, statement 1
-- $1 = 1
SELECT DISTINCT j.run_id FROM recon_journal j JOIN recon_run r ON r.id = j.run_id AND r.status <> 'ROLLED_BACK'
  WHERE j.run_id > $1 AND (j.old_state->>'run_id')::bigint = $1;

-- step 4, statement 2
-- $1 = 1
SELECT DISTINCT s.run_id FROM recon_data.g_a_state s
  WHERE s.run_id > $1 AND s.match_id IN (SELECT match_id FROM (SELECT match_id FROM recon_data.g_a_state WHERE run_id = $1 AND match_id IS NOT NULL UNION SELECT match_id FROM recon_data.g_b_state WHERE run_id = $1 AND match_id IS NOT NULL) g);

-- step 4, statement 3
-- $1 = 1
SELECT DISTINCT s.run_id FROM recon_data.g_b_state s
  WHERE s.run_id > $1 AND s.match_id IN (SELECT match_id FROM (SELECT match_id FROM recon_data.g_a_state WHERE run_id = $1 AND match_id IS NOT NULL UNION SELECT match_id FROM recon_data.g_b_state WHERE run_id = $1 AND match_id IS NOT NULL) g);

-- ==== step 5: roll back run 3 ====

-- step 5, statement 1
-- $1 = 3
SELECT DISTINCT j.run_id FROM recon_journal j JOIN recon_run r ON r.id = j.run_id AND r.status <> 'ROLLED_BACK'
  WHERE j.run_id > $1 AND (j.old_state->>'run_id')::bigint = $1;

-- step 5, statement 2
-- $1 = 3
SELECT DISTINCT s.run_id FROM recon_data.g_a_state s
  WHERE s.run_id > $1 AND s.match_id IN (SELECT match_id FROM (SELECT match_id FROM recon_data.g_a_state WHERE run_id = $1 AND match_id IS NOT NULL UNION SELECT match_id FROM recon_data.g_b_state WHERE run_id = $1 AND match_id IS NOT NULL) g);

-- step 5, statement 3
-- $1 = 3
SELECT DISTINCT s.run_id FROM recon_data.g_b_state s
  WHERE s.run_id > $1 AND s.match_id IN (SELECT match_id FROM (SELECT match_id FROM recon_data.g_a_state WHERE run_id = $1 AND match_id IS NOT NULL UNION SELECT match_id FROM recon_data.g_b_state WHERE run_id = $1 AND match_id IS NOT NULL) g);

-- step 5, statement 4
-- $1 = 3
DELETE FROM recon_data.g_a_state WHERE run_id = $1;

-- step 5, statement 5
-- $1 = 3
-- $2 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id, reconciled_at, reason)
  SELECT DISTINCT ON (j.row_id) j.row_id, o.status, o.match_id, o.rule_id, o.run_id, o.reconciled_at, o.reason
  FROM recon_journal j, jsonb_to_record(j.old_state) AS o(status text, match_id bigint, rule_id bigint, run_id bigint,
       reconciled_at timestamptz, reason text)
  WHERE j.run_id = $1 AND j.data_source_id = $2 AND j.old_state IS NOT NULL
  ORDER BY j.row_id, j.id;

-- step 5, statement 6
-- $1 = 3
DELETE FROM recon_data.g_b_state WHERE run_id = $1;

-- step 5, statement 7
-- $1 = 3
-- $2 = 2
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id, reconciled_at, reason)
  SELECT DISTINCT ON (j.row_id) j.row_id, o.status, o.match_id, o.rule_id, o.run_id, o.reconciled_at, o.reason
  FROM recon_journal j, jsonb_to_record(j.old_state) AS o(status text, match_id bigint, rule_id bigint, run_id bigint,
       reconciled_at timestamptz, reason text)
  WHERE j.run_id = $1 AND j.data_source_id = $2 AND j.old_state IS NOT NULL
  ORDER BY j.row_id, j.id;

-- ==== step 6: roll back run 2 ====

-- step 6, statement 1
-- $1 = 2
SELECT DISTINCT j.run_id FROM recon_journal j JOIN recon_run r ON r.id = j.run_id AND r.status <> 'ROLLED_BACK'
  WHERE j.run_id > $1 AND (j.old_state->>'run_id')::bigint = $1;

-- step 6, statement 2
-- $1 = 2
SELECT DISTINCT s.run_id FROM recon_data.g_a_state s
  WHERE s.run_id > $1 AND s.match_id IN (SELECT match_id FROM (SELECT match_id FROM recon_data.g_a_state WHERE run_id = $1 AND match_id IS NOT NULL UNION SELECT match_id FROM recon_data.g_b_state WHERE run_id = $1 AND match_id IS NOT NULL) g);

-- step 6, statement 3
-- $1 = 2
SELECT DISTINCT s.run_id FROM recon_data.g_b_state s
  WHERE s.run_id > $1 AND s.match_id IN (SELECT match_id FROM (SELECT match_id FROM recon_data.g_a_state WHERE run_id = $1 AND match_id IS NOT NULL UNION SELECT match_id FROM recon_data.g_b_state WHERE run_id = $1 AND match_id IS NOT NULL) g);

-- step 6, statement 4
-- $1 = 2
DELETE FROM recon_data.g_a_state WHERE run_id = $1;

-- step 6, statement 5
-- $1 = 2
-- $2 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id, reconciled_at, reason)
  SELECT DISTINCT ON (j.row_id) j.row_id, o.status, o.match_id, o.rule_id, o.run_id, o.reconciled_at, o.reason
  FROM recon_journal j, jsonb_to_record(j.old_state) AS o(status text, match_id bigint, rule_id bigint, run_id bigint,
       reconciled_at timestamptz, reason text)
  WHERE j.run_id = $1 AND j.data_source_id = $2 AND j.old_state IS NOT NULL
  ORDER BY j.row_id, j.id;

-- step 6, statement 6
-- $1 = 2
DELETE FROM recon_data.g_b_state WHERE run_id = $1;

-- step 6, statement 7
-- $1 = 2
-- $2 = 2
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id, reconciled_at, reason)
  SELECT DISTINCT ON (j.row_id) j.row_id, o.status, o.match_id, o.rule_id, o.run_id, o.reconciled_at, o.reason
  FROM recon_journal j, jsonb_to_record(j.old_state) AS o(status text, match_id bigint, rule_id bigint, run_id bigint,
       reconciled_at timestamptz, reason text)
  WHERE j.run_id = $1 AND j.data_source_id = $2 AND j.old_state IS NOT NULL
  ORDER BY j.row_id, j.id;

-- ==== step 7: roll back run 1 ====

-- step 7, statement 1
-- $1 = 1
SELECT DISTINCT j.run_id FROM recon_journal j JOIN recon_run r ON r.id = j.run_id AND r.status <> 'ROLLED_BACK'
  WHERE j.run_id > $1 AND (j.old_state->>'run_id')::bigint = $1;

-- step 7, statement 2
-- $1 = 1
SELECT DISTINCT s.run_id FROM recon_data.g_a_state s
  WHERE s.run_id > $1 AND s.match_id IN (SELECT match_id FROM (SELECT match_id FROM recon_data.g_a_state WHERE run_id = $1 AND match_id IS NOT NULL UNION SELECT match_id FROM recon_data.g_b_state WHERE run_id = $1 AND match_id IS NOT NULL) g);

-- step 7, statement 3
-- $1 = 1
SELECT DISTINCT s.run_id FROM recon_data.g_b_state s
  WHERE s.run_id > $1 AND s.match_id IN (SELECT match_id FROM (SELECT match_id FROM recon_data.g_a_state WHERE run_id = $1 AND match_id IS NOT NULL UNION SELECT match_id FROM recon_data.g_b_state WHERE run_id = $1 AND match_id IS NOT NULL) g);

-- step 7, statement 4
-- $1 = 1
DELETE FROM recon_data.g_a_state WHERE run_id = $1;

-- step 7, statement 5
-- $1 = 1
-- $2 = 1
INSERT INTO recon_data.g_a_state (_id, status, match_id, rule_id, run_id, reconciled_at, reason)
  SELECT DISTINCT ON (j.row_id) j.row_id, o.status, o.match_id, o.rule_id, o.run_id, o.reconciled_at, o.reason
  FROM recon_journal j, jsonb_to_record(j.old_state) AS o(status text, match_id bigint, rule_id bigint, run_id bigint,
       reconciled_at timestamptz, reason text)
  WHERE j.run_id = $1 AND j.data_source_id = $2 AND j.old_state IS NOT NULL
  ORDER BY j.row_id, j.id;

-- step 7, statement 6
-- $1 = 1
DELETE FROM recon_data.g_b_state WHERE run_id = $1;

-- step 7, statement 7
-- $1 = 1
-- $2 = 2
INSERT INTO recon_data.g_b_state (_id, status, match_id, rule_id, run_id, reconciled_at, reason)
  SELECT DISTINCT ON (j.row_id) j.row_id, o.status, o.match_id, o.rule_id, o.run_id, o.reconciled_at, o.reason
  FROM recon_journal j, jsonb_to_record(j.old_state) AS o(status text, match_id bigint, rule_id bigint, run_id bigint,
       reconciled_at timestamptz, reason text)
  WHERE j.run_id = $1 AND j.data_source_id = $2 AND j.old_state IS NOT NULL
  ORDER BY j.row_id, j.id;
