-- Measures as double precision: aggregates over numeric are an order of magnitude slower in PGlite, and these
-- values (residents, scores, hours, percentages, dollars with cents) need no exact decimal arithmetic.
ALTER TABLE facility
  ALTER COLUMN average_residents_per_day TYPE double precision,
  ALTER COLUMN health_deficiency_score TYPE double precision,
  ALTER COLUMN total_weighted_health_survey_score TYPE double precision,
  ALTER COLUMN fines_total_dollars TYPE double precision,
  ALTER COLUMN rn_staffing_hours_per_resident_per_day TYPE double precision,
  ALTER COLUMN total_nursing_staff_turnover TYPE double precision;

-- Counting 1.5 million snapshots per request is not a read: the ingest records the count.
ALTER TABLE app_state ADD COLUMN snapshot_count integer NOT NULL DEFAULT 0;
UPDATE app_state SET snapshot_count = (SELECT count(*) FROM rating_snapshot);
