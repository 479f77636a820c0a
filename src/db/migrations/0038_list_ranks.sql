-- Each facility's place in the whole list of each order (src/db/list-order.ts): name, rating, nurse hours and weekend
-- nurse hours, from 1, computed when the facilities' rows are built at each publication (src/ingest/derive.ts). A
-- page of the unfiltered list is read from its place on (`WHERE name_rank > offset ORDER BY name_rank LIMIT n`)
-- instead of skipping every facility before it.
ALTER TABLE facility
  ADD COLUMN name_rank integer,
  ADD COLUMN rating_rank integer,
  ADD COLUMN nurse_hours_rank integer,
  ADD COLUMN weekend_nurse_hours_rank integer;
CREATE INDEX facility_name_rank_idx ON facility (name_rank);
CREATE INDEX facility_rating_rank_idx ON facility (rating_rank);
CREATE INDEX facility_nurse_hours_rank_idx ON facility (nurse_hours_rank);
CREATE INDEX facility_weekend_nurse_hours_rank_idx ON facility (weekend_nurse_hours_rank);

-- Derived: the next start or ingest rebuilds the facilities' rows with their ranks.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
