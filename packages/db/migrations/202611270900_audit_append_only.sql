-- Issue 11.2: the audit trail could be rewritten. The app's role keeps INSERT and SELECT on audit_log only (the grants
-- are in app-role.ts); this trigger refuses UPDATE, DELETE and TRUNCATE for every role — the owner and a superuser
-- too, short of disabling the trigger — except the maintenance role `recon_maintenance` (retention, decision 0014).
-- Each row is chained: `hash` = sha256 of the previous row's hash and the row's canonical content. Rows are inserted
-- unsealed (seq, prev_hash, hash NULL) so an insert never waits for another transaction; `audit_seal` gives committed
-- unsealed rows their place in the chain, in id order, under the `audit chain` lock (LOCKS in transaction.ts). The
-- only UPDATE let through is that one: unsealed → sealed, content untouched, hash right.

ALTER TABLE audit_log
  ADD COLUMN seq bigint,
  ADD COLUMN prev_hash bytea,
  ADD COLUMN hash bytea,
  ADD CONSTRAINT audit_log_sealed_whole CHECK ((seq IS NULL) = (hash IS NULL));
CREATE UNIQUE INDEX audit_log_seq_idx ON audit_log (seq);
-- The sealer's work list: few rows at any time.
CREATE INDEX audit_log_unsealed_idx ON audit_log (id) WHERE seq IS NULL;

-- The canonical content: a JSON array in a fixed order (jsonb's text form is deterministic), the time in UTC to the
-- microsecond whatever the session's TimeZone, then sha256 over the previous hash and that text.
CREATE FUNCTION audit_row_hash(r audit_log) RETURNS bytea
LANGUAGE sql STABLE AS $$
  SELECT sha256(coalesce(r.prev_hash, '\x'::bytea) || convert_to(jsonb_build_array(
    r.seq, r.id, to_char(r.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.event, r.outcome,
    r.user_id, r.user_name, r.module_id, r.entity_type, r.entity_id, r.ip, r.request_id, r.details)::text, 'UTF8'))
$$;

CREATE FUNCTION audit_log_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_user = 'recon_maintenance' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.seq IS NULL AND NEW.seq IS NOT NULL
     AND (OLD.id, OLD.occurred_at, OLD.event, OLD.outcome, OLD.user_id, OLD.user_name, OLD.module_id, OLD.entity_type,
          OLD.entity_id, OLD.ip, OLD.request_id, OLD.details)
         IS NOT DISTINCT FROM
         (NEW.id, NEW.occurred_at, NEW.event, NEW.outcome, NEW.user_id, NEW.user_name, NEW.module_id, NEW.entity_type,
          NEW.entity_id, NEW.ip, NEW.request_id, NEW.details)
     AND NEW.hash = audit_row_hash(NEW) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused for role %', TG_OP, current_user
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_guard();

-- Seals up to `batch` committed unsealed rows, oldest id first, after the last sealed row; answers how many. Runs as
-- its owner (SECURITY DEFINER) so the app's role needs no UPDATE on audit_log, only EXECUTE on this function.
CREATE FUNCTION audit_seal(batch integer DEFAULT 10000) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  last_seq bigint;
  last_hash bytea;
  r audit_log;
  sealed integer := 0;
BEGIN
  SELECT seq, hash INTO last_seq, last_hash FROM audit_log WHERE seq IS NOT NULL ORDER BY seq DESC LIMIT 1;
  last_seq := coalesce(last_seq, 0);
  FOR r IN SELECT * FROM audit_log WHERE seq IS NULL ORDER BY id LIMIT batch FOR UPDATE LOOP
    r.seq := last_seq + 1;
    r.prev_hash := last_hash;
    r.hash := audit_row_hash(r);
    UPDATE audit_log SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    last_seq := r.seq;
    last_hash := r.hash;
    sealed := sealed + 1;
  END LOOP;
  RETURN sealed;
END;
$$;
REVOKE ALL ON FUNCTION audit_seal(integer) FROM PUBLIC;

-- The maintenance role: no login; an operator with the right to SET ROLE to it (GRANT recon_maintenance TO <admin>)
-- deletes old rows for retention. Created here when this migration may create roles; else by the operator.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'recon_maintenance')
     AND EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolcreaterole)) THEN
    CREATE ROLE recon_maintenance NOLOGIN;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'recon_maintenance') THEN
    GRANT SELECT, UPDATE, DELETE, TRUNCATE ON audit_log TO recon_maintenance;
  END IF;
END;
$$;
