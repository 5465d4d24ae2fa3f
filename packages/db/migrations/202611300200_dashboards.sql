-- Why: dashboards and dashlets (spec 1 "Dashboard": All Dashboard, Dashlet List, New Dashboard, New Dashlet;
-- issue 15; decision 0037). A dashlet is one figure of a module (a kind over a recon's rows or the module's job
-- runs, a chart type, parameters); a dashboard places dashlets on a 12-column grid. A module with no dashboard gets
-- its default one (is_default) the first time its dashboards are listed.

CREATE TABLE dashlet (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id           bigint NOT NULL REFERENCES module(id),
  name                text NOT NULL,
  kind                text NOT NULL CHECK (kind IN ('MATCH_RATE','OPEN_BY_AGE','TREND','TOP_BREAKS','RUNS')),
  recon_id            bigint REFERENCES recon(id) ON DELETE CASCADE,
  chart_type          text NOT NULL CHECK (chart_type IN ('NUMBER','BAR','LINE','PIE','TABLE')),
  -- {days, dataSourceId, column, limit}: checked by the service against the recon's data sources.
  parameters          jsonb NOT NULL DEFAULT '{}',
  created_by          bigint REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'RUNS') OR recon_id IS NOT NULL)
);
CREATE UNIQUE INDEX dashlet_name_key ON dashlet (module_id, lower(name));
CREATE INDEX dashlet_recon_idx ON dashlet (recon_id);

CREATE TABLE dashboard (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id           bigint NOT NULL REFERENCES module(id),
  name                text NOT NULL,
  is_default          boolean NOT NULL DEFAULT false,
  created_by          bigint REFERENCES app_user(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX dashboard_name_key ON dashboard (module_id, lower(name));
-- One default dashboard per module: two first visits at once make one.
CREATE UNIQUE INDEX dashboard_default_key ON dashboard (module_id) WHERE is_default;

-- Where a dashlet sits on a dashboard (grid units: 12 columns, rows of the grid's row height).
CREATE TABLE dashboard_dashlet (
  dashboard_id        bigint NOT NULL REFERENCES dashboard(id) ON DELETE CASCADE,
  dashlet_id          bigint NOT NULL REFERENCES dashlet(id),
  x                   integer NOT NULL CHECK (x >= 0 AND x < 12),
  y                   integer NOT NULL CHECK (y >= 0),
  w                   integer NOT NULL CHECK (w >= 1 AND w <= 12 AND x + w <= 12),
  h                   integer NOT NULL CHECK (h >= 1),
  PRIMARY KEY (dashboard_id, dashlet_id)
);
CREATE INDEX dashboard_dashlet_dashlet_idx ON dashboard_dashlet (dashlet_id);

-- "Runs and failures": a module's job executions per day.
CREATE INDEX job_execution_module_created_idx ON job_execution (module_id, created_at);
