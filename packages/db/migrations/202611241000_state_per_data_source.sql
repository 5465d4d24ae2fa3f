-- Why: issue 9 / decision 0011 — a verdict belongs to a recon, not to a table. Until now each DATA table had one
-- state table, so two recons over one table (a marketplace file reconciled at settlement level and at order level)
-- overwrote each other's verdicts and the result depended on which ran first. State now lives per data source
-- (recon × table): recon_data."ds<id>_state", same shape as before. The name cannot collide with an admin table
-- (their physical names start with "m<module>_").
--
-- Existing state moves to the data source whose recon made the run that wrote it (recon_run.recon_id); the
-- journal's rows are re-pointed the same way. A state row no run of a recon over the table wrote cannot be
-- attributed to a recon and was never reachable through one: none exist in practice (every change is a run).
ALTER TABLE data_source ADD COLUMN state_table_name text UNIQUE;
ALTER TABLE recon_journal ADD COLUMN data_source_id bigint REFERENCES data_source(id);

DO $$
DECLARE
  ds record;
  state_name text;
BEGIN
  FOR ds IN
    SELECT s.id, s.recon_id, s.data_table_id, t.state_table_name AS old_state
    FROM data_source s JOIN data_table t ON t.id = s.data_table_id
    WHERE t.kind = 'DATA'
    ORDER BY s.id
  LOOP
    state_name := 'ds' || ds.id || '_state';
    EXECUTE format(
      'CREATE TABLE recon_data.%I (_id bigint PRIMARY KEY, status text NOT NULL, match_id bigint, rule_id bigint, '
      'run_id bigint NOT NULL, reconciled_at timestamptz NOT NULL DEFAULT now(), reason text)', state_name);
    EXECUTE format('CREATE INDEX ON recon_data.%I (match_id)', state_name);
    UPDATE data_source SET state_table_name = state_name WHERE id = ds.id;
    IF ds.old_state IS NOT NULL AND to_regclass(format('recon_data.%I', ds.old_state)) IS NOT NULL THEN
      EXECUTE format(
        'INSERT INTO recon_data.%I SELECT s.* FROM recon_data.%I s
         WHERE s.run_id IN (SELECT id FROM recon_run WHERE recon_id = $1) ORDER BY s._id',
        state_name, ds.old_state) USING ds.recon_id;
    END IF;
  END LOOP;

  -- A recon with both sides on one table: its journal rows go to the side with the lower sequence.
  UPDATE recon_journal j SET data_source_id = (
    SELECT s.id FROM recon_run r JOIN data_source s ON s.recon_id = r.recon_id AND s.data_table_id = j.data_table_id
    WHERE r.id = j.run_id ORDER BY s.sequence, s.id LIMIT 1);
  DELETE FROM recon_journal WHERE data_source_id IS NULL;

  FOR ds IN SELECT state_table_name FROM data_table WHERE state_table_name IS NOT NULL LOOP
    EXECUTE format('DROP TABLE IF EXISTS recon_data.%I', ds.state_table_name);
  END LOOP;
END
$$;

ALTER TABLE recon_journal ALTER COLUMN data_source_id SET NOT NULL;
ALTER TABLE recon_journal DROP COLUMN data_table_id;
CREATE INDEX recon_journal_source_row_idx ON recon_journal (data_source_id, row_id);
ALTER TABLE data_table DROP COLUMN state_table_name;
