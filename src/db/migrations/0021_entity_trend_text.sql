-- An affiliated entity's trend, stored: per entity of entity_summary with months in entity_month, the JSON text of
-- GET /api/entities/{name}/trend as entity_trend() writes it, computed at each publication (src/ingest/derive.ts).
-- Reading one row costs about what a facility's detail does; entity_trend() (migration 0008) aggregated a hundred
-- months per request, three times a detail's time. It still answers an entity without a stored row (none of its
-- facilities has a month, or a database migrated but not yet recomputed).
CREATE TABLE entity_trend_text (
  name text PRIMARY KEY,
  body text NOT NULL
);

-- The next start or ingest computes it.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
