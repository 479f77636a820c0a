-- The map's points of the whole nation (every current facility with a position, in name order), stored as the JSON
-- text of GET /api/facilities/points at each publication: the map's first view is then one row to read, not a sort
-- of 15,000 names and an assembly of five arrays (docs/architecture.md, "Places and positions").
CREATE TABLE map_points (
  scope text PRIMARY KEY CHECK (scope = 'national'),
  body text NOT NULL
);

-- The next start or ingest computes it.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
