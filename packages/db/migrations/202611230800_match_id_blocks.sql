-- Match ids are handed out in blocks of 65,536 (decision 0007, "match ids"): a run that pairs a million rows asks
-- the sequence for 16 block numbers instead of calling nextval a million times (0.3–0.6 s per million here), and
-- numbers each pair within its blocks. A single new group (a manual match) takes a block of its own. Blocks need
-- not be consecutive, so concurrent runs never wait for each other or overlap.
CREATE SEQUENCE recon_match_block_seq;

-- Every id the old sequence gave out stays below the first block.
SELECT setval('recon_match_block_seq', (SELECT last_value / 65536 + 1 FROM recon_match_seq), true);

-- The base ids of enough blocks for n new groups, in order: group k (from 0) gets ids[k / 65536 + 1] + k % 65536.
CREATE FUNCTION recon_match_ids(n bigint) RETURNS bigint[]
LANGUAGE sql VOLATILE AS $$
  SELECT coalesce(array_agg(nextval('recon_match_block_seq') * 65536 ORDER BY g), '{}')
  FROM generate_series(1, (greatest(n, 0) + 65535) / 65536) g
$$;

-- One new group's id.
CREATE FUNCTION recon_match_id() RETURNS bigint
LANGUAGE sql VOLATILE AS $$ SELECT nextval('recon_match_block_seq') * 65536 $$;

DROP SEQUENCE recon_match_seq;
