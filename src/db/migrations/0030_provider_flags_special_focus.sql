-- Provider Information's fields about the home itself (docs/api.md, "Special focus and the home's own fields";
-- table 2 of the data dictionary), read from every layout that has them (the 2019-2020 archives' download file
-- names them in short: LBN, PARTICIPATION_DATE, CCRC_FACIL, SFF / SFFStatus, OLDSURVEY, CHOW_LAST_12MOS,
-- RESFAMCOUNCIL, SPRINKLER_STATUS, INHOSP). A layout without a column leaves it null (unknown), never false.
-- * facility gains them, from its newest Provider Information release; its list item and alert rows gain the
--   special focus status ('sff', 'candidate', null when neither or unknown) and the ownership change flag, with
--   partial indexes in the list's order for the `sff` and `ownershipChanged` filters (a few hundred homes each);
-- * special_focus_release: the homes CMS lists as a Special Focus Facility or a candidate, per release (sparse: a
--   home has a row only in the releases that name it so), written with the release's snapshots, for the detail's
--   history of the months a home was on the list.
ALTER TABLE facility
  ADD COLUMN legal_business_name text,
  ADD COLUMN first_approved_date date,
  ADD COLUMN is_ccrc boolean,
  ADD COLUMN is_in_hospital boolean,
  ADD COLUMN special_focus text CHECK (special_focus IN ('sff', 'candidate')),
  ADD COLUMN is_inspection_over_two_years boolean,
  ADD COLUMN ownership_changed boolean,
  ADD COLUMN resident_family_council text,
  ADD COLUMN sprinkler_status text;
CREATE INDEX facility_special_focus_idx ON facility (provider_name, ccn) WHERE special_focus IS NOT NULL;
CREATE INDEX facility_ownership_changed_idx ON facility (provider_name, ccn) WHERE ownership_changed;

ALTER TABLE rating_alert
  ADD COLUMN special_focus text,
  ADD COLUMN ownership_changed boolean;

CREATE TABLE special_focus_release (
  ccn text NOT NULL,
  processing_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('sff', 'candidate')),
  PRIMARY KEY (ccn, processing_date)
);
-- For the removal of a month's rows (a second file of the month, an unpublished load).
CREATE INDEX special_focus_release_date_idx ON special_focus_release (processing_date);

-- Derived: the next start or ingest rebuilds the list items (the fields are null until a Provider Information file
-- is loaded again: the files loaded before were not read for them).
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
