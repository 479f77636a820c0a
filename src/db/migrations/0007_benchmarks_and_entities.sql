-- Benchmarks, affiliated entities and rating changes (docs/api.md), read without aggregating per request:
-- * benchmark: per state and for the nation ('national'), the JSON text of the averages of the current facilities;
-- * entity_summary: per affiliated entity, the JSON text of its summary and its slot (1, 2, ... in name order);
-- * entity_month: per month, the counts of the entity trend as arrays indexed by slot (facilities with a snapshot
--   that month, those with an overall rating, the sum of those ratings). One row a month, so that a load that adds a
--   month without replacing the facilities computes only that month and copies the others cheaply
--   (src/ingest/derive.ts): the full CMS history is published after each file. release_count is the number of
--   releases of the month when it was computed (a month still being published counts as 1): a second file for a
--   month adds a release, and the month is computed again.
CREATE TABLE benchmark (
  scope text PRIMARY KEY,
  body text NOT NULL
);

CREATE TABLE entity_summary (
  name text PRIMARY KEY,
  slot integer NOT NULL,
  body text NOT NULL
);

CREATE TABLE entity_month (
  processing_date date PRIMARY KEY,
  release_count integer NOT NULL,
  facilities integer[] NOT NULL,
  rated integer[] NOT NULL,
  rating_sum integer[] NOT NULL
);

-- An entity's trend: one point per month, ascending, as one compact JSON text (null for an unknown entity).
CREATE FUNCTION entity_trend(p_name text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  result text;
BEGIN
  SELECT '[' || coalesce(string_agg((SELECT row_to_json(p) FROM (SELECT
      to_char(m.processing_date, 'YYYY-MM-DD') AS "processingDate",
      m.facilities[e.slot] AS facilities,
      m.rating_sum[e.slot]::float8 / nullif(m.rated[e.slot], 0) AS "averageOverallRating") p)::text,
    ',' ORDER BY m.processing_date), '') || ']'
  INTO result
  FROM entity_summary e CROSS JOIN entity_month m
  WHERE e.name = p_name;
  IF result = '[]' AND NOT EXISTS (SELECT 1 FROM entity_summary WHERE name = p_name) THEN
    RETURN NULL;
  END IF;
  RETURN result;
END
$$;

-- The rating changes of one facility, newest first, as one JSON text (null when the CCN is unknown: neither a
-- current facility nor a snapshot). PL/pgSQL keeps the statement's plan for the session: planning the window query
-- would otherwise cost about as much as running it. Months a load has written but not yet published (staged_month)
-- are not served, as in the history.
CREATE FUNCTION rating_changes(p_ccn text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  result text;
BEGIN
  SELECT '[' || coalesce(string_agg((SELECT row_to_json(o) FROM (SELECT
      to_char(t.processing_date, 'YYYY-MM-DD') AS "processingDate",
      to_char(t.previous_date, 'YYYY-MM-DD') AS "previousProcessingDate",
      c.metric, c.from_rating AS "from", c.to_rating AS "to") o)::text,
    ',' ORDER BY t.processing_date DESC, c.position), '') || ']'
  INTO result
  FROM (
    SELECT s.processing_date,
      lag(s.processing_date) OVER w AS previous_date,
      s.overall_rating, lag(s.overall_rating) OVER w AS previous_overall,
      s.health_inspection_rating, lag(s.health_inspection_rating) OVER w AS previous_health_inspection,
      s.staffing_rating, lag(s.staffing_rating) OVER w AS previous_staffing,
      s.qm_rating, lag(s.qm_rating) OVER w AS previous_qm
    FROM rating_snapshot s
    WHERE s.ccn = p_ccn
      AND NOT EXISTS (SELECT 1 FROM staged_month m WHERE m.processing_date = s.processing_date)
    WINDOW w AS (ORDER BY s.processing_date)
  ) t
  CROSS JOIN LATERAL (VALUES
    (1, 'overallRating', t.previous_overall, t.overall_rating),
    (2, 'healthInspectionRating', t.previous_health_inspection, t.health_inspection_rating),
    (3, 'staffingRating', t.previous_staffing, t.staffing_rating),
    (4, 'qmRating', t.previous_qm, t.qm_rating)
  ) AS c(position, metric, from_rating, to_rating)
  WHERE c.from_rating IS NOT NULL AND c.to_rating IS NOT NULL AND c.from_rating <> c.to_rating;
  IF result = '[]' AND NOT EXISTS (SELECT 1 FROM facility WHERE ccn = p_ccn)
     AND NOT EXISTS (SELECT 1 FROM rating_snapshot WHERE ccn = p_ccn) THEN
    RETURN NULL;
  END IF;
  RETURN result;
END
$$;

-- The derived tables of an existing database lack the new ones: the next start or ingest computes them.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
