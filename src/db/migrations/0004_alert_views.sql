-- The alert views a visitor opens first (alerts on, no other filter) read a precomputed order and summary:
-- alert_rank lists, per period, metric and threshold (1 to 5), the current facilities that changed by at least the
-- threshold, in the list's order (name, then CCN); alert_summary holds those views' summary sums.
CREATE TABLE alert_rank (
  period text NOT NULL,
  metric text NOT NULL,
  threshold smallint NOT NULL,
  provider_name text NOT NULL,
  ccn text NOT NULL,
  PRIMARY KEY (period, metric, threshold, provider_name, ccn)
);

CREATE TABLE alert_summary (
  period text NOT NULL,
  metric text NOT NULL,
  threshold smallint NOT NULL,
  facilities integer NOT NULL,
  residents bigint NOT NULL,
  rated integer NOT NULL,
  rating_sum integer NOT NULL,
  scored integer NOT NULL,
  score_sum double precision NOT NULL,
  PRIMARY KEY (period, metric, threshold)
);

-- The derived tables of an existing database are out of date: the next start or ingest recomputes them.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
