-- The kind of each inspection (docs/api.md, "Inspections, penalties and citations"): a survey's kinds are its
-- citations' flags (standard, complaint, infection control), and /api/citations filters by one of them
-- (`kind=standard|complaint|infectionControl`):
-- * citation_count counts the citations by their three flags too, so that the count of a filtered view still adds
--   up a few kept rows; the counts are made again at the next publication (the 'source' row removed, so that they
--   are counted, not adjusted);
-- * the rarer kinds' pages are read along partial indexes in the page's order (migration 0016), as a page of all
--   citations is read along the whole one.
ALTER TABLE citation_count
  ADD COLUMN is_standard boolean,
  ADD COLUMN is_complaint boolean,
  ADD COLUMN is_infection_control boolean;
DELETE FROM citation_count WHERE kind = 'source';

CREATE INDEX citation_complaint_newest_first_idx ON citation (survey_date DESC, ccn, survey_type, prefix, tag, rank)
  WHERE is_complaint;
CREATE INDEX citation_infection_control_newest_first_idx
  ON citation (survey_date DESC, ccn, survey_type, prefix, tag, rank) WHERE is_infection_control;

UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
