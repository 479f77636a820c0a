-- The entity trend's monthly counts in blocks of 100 entities by slot (block = (slot - 1) / 100), one row per block
-- and month. A month's arrays for all entities (600 at national scale, about 7 KB a row) were compressed and partly
-- stored out of line, and reading one entity's trend decompressed every month's arrays (2.9 ms); rows of 100 stay
-- small and inline (0.8 ms). src/ingest/derive.ts writes the blocks (ENTITY_BLOCK).
DROP TABLE IF EXISTS entity_month_next;
DROP TABLE entity_month;
CREATE TABLE entity_month (
  block integer NOT NULL,
  processing_date date NOT NULL,
  release_count integer NOT NULL,
  facilities integer[] NOT NULL,
  rated integer[] NOT NULL,
  rating_sum integer[] NOT NULL,
  PRIMARY KEY (block, processing_date)
);

CREATE OR REPLACE FUNCTION entity_trend(p_name text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  result text;
BEGIN
  SELECT '[' || coalesce(string_agg((SELECT row_to_json(p) FROM (SELECT
      to_char(m.processing_date, 'YYYY-MM-DD') AS "processingDate",
      m.facilities[(e.slot - 1) % 100 + 1] AS facilities,
      m.rating_sum[(e.slot - 1) % 100 + 1]::float8 / nullif(m.rated[(e.slot - 1) % 100 + 1], 0)
        AS "averageOverallRating") p)::text,
    ',' ORDER BY m.processing_date), '') || ']'
  INTO result
  FROM entity_summary e JOIN entity_month m ON m.block = (e.slot - 1) / 100
  WHERE e.name = p_name;
  IF result = '[]' AND NOT EXISTS (SELECT 1 FROM entity_summary WHERE name = p_name) THEN
    RETURN NULL;
  END IF;
  RETURN result;
END
$$;

-- The trend counts are gone: the next start or ingest computes them.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
