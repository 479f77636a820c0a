-- Schema of the dashboard's data: ingested releases, rating snapshots (history), current facilities,
-- precomputed rating-change alerts and the lookup lists. Kept to SQL that PostgreSQL 15 accepts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row per ingested file (a CMS monthly release or a ratings export).
CREATE TABLE release (
  id serial PRIMARY KEY,
  processing_date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('provider', 'ratings')),
  source text NOT NULL CHECK (source IN ('cms', 'demo', 'files')),
  file_name text NOT NULL,
  checksum text NOT NULL UNIQUE,
  row_count integer NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  duration_ms integer NOT NULL
);
CREATE INDEX release_date_idx ON release (processing_date);

-- The ratings of each facility in each release: the rating history.
CREATE TABLE rating_snapshot (
  ccn text NOT NULL,
  processing_date date NOT NULL,
  overall_rating smallint,
  health_inspection_rating smallint,
  qm_rating smallint,
  long_stay_qm_rating smallint,
  short_stay_qm_rating smallint,
  staffing_rating smallint,
  PRIMARY KEY (ccn, processing_date)
);
CREATE INDEX rating_snapshot_date_idx ON rating_snapshot (processing_date, ccn);

-- The facilities of the newest Provider Information release.
CREATE TABLE facility (
  ccn text PRIMARY KEY,
  provider_name text NOT NULL,
  address text,
  city text,
  state text,
  zip text,
  phone text,
  county text,
  ownership_type text,
  certified_beds integer,
  average_residents_per_day numeric,
  overall_rating smallint,
  health_inspection_rating smallint,
  qm_rating smallint,
  long_stay_qm_rating smallint,
  short_stay_qm_rating smallint,
  staffing_rating smallint,
  health_deficiency_score numeric,
  total_weighted_health_survey_score numeric,
  substantiated_complaints integer,
  infection_control_citations integer,
  fines_total_dollars numeric,
  payment_denials integer,
  rn_staffing_hours_per_resident_per_day numeric,
  total_nursing_staff_turnover numeric,
  administrators_left integer,
  affiliated_entity_name text,
  affiliated_entity_id text,
  latitude double precision,
  longitude double precision,
  processing_date date NOT NULL
);
CREATE INDEX facility_order_idx ON facility (provider_name, ccn);
CREATE INDEX facility_state_idx ON facility (state);
CREATE INDEX facility_entity_idx ON facility (affiliated_entity_name);
CREATE INDEX facility_overall_idx ON facility (overall_rating);
CREATE INDEX facility_name_trgm_idx ON facility USING gin (lower(provider_name) gin_trgm_ops);
CREATE INDEX facility_entity_trgm_idx ON facility USING gin (lower(affiliated_entity_name) gin_trgm_ops);

-- Rating changes per facility between the two snapshots a period compares, computed at ingest.
-- A diff is latest - previous, 0 when either side is missing.
CREATE TABLE rating_alert (
  period text NOT NULL CHECK (period IN ('lastPeriod', 'lastQuarter')),
  ccn text NOT NULL,
  latest_date date NOT NULL,
  previous_date date NOT NULL,
  latest_overall smallint,
  previous_overall smallint,
  overall_diff smallint NOT NULL,
  abs_overall_diff smallint NOT NULL,
  latest_health_inspection smallint,
  previous_health_inspection smallint,
  health_inspection_diff smallint NOT NULL,
  abs_health_inspection_diff smallint NOT NULL,
  latest_staffing smallint,
  previous_staffing smallint,
  staffing_diff smallint NOT NULL,
  abs_staffing_diff smallint NOT NULL,
  latest_qm smallint,
  previous_qm smallint,
  qm_diff smallint NOT NULL,
  abs_qm_diff smallint NOT NULL,
  latest_long_stay_qm smallint,
  previous_long_stay_qm smallint,
  long_stay_qm_diff smallint NOT NULL,
  abs_long_stay_qm_diff smallint NOT NULL,
  latest_short_stay_qm smallint,
  previous_short_stay_qm smallint,
  short_stay_qm_diff smallint NOT NULL,
  abs_short_stay_qm_diff smallint NOT NULL,
  PRIMARY KEY (period, ccn)
);
CREATE INDEX rating_alert_overall_idx ON rating_alert (period, abs_overall_diff);
CREATE INDEX rating_alert_health_inspection_idx ON rating_alert (period, abs_health_inspection_diff);
CREATE INDEX rating_alert_staffing_idx ON rating_alert (period, abs_staffing_diff);
CREATE INDEX rating_alert_qm_idx ON rating_alert (period, abs_qm_diff);
CREATE INDEX rating_alert_long_stay_qm_idx ON rating_alert (period, abs_long_stay_qm_diff);
CREATE INDEX rating_alert_short_stay_qm_idx ON rating_alert (period, abs_short_stay_qm_diff);

CREATE TABLE state_lu (state text PRIMARY KEY);
CREATE TABLE affiliated_entity_name_lu (affiliated_entity_name text PRIMARY KEY);

-- A single row: the data version (bumped by every ingest that changes data) and the version the derived
-- tables (alerts, lookups) were computed for.
CREATE TABLE app_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  data_version integer NOT NULL DEFAULT 0,
  derived_version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO app_state DEFAULT VALUES;
