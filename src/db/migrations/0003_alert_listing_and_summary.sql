-- Reads at national scale without joins or scans:
-- * rating_alert carries the list columns of the facility (for the current facilities), so the alert-filtered
--   list is one indexed read of the changed facilities;
-- * facility_summary holds the summary cards' sums per state and rating (and per entity, state and rating), so the
--   summary of a view filtered only by rating, states and entities adds up a few rows.
ALTER TABLE rating_alert
  ADD COLUMN is_current boolean NOT NULL DEFAULT false,
  ADD COLUMN provider_name text,
  ADD COLUMN city text,
  ADD COLUMN state text,
  ADD COLUMN overall_rating smallint,
  ADD COLUMN health_inspection_rating smallint,
  ADD COLUMN staffing_rating smallint,
  ADD COLUMN qm_rating smallint,
  ADD COLUMN average_residents_per_day double precision,
  ADD COLUMN health_deficiency_score double precision,
  ADD COLUMN affiliated_entity_name text;

CREATE TABLE facility_summary (
  by_entity boolean NOT NULL,
  affiliated_entity_name text,
  state text,
  overall_rating smallint,
  facilities integer NOT NULL,
  residents bigint NOT NULL,
  rated integer NOT NULL,
  rating_sum integer NOT NULL,
  scored integer NOT NULL,
  score_sum double precision NOT NULL
);
CREATE INDEX facility_summary_entity_idx ON facility_summary (by_entity, affiliated_entity_name);

-- The derived tables of an existing database are out of date: the next start or ingest recomputes them.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
