-- Issue 9 §C: ingestion of any delimited, fixed-width or XLSX file. A config may now read fixed-width text,
-- files without a header (columns by position) and skip rows that are not data (footer, summary rows,
-- patterns); a file keeps how many rows were skipped and why, and — even when nothing of it loaded — why its
-- rows failed (reasons per column with counts and samples, the first failing rows).
-- Mapping-level settings (date patterns, number format, column number, fixed-width positions) live in the
-- mappings JSON, which older rows lack: readers take their absence as the old behaviour.

ALTER TABLE file_upload_config DROP CONSTRAINT file_upload_config_file_kind_check;
ALTER TABLE file_upload_config
  ADD CONSTRAINT file_upload_config_file_kind_check CHECK (file_kind IN ('csv', 'xlsx', 'fixed_width'));
ALTER TABLE file_upload_config ADD COLUMN has_header boolean NOT NULL DEFAULT true;
-- { bottomRows, blankColumns: [file column], patterns: [{ column | null, pattern }] }
ALTER TABLE file_upload_config ADD COLUMN skip_rules jsonb NOT NULL DEFAULT '{}'::jsonb;

ALTER TABLE uploaded_file ADD COLUMN skipped_rows integer;
-- [{ reason, count }] per skip rule that took rows out.
ALTER TABLE uploaded_file ADD COLUMN skip_summary jsonb;
-- { reasons: [{ column, problem, count, samples }], firstRows: [{ rowNo, reasons, values }] }
ALTER TABLE uploaded_file ADD COLUMN rejection_summary jsonb;
