-- The rating changes of the newest 12 releases, for the feeds of rating changes (docs/api.md, "Feeds of rating
-- changes"), computed at each publication (src/ingest/recent-changes.ts) so that a feed page is an indexed read:
-- working them out per request from the snapshots took about 0.9 s for the whole nation.
-- * recent_change: one row per current facility and release (of the newest 12) whose overall, health inspection,
--   staffing or QM rating differs from the facility's previous snapshot (its previous month in the data, as
--   GET /api/facilities/{ccn}/changes has it): the previous snapshot's date, the facility's name (the feed's order
--   within a release) and the changes as a JSON text, [{"metric","from","to"}] in the order overall, health
--   inspection, staffing, QM;
-- * recent_change_basis: the releases (processing date and how many files) the rows were computed from, so that a
--   publication recomputes only the releases whose rows it can change, and how many rows each has (the whole
--   nation's feed counts its entries without reading them).
CREATE TABLE recent_change (
  ccn text NOT NULL,
  processing_date date NOT NULL,
  previous_date date NOT NULL,
  provider_name text NOT NULL,
  changes text NOT NULL,
  PRIMARY KEY (ccn, processing_date)
);
-- The feed's order: newest release first, then the list's (name, CCN).
CREATE INDEX recent_change_order_idx ON recent_change (processing_date DESC, provider_name, ccn);

CREATE TABLE recent_change_basis (
  processing_date date PRIMARY KEY,
  release_count integer NOT NULL,
  entries integer NOT NULL DEFAULT 0
);

-- The next start or ingest computes them.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
