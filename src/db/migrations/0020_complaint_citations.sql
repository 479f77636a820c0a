-- CMS stopped publishing Provider Information's "Number of Substantiated Complaints" in 2025. The facility detail
-- (and so the comparison) shows instead the home's complaint citations of the last three years from the inspection
-- record: health citations flagged "Complaint Deficiency" (citation.is_complaint) with a survey date in the window
-- of the other three-year figures.
-- * facility_inspection counts them per current facility;
-- * facility copies the count (null when no health citations file is loaded), for the detail answer's
--   complaintCitationsThreeYears. Not a list column: rating_alert and the list item stay as they were.
ALTER TABLE facility_inspection ADD COLUMN complaint_citations integer NOT NULL DEFAULT 0;
ALTER TABLE facility ADD COLUMN complaint_citations_three_years integer;

-- Derived: the next start or ingest computes them.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
