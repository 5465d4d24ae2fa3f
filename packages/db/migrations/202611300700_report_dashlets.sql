-- Why: a dashlet may show a report config's first rows (issue 15, "dashlets built on report configs"; decision 0037,
-- section 2026-11-27). Such a dashlet has no recon; it names its report, which then cannot be deleted under it (the
-- reports service refuses with the dashlets' names; the foreign key holds if two requests race).

ALTER TABLE dashlet DROP CONSTRAINT dashlet_kind_check;
ALTER TABLE dashlet ADD CONSTRAINT dashlet_kind_check
  CHECK (kind IN ('MATCH_RATE','OPEN_BY_AGE','TREND','TOP_BREAKS','RUNS','REPORT'));
ALTER TABLE dashlet DROP CONSTRAINT dashlet_check;
ALTER TABLE dashlet ADD CONSTRAINT dashlet_recon_check CHECK (kind IN ('RUNS','REPORT') OR recon_id IS NOT NULL);

-- The report a REPORT dashlet shows (also in parameters.reportConfigId, as the calls read it).
ALTER TABLE dashlet ADD COLUMN report_config_id bigint REFERENCES report_config(id);
ALTER TABLE dashlet ADD CONSTRAINT dashlet_report_check CHECK ((kind = 'REPORT') = (report_config_id IS NOT NULL));
CREATE INDEX dashlet_report_config_idx ON dashlet (report_config_id) WHERE report_config_id IS NOT NULL;
