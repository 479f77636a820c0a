-- Pages read as stored JSON (see src/db/list-item.ts):
-- * facility.item and rating_alert.item hold each list item's JSON text, written by the ingest; a rating_alert
--   item leaves its ratingAlert open, for alert_item() to close with the view's metric;
-- * alert_rank numbers the facilities of each alert view without other filters (1, 2, ...) in the list's order
--   (name, then CCN), so that a page is a range of positions, as fast at page 50 as at page 1;
-- * alert_page() reads such a page and its view's summary in one call. It is PL/pgSQL because PL/pgSQL keeps a
--   statement's plan for the session: planning this join would otherwise cost more than running it.
ALTER TABLE facility ADD COLUMN item text;
ALTER TABLE rating_alert ADD COLUMN item text;

DROP TABLE alert_rank;
CREATE TABLE alert_rank (
  period text NOT NULL,
  metric text NOT NULL,
  threshold smallint NOT NULL,
  position integer NOT NULL,
  ccn text NOT NULL,
  PRIMARY KEY (period, metric, threshold, position)
);

-- An alert item: its stored text (rating_alert.item, which leaves its two objects open) closed with the ratingAlert's
-- "ratingMetric": metric_json, a JSON string.
CREATE FUNCTION alert_item(item text, metric_json text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT item || ',"ratingMetric":' || metric_json || '}}'
$$;

CREATE FUNCTION alert_page(
  p_period text, p_metric text, p_threshold integer, p_metric_json text, p_skip integer, p_take integer,
  OUT items text, OUT total_facilities integer, OUT total_residents bigint, OUT average_rating float8,
  OUT average_deficiency_score float8
) LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT string_agg(alert_item(a.item, p_metric_json), ',' ORDER BY r.position) INTO items
  FROM alert_rank r JOIN rating_alert a ON a.period = r.period AND a.ccn = r.ccn
  WHERE r.period = p_period AND r.metric = p_metric AND r.threshold = p_threshold
    AND r.position > p_skip AND r.position <= p_skip + p_take;
  SELECT s.facilities, s.residents, s.rating_sum::float8 / nullif(s.rated, 0), s.score_sum / nullif(s.scored, 0)
  INTO total_facilities, total_residents, average_rating, average_deficiency_score
  FROM alert_summary s WHERE s.period = p_period AND s.metric = p_metric AND s.threshold = p_threshold;
END
$$;

-- The meta endpoint names the release the facility list comes from (max(processing_date) over the facilities):
-- an index answers it without reading every facility.
CREATE INDEX facility_processing_date_idx ON facility (processing_date);

-- The derived tables of an existing database are out of date: the next start or ingest recomputes them (and
-- stores the items of the facilities loaded before this migration).
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
